/**
 * Sample quantiles by linear interpolation between order statistics: Hyndman & Fan's definition 7,
 * the default of R's `quantile()`, numpy's `quantile()` and Excel's `PERCENTILE.INC`.
 */

import { interpolateOrdered } from './interpolate.js';
import { medianInPlace } from './select.js';
import { requireNoNaN, requireSample } from './validate.js';

/**
 * Returns a sorted copy of `values` (ascending numeric order, not JavaScript's default string
 * order). The input is not modified. An empty input gives an empty array.
 *
 * @throws RangeError when a value is NaN.
 */
export function sortAscending(values: readonly number[]): number[] {
  requireNoNaN(values, 'sortAscending');
  // A typed-array sort is numeric by definition and much faster than a comparator sort.
  return Array.from(Float64Array.from(values).sort());
}

/**
 * Estimates the p-quantile from values already sorted ascending, by R type 7: with
 * h = (n − 1)·p, the result interpolates linearly between the order statistics at 0-based
 * positions ⌊h⌋ and ⌈h⌉. p = 0 gives the minimum, p = 1 the maximum, p = 0.5 the usual median.
 *
 * Assumes `sorted` is sorted ascending and NaN-free; this is not re-checked (it would cost O(n)
 * per call). The result always lies between the two order statistics it interpolates.
 *
 * @throws RangeError when `sorted` is empty or p is outside [0, 1].
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) {
    throw new RangeError('quantileSorted: expected at least one value, got an empty array');
  }
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`quantileSorted: p must be in [0, 1], got ${p}`);
  }
  const h = (n - 1) * p;
  const below = Math.floor(h);
  const low = sorted[below]!;
  if (below === n - 1) return low;
  return interpolateOrdered(low, sorted[below + 1]!, h - below);
}

/**
 * Sample median (R type 7: the middle value for odd n, the mean of the two middle values for even
 * n), in expected O(n) time by selection on a copy. The input is not modified.
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function median(values: readonly number[]): number {
  requireSample(values, 'median');
  return medianInPlace(Float64Array.from(values));
}
