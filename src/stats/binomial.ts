/**
 * Binomial probabilities that stay accurate for large n (tested to n = 100 000 and beyond).
 *
 * The point probabilities use Loader's saddle-point expansion (C. Loader, "Fast and Accurate
 * Computation of Binomial Probabilities", 2000; the method behind R's dbinom): the log pmf is
 * assembled from Stirling-series remainders and a deviance term, each small, instead of the
 * difference of log-factorials of size n·log n, which would cancel away ~10 digits at n = 10⁵.
 * Everything stays in log space until the final exponential, so tails far below 10⁻³⁰⁸ are
 * represented as log values rather than underflowing early.
 */

/** ln √(2π), the constant of Stirling's formula. */
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
/** Up to this m the Stirling remainder is computed from ln m! directly (m! is exact in a double up to 18!); Loader uses a table to 15. */
const STIRLING_DIRECT_MAX = 15;
// Coefficients of Stirling's series for ln m! (Bernoulli numbers B₂ₖ / (2k(2k−1)); Loader 2000, eq. 2).
/** First Stirling-series coefficient, 1/12. */
const STIRLING_S0 = 1 / 12;
/** Second Stirling-series coefficient, 1/360. */
const STIRLING_S1 = 1 / 360;
/** Third Stirling-series coefficient, 1/1260. */
const STIRLING_S2 = 1 / 1260;
/** Fourth Stirling-series coefficient, 1/1680. */
const STIRLING_S3 = 1 / 1680;
/** Fifth Stirling-series coefficient, 1/1188; for m > 15 the omitted sixth term is ≈ 1e-16 or less. */
const STIRLING_S4 = 1 / 1188;
/** Below this relative gap |x − μ| / (x + μ) the deviance is summed as a series to avoid cancellation (Loader 2000 uses 0.1). */
const DEVIANCE_SERIES_THRESHOLD = 0.1;
/** Safety cap on series terms; with |v| < 0.1 the series converges to double precision in < 20 terms. */
const DEVIANCE_SERIES_MAX_TERMS = 1000;
/** Tail sums stop once the bound on the remaining terms is below this fraction of the sum (≈ half an ulp). */
const TAIL_RELATIVE_TOLERANCE = 2 ** -54;

/** Stirling remainder ln m! − [(m + ½) ln m − m + ln √(2π)], for integer m ≥ 1. */
function stirlingRemainder(m: number): number {
  if (m <= STIRLING_DIRECT_MAX) {
    let factorial = 1;
    for (let i = 2; i <= m; i++) factorial *= i;
    return Math.log(factorial) - (m + 0.5) * Math.log(m) + m - LN_SQRT_2PI;
  }
  const inv2 = 1 / (m * m);
  return (STIRLING_S0 - (STIRLING_S1 - (STIRLING_S2 - (STIRLING_S3 - STIRLING_S4 * inv2) * inv2) * inv2) * inv2) / m;
}

/** Deviance term x·ln(x/μ) + μ − x for x, μ > 0, accurate when x ≈ μ. */
function deviance(x: number, mu: number): number {
  const gap = x - mu;
  const total = x + mu;
  if (Math.abs(gap) < DEVIANCE_SERIES_THRESHOLD * total) {
    // x ln(x/μ) = 2x·artanh(v) with v = (x − μ)/(x + μ); expand artanh as v + v³/3 + v⁵/5 + …
    const v = gap / total;
    const v2 = v * v;
    let sum = gap * v;
    let term = 2 * x * v;
    for (let j = 1; j < DEVIANCE_SERIES_MAX_TERMS; j++) {
      term *= v2;
      const next = sum + term / (2 * j + 1);
      if (next === sum) return next;
      sum = next;
    }
    return sum;
  }
  return x * Math.log(x / mu) + mu - x;
}

function requireBinomialParameters(n: number, p: number, caller: string): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`${caller}: n must be a non-negative safe integer, got ${n}`);
  }
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`${caller}: p must be in [0, 1], got ${p}`);
  }
}

