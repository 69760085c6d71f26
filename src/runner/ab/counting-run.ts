/**
 * What a process of an A/B compared on instructions (`ab`/`bisect --metric instructions`) measures
 * besides the count. The verdict reads instructions per op alone; the timing before the count only
 * plans its regions (a unit of the body's time rounded down to a power of two, and bytes/op so that
 * a region runs free of collections: runner/passes/instructions/), and the counting process warms the
 * body up on its own budget, not the user's `--warmup`. So the timing runs on a short budget, as
 * `--quick` does (time and bytes/op; no probes, GC share apart, retention stretch or automatic
 * passes), and the count is asked for: the same count, seconds less per benchmark and process.
 */
import { passSelection } from '../passes/pass-registry.js';
import type { RunOptions } from '../run-options.js';

/**
 * Sampling budget of the timing that plans the count: 100 ms. A region unit is rounded down to a
 * power of two of 2 ms of the body's time, so an estimate off by tens of percent plans the same unit
 * or the next; and the count is a slope over regions, which a unit of another size does not move.
 */
export const COUNT_PLAN_TIME_NS = 100e6;

/** Warm-up cap of the timing that plans the count: 100 ms (the counting process warms up on its own budget). */
export const COUNT_PLAN_WARMUP_NS = 100e6;

/** The options of a process whose benchmarks are compared on instructions: the count, after a short planning timing. */
export function countingRunOptions(run: RunOptions): RunOptions {
  return {
    ...run,
    quick: true,
    timeBudgetNs: Math.min(run.timeBudgetNs, COUNT_PLAN_TIME_NS),
    warmupMaxNs: Math.min(run.warmupMaxNs, COUNT_PLAN_WARMUP_NS),
    passes: passSelection({ instructions: true, cacheSim: run.passes['cacheSim'] === true }),
  };
}
