/** Moment-based summaries: mean, sample variance, sample standard deviation. */

import { requireSample } from './validate.js';

/**
 * Arithmetic mean.
 *
 * Computed as sum / n followed by one correction pass (adding the mean of the residuals), which
 * recovers most of the rounding error of the plain sum. A constant sample returns its value
 * exactly. Infinite values give ±Infinity (or NaN for +∞ and −∞ together).
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function mean(values: readonly number[]): number {
  requireSample(values, 'mean');
  return meanOf(values);
}

function meanOf(values: readonly number[]): number {
  const first = values[0]!;
  let allEqual = true;
  let sum = 0;
  for (const v of values) {
    sum += v;
    if (v !== first) allEqual = false;
  }
  if (allEqual) return first;
  const rough = sum / values.length;
  if (!Number.isFinite(rough)) return rough;
  let residual = 0;
  for (const v of values) residual += v - rough;
  return rough + residual / values.length;
}

/**
 * Unbiased sample variance, Σ(x − x̄)² / (n − 1), matching numpy's `var(ddof=1)` and R's `var`.
 *
 * Uses the corrected two-pass algorithm (Chan, Golub & LeVeque 1983): squares are taken around
 * the mean, and the second term removes the rounding error left in that mean. This stays accurate
 * for values with a large common offset (e.g. nanosecond timestamps), where Σx² − n·x̄² would not.
 * Returns 0 for a single value (no spread can be observed) and exactly 0 for a constant sample.
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function variance(values: readonly number[]): number {
  requireSample(values, 'variance');
  const n = values.length;
  if (n === 1) return 0;
  const m = meanOf(values);
  let sumSquares = 0;
  let sumDeviations = 0;
  for (const v of values) {
    const d = v - m;
    sumSquares += d * d;
    sumDeviations += d;
  }
  const result = (sumSquares - (sumDeviations * sumDeviations) / n) / (n - 1);
  // Rounding can leave a tiny negative for (near-)constant data; NaN (from infinite inputs) passes through.
  return Math.max(result, 0);
}

/**
 * Sample standard deviation: the square root of the (n − 1) sample variance. 0 for one value.
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function stddev(values: readonly number[]): number {
  return Math.sqrt(variance(values));
}
