/**
 * Every pass after timing, in the order they run: one line each. Their switches are the run's
 * options everywhere — the CLI's flags (cli/run-command.ts), `ubench --help` (cli/help.ts), the
 * API's options (api.ts), `RunOptions.passes` and the results file's `settings` — all read from
 * here; test/unit/pass-registry.test.ts holds each of them to it.
 */
import type { RuntimeName } from '../../results/runtime-identity.js';
import { allocSitesPass } from './alloc-sites/alloc-sites-pass.js';
import { coveragePass } from './coverage/coverage-pass.js';
import { disasmPass } from './disasm/disasm-pass.js';
import { gcBoundPass } from './gc-cost/gc-bound-pass.js';
import { gcCostPass } from './gc-cost/gc-cost-pass.js';
import { heapSnapshotPass } from './heap-snapshot/heap-snapshot-pass.js';
import { instructionsPass } from './instructions/instructions-pass.js';
import type { PassSelection, PassSwitch } from './post-timing-pass.js';
import { pretenuringOffPass } from './pretenuring-off/pretenuring-off-pass.js';
import { profilePass } from './profile/profile-pass.js';

export const POST_TIMING_PASSES = [pretenuringOffPass, gcCostPass, gcBoundPass, allocSitesPass, profilePass, disasmPass, instructionsPass, heapSnapshotPass, coveragePass] as const;

/** The own flags of the passes that cannot run on the runtime (what reports list as not available there). */
export function passFlagsNotOn(runtime: RuntimeName): string[] {
  return POST_TIMING_PASSES.filter((pass) => !(pass.runsOn as readonly RuntimeName[]).includes(runtime)).flatMap((pass): string[] => (pass.switches.length === 0 ? [] : [pass.switches[0].flag]));
}

/** Every switch of every pass, in the order of the passes. */
export const PASS_SWITCHES: readonly PassSwitch[] = POST_TIMING_PASSES.flatMap((pass): readonly PassSwitch[] => pass.switches);

/** The name of each pass switch: `gcCost`, `allocSites`, `profile`, `disasm`, `instructions`, `cacheSim`. */
export type PassKey = (typeof POST_TIMING_PASSES)[number]['switches'][number]['key'];

/** Every switch off: what a run that asks for no pass has (`ab`, `probe`). */
export const NO_PASSES: Readonly<Record<PassKey, boolean>> = passSelection({});

/** The switches asked for (by key; absent means off), with what each one implies turned on too. */
export function passSelection(asked: Readonly<Partial<Record<PassKey, boolean>>>): Readonly<Record<PassKey, boolean>> {
  const selection: Record<string, boolean> = {};
  for (const s of PASS_SWITCHES) selection[s.key] = (asked as Readonly<Record<string, boolean | undefined>>)[s.key] === true;
  for (const s of PASS_SWITCHES) if (s.implies !== undefined && selection[s.key] === true) selection[s.implies] = true;
  return selection as Record<PassKey, boolean>;
}

/** What the results file's `settings` keep of the selection: each pass's own switch (an implying switch is not a setting of its own). */
export function passSettings(selection: PassSelection): Record<string, boolean> {
  return Object.fromEntries(PASS_SWITCHES.filter((s) => s.implies === undefined).map((s) => [s.key, selection[s.key] === true]));
}
