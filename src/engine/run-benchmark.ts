/** Measures one declared benchmark in this process: its loop, its floor, warm-up and samples. */
import type { DeclaredBenchmark } from '../define/types.js';
import { createBatchRunner } from './batch-runner.js';
import { hrtimeNow } from './clock.js';
import type { Sink } from './codegen.js';
import type { MeasuredBenchmark } from './events.js';
import { FloorCache } from './floor.js';
import { measure, type MeasureConfig } from './measure.js';

/** Where every generated loop publishes its last result. Exported so V8 cannot prove it unread. */
export const sink: Sink = { value: undefined };

let floors: FloorCache | null = null;

export async function runBenchmark(
  bench: DeclaredBenchmark,
  config: MeasureConfig,
  rng: () => number,
  onPhase: (phase: 'floor' | 'warmup' | 'sample') => void,
): Promise<MeasuredBenchmark> {
  const runner = await createBatchRunner(bench, hrtimeNow, sink);
  floors ??= new FloorCache(hrtimeNow, sink, rng, config);
  onPhase('floor');
  const floorNsPerOp = await floors.floorFor(runner.mode, runner.call);
  const measured = await measure({ runBatch: (n) => runner.runBatch(n), now: hrtimeNow, rng, onPhase }, config);
  return { ...measured, mode: runner.mode, floorNsPerOp };
}
