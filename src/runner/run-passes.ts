/**
 * The passes after timing, per bench file, each in fresh processes configured for it (one folder per
 * pass under passes/): bytes/op with pretenuring off (automatic, where some allocation was born
 * old), GC-free samples (`--gc-cost`), allocation sites (`--alloc-sites`), CPU profiles
 * (`--profile`), the measured loop's machine code (`--disasm`) and instructions per operation
 * (`--instructions`), in that order.
 */
import { allocSitesPass } from './passes/alloc-sites/alloc-sites-pass.js';
import { disasmPass } from './passes/disasm/disasm-pass.js';
import { gcCostPass } from './passes/gc-cost/gc-cost-pass.js';
import type { PassContext, PassOptions, PostTimingPass } from './passes/post-timing-pass.js';
import { profilePass } from './passes/profile/profile-pass.js';
import { instructionsPass } from './passes/instructions/instructions-pass.js';
import { pretenuringOffPass } from './passes/pretenuring-off/pretenuring-off-pass.js';
import type { RuntimeName } from '../results/runtime-identity.js';

export type { PassContext, PassOptions } from './passes/post-timing-pass.js';

/** Every pass, in the order they run. */
export const POST_TIMING_PASSES: readonly PostTimingPass[] = [pretenuringOffPass, gcCostPass, allocSitesPass, profilePass, disasmPass, instructionsPass];

/** Whether any pass after timing may run (the automatic ones always may). */
export const anyPass = (options: PassOptions): boolean => POST_TIMING_PASSES.some((pass) => pass.enabled(options));

/** The passes asked for that a runtime cannot run, by their options (e.g. `--gc-cost`). */
export const passesNotOn = (options: PassOptions, runtime: RuntimeName): string[] =>
  POST_TIMING_PASSES.filter((pass) => pass.automatic !== true && pass.enabled(options) && !pass.runsOn.includes(runtime)).map((pass) => pass.option);

/** Runs the passes asked for that the request's runtime can run. */
export async function runPasses(options: PassOptions, context: PassContext): Promise<void> {
  for (const pass of POST_TIMING_PASSES) {
    if (context.childOptions.signal?.aborted === true) return;
    if (pass.enabled(options) && pass.runsOn.includes(context.request.runtime?.kind ?? 'node')) await pass.run(context, options);
  }
}