/**
 * Natural log of the binomial probability P(X = k) for X ~ Binomial(n, p).
 *
 * Returns −Infinity for impossible outcomes (k outside 0..n, k not an integer, or k ≠ 0 with
 * p = 0, k ≠ n with p = 1). Relative accuracy of the probability is close to machine precision
 * for any n (Loader's algorithm; see the file comment).
 *
 * @throws RangeError when n is not a non-negative safe integer or p is outside [0, 1].
 */
export function binomialLogPmf(k: number, n: number, p: number): number {
  requireBinomialParameters(n, p, 'binomialLogPmf');
  if (!Number.isInteger(k) || k < 0 || k > n) return -Infinity;
  const q = 1 - p;
  if (p === 0) return k === 0 ? 0 : -Infinity;
  if (p === 1) return k === n ? 0 : -Infinity;
  if (k === 0) return n * Math.log1p(-p);
  if (k === n) return n * Math.log(p);
  const saddle = stirlingRemainder(n) - stirlingRemainder(k) - stirlingRemainder(n - k) - deviance(k, n * p) - deviance(n - k, n * q);
  return saddle + 0.5 * (Math.log(n) - Math.log(k) - Math.log(n - k)) - LN_SQRT_2PI;
}

/**
 * Binomial probability P(X = k) for X ~ Binomial(n, p); 0 for impossible k.
 *
 * @throws RangeError when n is not a non-negative safe integer or p is outside [0, 1].
 */
export function binomialPmf(k: number, n: number, p: number): number {
  return Math.exp(binomialLogPmf(k, n, p));
}

/**
 * Cumulative binomial probability P(X ≤ k) for X ~ Binomial(n, p).
 *
 * Non-integer k is floored (as scipy's binom.cdf does); k < 0 gives 0 and k ≥ n gives 1.
 *
 * Method: the tail on the far side of the mode from k is never summed. If k lies below the mode
 * the terms P(X = j), j = k, k−1, …, are summed relative to P(X = k); these ratios shrink
 * geometrically, so the sum stops after O(√n) terms once a bound on what is left falls below
 * double precision. Otherwise 1 − P(X > k) is returned, with the upper tail summed the same way.
 * Cost is O(√(n·p·(1−p)) + 1) per call, independent of how far k is from the mean.
 *
 * @throws RangeError when n is not a non-negative safe integer or p is outside [0, 1].
 */
export function binomialCdf(k: number, n: number, p: number): number {
  requireBinomialParameters(n, p, 'binomialCdf');
  if (Number.isNaN(k)) throw new RangeError('binomialCdf: k is NaN');
  const kk = Math.floor(k);
  if (kk < 0) return 0;
  if (kk >= n) return 1;
  if (p === 0) return 1;
  if (p === 1) return 0;
  const q = 1 - p;
  if (kk < (n + 1) * p) {
    // Below the mode: P(X = j−1) / P(X = j) = j·q / ((n − j + 1)·p) < 1, shrinking as j falls.
    let term = 1;
    let sum = 1;
    for (let j = kk; j >= 1; j--) {
      const ratio = (j * q) / ((n - j + 1) * p);
      term *= ratio;
      sum += term;
      // Later ratios are smaller, so the rest is below term · ratio / (1 − ratio).
      if (term * ratio < TAIL_RELATIVE_TOLERANCE * sum * (1 - ratio)) break;
    }
    const value = Math.exp(binomialLogPmf(kk, n, p) + Math.log(sum));
    return Math.min(value, 1);
  }
  // At or above the mode: P(X = j+1) / P(X = j) = (n − j)·p / ((j + 1)·q) < 1 for j > k.
  let term = 1;
  let sum = 1;
  for (let j = kk + 1; j < n; j++) {
    const ratio = ((n - j) * p) / ((j + 1) * q);
    term *= ratio;
    sum += term;
    if (term * ratio < TAIL_RELATIVE_TOLERANCE * sum * (1 - ratio)) break;
  }
  const upper = Math.exp(binomialLogPmf(kk + 1, n, p) + Math.log(sum));
  return upper > 1 ? 0 : 1 - upper;
}
