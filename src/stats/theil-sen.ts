/**
 * Theil–Sen line fit: the slope is the median of the slopes of every pair of points with distinct
 * xs, so up to ~29% of the points may be wild (a garbage collection in a sample) without moving it.
 * Used where a sample's time is `fixed + perOp · n` over a wide range of n and the fixed part is
 * noisy.
 *
 * The slope's interval is Sen's distribution-free one: the ranks into the sorted pairwise slopes
 * come from the normal approximation of Kendall's S under independence, with its variance corrected
 * for tied xs and ys (the form scipy's `theilslopes` uses, ranks rounded half to even as numpy
 * does). The intercept is the median of the residuals `y − slope · x` ("joint"); its interval is
 * the order-statistic interval of that median, widened to the residual medians at the two ends of
 * the slope's interval, so the slope's uncertainty is carried into it (conservative).
 */
import { DEFAULT_CONFIDENCE, requireConfidence } from './confidence.js';
import { medianWithInterval } from './median-ci.js';
import { normalCdf } from './normal.js';
import { median, sortAscending } from './quantile.js';
import { requireNoNaN } from './validate.js';

export interface TheilSenFit {
  slope: number;
  slopeLower: number;
  slopeUpper: number;
  intercept: number;
  interceptLower: number;
  interceptUpper: number;
  /** Pairs of points with distinct xs: how many slopes the median was taken of. */
  pairs: number;
}

/** Bisection steps for the normal quantile: far past the precision of a double on [−40, 40]. */
const QUANTILE_STEPS = 200;

/** The standard normal quantile of p, by bisection on the CDF. */
function normalQuantile(p: number): number {
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < QUANTILE_STEPS && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Rounds to the nearest integer, ties to even (numpy's `round`), so ranks match scipy's. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Σ t(t − 1)(2t + 5) over the groups of equal values: the tie correction of Kendall's S variance. */
function tieTerm(values: readonly number[]): number {
  const sorted = sortAscending(values);
  let sum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    const t = j - i;
    if (t > 1) sum += t * (t - 1) * (2 * t + 5);
    i = j;
  }
  return sum;
}

/**
 * Fits y ≈ intercept + slope · x robustly (see the module comment).
 *
 * @returns null with fewer than 3 points or when all xs are equal.
 * @throws RangeError when xs and ys differ in length or hold a NaN, or the confidence is not in (0, 1).
 */
export function theilSen(xs: readonly number[], ys: readonly number[], confidence: number = DEFAULT_CONFIDENCE): TheilSenFit | null {
  if (xs.length !== ys.length) throw new RangeError(`theilSen: xs and ys must have the same length, got ${xs.length} and ${ys.length}`);
  requireNoNaN(xs, 'theilSen (xs)');
  requireNoNaN(ys, 'theilSen (ys)');
  requireConfidence(confidence, 'theilSen');
  const n = xs.length;
  if (n < 3) return null;
  const slopes: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = xs[j]! - xs[i]!;
      if (dx > 0) slopes.push((ys[j]! - ys[i]!) / dx);
    }
  }
  if (slopes.length === 0) return null;
  slopes.sort((a, b) => a - b);
  const slope = median(slopes);
  const z = normalQuantile((1 + confidence) / 2);
  // Ties in both xs and ys can take the corrected variance below 0 (all points tied): no spread of ranks then.
  const sigma = Math.sqrt(Math.max(0, (n * (n - 1) * (2 * n + 5) - tieTerm(xs) - tieTerm(ys)) / 18));
  const count = slopes.length;
  const upperRank = Math.min(roundHalfEven((count + z * sigma) / 2), count - 1);
  const lowerRank = Math.max(roundHalfEven((count - z * sigma) / 2) - 1, 0);
  const slopeLower = slopes[Math.min(lowerRank, count - 1)]!;
  const slopeUpper = slopes[Math.max(upperRank, 0)]!;
  const residuals = (b: number): number[] => xs.map((x, i) => ys[i]! - b * x);
  const atSlope = residuals(slope);
  const intercept = median(atSlope);
  const ci = atSlope.length >= 6 ? medianWithInterval(atSlope, confidence) : { lower: Math.min(...atSlope), upper: Math.max(...atSlope) };
  const ends = [median(residuals(slopeLower)), median(residuals(slopeUpper))];
  return {
    slope,
    slopeLower,
    slopeUpper,
    intercept,
    interceptLower: Math.min(ci.lower, ...ends),
    interceptUpper: Math.max(ci.upper, ...ends),
    pairs: count,
  };
}
