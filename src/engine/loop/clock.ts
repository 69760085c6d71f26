/**
 * The clock seam. The engine reads time only through a `Now` function, so tests drive calibration,
 * warm-up and stopping with a fake clock, and the real one is read only around whole batches.
 */
import type { ClockInfo } from '../../results/types.js';
import { THIS_RUNTIME_TRAITS } from '../../results/runtimes/this-runtime.js';

/** Monotonic time in nanoseconds. */
export type Now = () => number;

/** Node's and Bun's clock; absent in a browser page (whose `process` is ubench's stand-in). */
const hrtime = (process as { hrtime?: { bigint?: () => bigint } }).hrtime?.bigint;

/**
 * Added to `performance.now()` readings so they are never small integers: it counts from process (or
 * page) start, and while its nanoseconds fit a Smi (the first ~1.07 s) V8 specializes the measured
 * loop's `now() - start` for Smis, then deoptimizes it ("not a Smi", measured with Deno 2.9.6).
 * 2⁴⁰ ns keeps every reading a double with sub-nanosecond steps for 90 days.
 */
const PERFORMANCE_CLOCK_OFFSET_NS = 2 ** 40;

/**
 * `process.hrtime.bigint()` as a number: ~50 ns a read on this machine kind (docs/design.md §3), 1 ns
 * steps (its values are always far beyond Smis). On Deno, `performance.now()` (the same ~100 ns steps
 * there as its hrtime, which in turn deoptimized the loops it was inlined into: "not a Smi"); in a
 * browser page, `performance.now()` too (5 µs steps in a cross-origin-isolated page).
 */
const readHrtime = hrtime;
export const hrtimeNow: Now = readHrtime !== undefined && THIS_RUNTIME_TRAITS.clock === 'hrtime' ? () => Number(readHrtime()) : () => performance.now() * 1e6 + PERFORMANCE_CLOCK_OFFSET_NS;

/** Reads per timing round when measuring the clock's cost; enough to dwarf the two enclosing reads. */
const CLOCK_COST_READS = 2_000;
/** Rounds; the cheapest round is taken, since interruptions only ever add time. */
const CLOCK_COST_ROUNDS = 25;
/** Consecutive read pairs inspected for the smallest non-zero step. */
const CLOCK_RESOLUTION_PAIRS = 20_000;

/** Measures the cost of one clock read and its resolution (smallest non-zero step). */
export function measureClock(now: Now = hrtimeNow): ClockInfo {
  let costNs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < CLOCK_COST_ROUNDS; round++) {
    const start = now();
    let last = start;
    for (let i = 0; i < CLOCK_COST_READS; i++) last = now();
    costNs = Math.min(costNs, (last - start) / CLOCK_COST_READS);
  }
  let resolutionNs = Number.POSITIVE_INFINITY;
  let previous = now();
  for (let i = 0; i < CLOCK_RESOLUTION_PAIRS; i++) {
    const current = now();
    const step = current - previous;
    if (step > 0 && step < resolutionNs) resolutionNs = step;
    previous = current;
  }
  return { costNs, resolutionNs: Number.isFinite(resolutionNs) ? resolutionNs : costNs };
}
