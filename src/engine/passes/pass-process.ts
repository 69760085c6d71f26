/**
 * What the passes after timing share in their process: the context they run in, and getting a
 * benchmark's measured code warmed up and optimized before the pass looks at it.
 */
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import { createBatchRunner, type BatchRunner } from '../loop/batch-runner.js';
import { hrtimeNow } from '../loop/clock.js';
import type { LoopSpec, Sink } from '../loop/codegen.js';
import { ensureOptimized, type JitControl } from '../loop/jit-tier.js';
import { warmUp, type MeasureConfig } from '../loop/measure.js';
import type { TimedRegionHooks } from '../loop/timed-region.js';

export interface PassContext {
  config: MeasureConfig;
  rng: () => number;
  jitControl: JitControl | null;
  sink: Sink;
  cwd: string;
  /** Absolute path of the bench file. */
  file: string;
  /** Whether a (cwd-relative or absolute) source location is ubench's own code. */
  isHarness: (location: string) => boolean;
}

/** A pass's warm-up only has to get the code optimized, not steady to the percent: half a second at most. */
export const PASS_WARMUP_MAX_NS = 500e6;

/** The benchmark's batch runner, warmed up (within PASS_WARMUP_MAX_NS) and its measured code optimized. */
export async function warmedUpRunner(
  bench: DeclaredBenchmark,
  context: Pick<PassContext, 'config' | 'rng' | 'jitControl' | 'sink'>,
  hooks: TimedRegionHooks,
  loopOptions: Pick<LoopSpec, 'lineOffset'> = {},
): Promise<BatchRunner> {
  const runner = await createBatchRunner(bench, hrtimeNow, context.sink, hooks, loopOptions);
  const config = { ...context.config, warmupMaxNs: Math.min(context.config.warmupMaxNs, PASS_WARMUP_MAX_NS) };
  await warmUp({ runBatch: (n) => runner.runBatch(n), untimedNsPerOp: () => runner.untimedNsPerOp, now: hrtimeNow, rng: context.rng }, config);
  if (context.jitControl !== null) ensureOptimized(context.jitControl, runner.tierTarget.fn);
  return runner;
}
