/**
 * Wald–Wolfowitz runs test about the median: do values taken in order cluster in time?
 *
 * Each value is marked above or below the series' median (values equal to it are left out), and
 * the runs — maximal stretches of one mark — are counted. For exchangeable values (any order as
 * likely as any other: independent draws from one distribution) the count has mean 2ab/(a+b) + 1
 * and variance 2ab(2ab − a − b)/((a+b)²(a+b−1)), a and b the two marks' counts (Wald & Wolfowitz,
 * 1940); the normal approximation is used. Too few runs mean long stretches above and below: the
 * level moved during the series (steps, drift, bursts lasting several values).
 */
import { normalCdf } from './normal.js';
import { median } from './quantile.js';

/** Below this many marked values on either side the normal approximation is not used (z = 0). */
const MIN_PER_SIDE = 10;

export interface RunsTest {
  runs: number;
  expected: number;
  /** Standardized count: strongly negative when the values cluster in time. */
  z: number;
  /** One-sided p-value of this few runs or fewer under exchangeability. */
  pClustered: number;
}

export function runsTest(values: readonly number[]): RunsTest {
  const center = values.length === 0 ? 0 : median(values);
  let above = 0;
  let below = 0;
  let runs = 0;
  let last = 0;
  for (const v of values) {
    const mark = v > center ? 1 : v < center ? -1 : 0;
    if (mark === 0) continue;
    if (mark === 1) above++;
    else below++;
    if (mark !== last) runs++;
    last = mark;
  }
  const total = above + below;
  const product = 2 * above * below;
  const expected = total === 0 ? 0 : product / total + 1;
  if (above < MIN_PER_SIDE || below < MIN_PER_SIDE) return { runs, expected, z: 0, pClustered: 1 };
  const variance = (product * (product - total)) / (total * total * (total - 1));
  const z = (runs - expected) / Math.sqrt(variance);
  return { runs, expected, z, pClustered: normalCdf(z) };
}
