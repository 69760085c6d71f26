/**
 * The user's flags for the benchmark processes (`--node-flags`) beside ubench's own: where they
 * cannot go, and how to tell them apart in what a process reports.
 */
import type { RuntimeTarget } from '../../engine/process/events.js';
import { UsageError } from '../usage-error.js';

/**
 * Flags that cannot reach a runtime are a usage error before anything runs, never dropped: Bun runs
 * JavaScriptCore, which takes no Node or V8 flags; Deno takes them as one comma-separated
 * `--v8-flags`, which a flag holding a comma would split.
 */
export function refuseNodeFlagsOn(targets: readonly RuntimeTarget[], nodeFlags: readonly string[]): void {
  if (nodeFlags.length === 0) return;
  const bun = targets.find((t) => t.kind === 'bun');
  if (bun !== undefined) {
    throw new UsageError(`--node-flags cannot be passed to ${bun.label}: Bun runs JavaScriptCore, which takes no Node or V8 flags (drop --node-flags or ${bun.label} from --runtime)`);
  }
  const deno = targets.find((t) => t.kind === 'deno');
  const comma = nodeFlags.find((flag) => flag.includes(','));
  if (deno !== undefined && comma !== undefined) {
    throw new UsageError(`--node-flags cannot pass "${comma}" to ${deno.label}: Deno takes V8 flags as one comma-separated --v8-flags, which the comma would split`);
  }
}

/** The flags a process reported, without the user's (each removed once): what ubench added itself. */
export function harnessFlags(reported: readonly string[], user: readonly string[]): string[] {
  const left = [...user];
  return reported.filter((flag) => {
    const at = left.indexOf(flag);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}
