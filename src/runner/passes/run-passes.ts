/**
 * The passes after timing, per bench file, each in fresh processes configured for it (one folder per
 * pass under passes/, listed in passes/pass-registry.ts): bytes/op with pretenuring off (automatic,
 * where some allocation was born old), GC-free samples (`--gc-cost`), allocation sites
 * (`--alloc-sites`), CPU profiles (`--profile`), the measured loop's machine code (`--disasm`) and
 * instructions per operation (`--instructions`), in that order.
 */
import { passEnabled, passRunsOn, type PassContext, type PassOptions } from './post-timing-pass.js';
import { POST_TIMING_PASSES } from './pass-registry.js';
import type { RuntimeName } from '../../results/runtime-identity.js';

export type { PassContext, PassOptions } from './post-timing-pass.js';

/** Whether any pass after timing may run on a runtime (the automatic ones always may). */
export const anyPassOn = (options: PassOptions, runtime: RuntimeName): boolean => POST_TIMING_PASSES.some((pass) => passEnabled(pass, options) && passRunsOn(pass, runtime));

/** The passes asked for that a runtime cannot run, by their flags (e.g. `--gc-cost`). */
export const passesNotOn = (options: PassOptions, runtime: RuntimeName): string[] =>
  POST_TIMING_PASSES.filter((pass) => pass.switches.length > 0 && passEnabled(pass, options) && !passRunsOn(pass, runtime)).map((pass) => pass.switches[0]!.flag);

/** Before any measuring: each pass asked for checks it can run here (throws a one-line usage error). */
export function preflightPasses(options: PassOptions): void {
  for (const pass of POST_TIMING_PASSES) if (passEnabled(pass, options)) (pass as { preflight?: () => void }).preflight?.();
}

/** Runs the passes asked for that the request's runtime can run. */
export async function runPasses(options: PassOptions, context: PassContext): Promise<void> {
  for (const pass of POST_TIMING_PASSES) {
    if (context.childOptions.signal?.aborted === true) return;
    if (passEnabled(pass, options) && passRunsOn(pass, context.request.runtime?.kind ?? 'node')) await pass.run(context, options);
  }
}
