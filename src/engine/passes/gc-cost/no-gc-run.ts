/**
 * The GC-free measurement behind `--gc-cost` (seed 001: measure a cost by eliminating it). It runs
 * in a process started with a young generation large enough for a whole sample (and pretenuring
 * off, so every small allocation is young); every sample starts right after a forced full GC
 * (untimed), which also finishes a marking cycle in progress (a young-generation GC left one running
 * into the samples of a body that keeps its objects alive), and holds no more iterations than fit,
 * so no GC runs inside it. GCs that start inside a sample anyway are counted, so the parent can
 * refuse a figure that is not GC-free.
 */
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import type { NoGcRun } from '../../../results/gc-cost-types.js';
import { createBatchRunner } from '../../loop/batch-runner.js';
import { hrtimeNow } from '../../loop/clock.js';
import { fullGc } from '../../memory/forced-gc.js';
import { RegionGcCounter } from '../../memory/gc-in-regions.js';
import { ensureOptimized } from '../../loop/jit-tier.js';
import { measure } from '../../loop/measure.js';
import type { PassContext } from '../pass-process.js';
import { RegionObserver } from '../../loop/timed-region.js';

export type { NoGcRun };

const observer = new RegionObserver();

export async function runWithoutGc(
  bench: DeclaredBenchmark,
  context: Pick<PassContext, 'config' | 'rng' | 'jitControl' | 'sink'>,
  { maxIterationsPerSample, semiSpaceMiB }: { maxIterationsPerSample: number | null; semiSpaceMiB: number },
  onPhase: (phase: 'warmup' | 'sample') => void,
): Promise<NoGcRun> {
  const collectAll = fullGc();
  if (collectAll === null) throw new Error('this Node build cannot force a garbage collection, so GC-free samples cannot be prepared');
  const runner = await createBatchRunner(bench, hrtimeNow, context.sink, observer);
  const counter = new RegionGcCounter();
  const config = maxIterationsPerSample === null ? context.config : { ...context.config, maxSampleIterations: maxIterationsPerSample };
  const measured = await measure(
    {
      runBatch: (n) => runner.runBatch(n),
      untimedNsPerOp: () => runner.untimedNsPerOp,
      // Called before each sample only (not before the calibration and settling batches between the
      // warm-up and the first sample, which fill the young generation and may collect it): GCs are
      // counted from the first sample on. Not charged to the budget before the minimum count of
      // samples: a full GC of a large live heap (a ring of a million records: tens of ms) would
      // otherwise spend it and leave too few.
      beforeSample() {
        collectAll();
        observer.current = counter;
      },
      now: hrtimeNow,
      rng: context.rng,
      ensureOptimized() {
        if (context.jitControl !== null) ensureOptimized(context.jitControl, runner.tierTarget.fn);
      },
      onPhase,
    },
    config,
  );
  observer.current = null;
  const gc = await counter.stop();
  return { ...measured, gcCountInSamples: gc.count, maxIterationsPerSample, semiSpaceMiB };
}
