/**
 * The clock seam. The engine reads time only through a `Now` function, so tests drive calibration,
 * warm-up and stopping with a fake clock, and the real one is read only around whole batches.
 */
import type { ClockInfo } from '../../results/types.js';

/** Monotonic time in nanoseconds. */
export type Now = () => number;

const hrtime = process.hrtime.bigint;

/** `process.hrtime.bigint()` as a number: ~50 ns a read on this machine kind (docs/design.md §3), 1 ns steps. */
export const hrtimeNow: Now = () => Number(hrtime());

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
