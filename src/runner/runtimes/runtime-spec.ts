/**
 * `--runtime node,bun,deno,node@22,chromium`: which runtimes to run every bench file under, in
 * order (the first is the one the others are compared with). Parsing only; finding them is
 * find-runtime.ts.
 */
import type { RuntimeName } from '../../results/runtime-identity.js';
import { UsageError } from '../usage-error.js';

export interface RuntimeSpec {
  /** As written (`node@22`): the runtime's column heading and the key of its results. */
  label: string;
  kind: RuntimeName;
  /** A version prefix (`22`, `22.11`) for `node@<version>`; null: whichever is found. */
  version: string | null;
}

const KINDS: readonly RuntimeName[] = ['node', 'bun', 'deno', 'chromium'];

/** The runtimes of a run without `--runtime`: the Node that runs ubench. */
export const DEFAULT_RUNTIMES: readonly RuntimeSpec[] = [{ label: 'node', kind: 'node', version: null }];

export function parseRuntimeList(text: string): RuntimeSpec[] {
  const specs = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(parseRuntime);
  if (specs.length === 0) throw new UsageError('--runtime needs at least one runtime (node, bun, deno, node@<version>, chromium)');
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.label)) throw new UsageError(`--runtime lists ${spec.label} twice`);
    seen.add(spec.label);
  }
  return specs;
}

function parseRuntime(text: string): RuntimeSpec {
  const match = /^([a-z]+)(?:@(\d+(?:\.\d+){0,2}))?$/.exec(text.toLowerCase());
  const kind = match?.[1] as RuntimeName | undefined;
  if (match === null || kind === undefined || !KINDS.includes(kind)) {
    throw new UsageError(`--runtime: unknown runtime "${text}" (known: node, bun, deno, node@<version>, chromium)`);
  }
  const version = match[2] ?? null;
  if (version !== null && kind !== 'node') throw new UsageError(`--runtime: a version can be asked of node only (node@22), not of ${kind}`);
  return { label: text.toLowerCase(), kind, version };
}
