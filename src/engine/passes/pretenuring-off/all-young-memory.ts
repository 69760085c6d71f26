/**
 * bytes/op where every allocation is young: this process was started with
 * `--no-allocation-site-pretenuring`, so V8 never moves an allocation site to the old generation
 * and the memory phase's young-generation count (exact to the byte) sees everything the body
 * allocates. A pretenured ring body of `{ id, tags: [k, k + 1] }` reads its true 104 B here (object
 * 40 B, array 32 B, elements 32 B; docs/memory.md). The harness is subtracted as in the timing
 * process: the empty loop of the same kind, warmed up the same way.
 */
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import type { PretenuringOffReading } from '../../../results/types.js';
import { createBatchRunner } from '../../loop/batch-runner.js';
import { hrtimeNow } from '../../loop/clock.js';
import { emptyBenchmark } from '../../loop/floor.js';
import { warmUp } from '../../loop/measure.js';
import { RegionObserver } from '../../loop/timed-region.js';
import { measureMemory } from '../../memory/memory-phase.js';
import { PASS_WARMUP_MAX_NS, warmedUpRunner, type PassContext } from '../pass-process.js';

const observer = new RegionObserver();

/** What the timing process saw of a benchmark, to size the pretenuring-off pass's regions the same way. */
export interface AllYoungPlan {
  baseIterations: number;
  nsPerOp: number;
}

export async function measureAllYoung(bench: DeclaredBenchmark, context: Pick<PassContext, 'config' | 'rng' | 'jitControl' | 'sink'>, plan: AllYoungPlan): Promise<PretenuringOffReading> {
  const runner = await warmedUpRunner(bench, context, observer);
  const empty = await createBatchRunner(emptyBenchmark(runner.mode, runner.call), hrtimeNow, context.sink, observer);
  const config = { ...context.config, warmupMaxNs: Math.min(context.config.warmupMaxNs, PASS_WARMUP_MAX_NS) };
  await warmUp({ runBatch: (n) => empty.runBatch(n), now: hrtimeNow, rng: context.rng }, config);
  const info = await measureMemory(runner, empty, observer, plan.baseIterations, plan.nsPerOp, context.config.timeBudgetNs);
  if (info === null) return failedAllYoung('no allocation reading could be had in the pretenuring-off process');
  const accounting = info.accounting!;
  return {
    status: 'measured',
    reason: null,
    bytesPerOp: info.bytesPerOp,
    exact: accounting.heapExact,
    deterministic: info.deterministic,
    iterations: info.iterations,
    readings: info.readings,
    oldGenerationBytesPerOp: accounting.oldGenerationBytesPerOp,
  };
}

export function failedAllYoung(reason: string): PretenuringOffReading {
  return { status: 'failed', reason, bytesPerOp: 0, exact: false, deterministic: false, iterations: 0, readings: [], oldGenerationBytesPerOp: 0 };
}
