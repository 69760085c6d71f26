/**
 * Distribution-free confidence interval for the median from order statistics.
 *
 * If M is the population median of a continuous distribution, the number B of sample values below
 * M is Binomial(n, ½), and the interval between the r-th and s-th smallest values (1-based ranks,
 * r < s) contains M exactly when r ≤ B ≤ s − 1, with probability F(s − 1) − F(r − 1), F being the
 * Binomial(n, ½) CDF. No distributional assumption is needed. With ties (discrete data) the
 * closed interval covers M at least that often.
 *
 * Ranks are chosen the way benchstat does (go-moremath's QuantileCI): the narrowest band of ranks
 * whose coverage reaches the requested level, symmetric about the centre when possible; when one
 * rank fewer still suffices, the band is made asymmetric by one, dropping the top rank (a
 * left bias, as benchstat does). benchstat switches to a normal approximation above n = 30; here
 * the binomial is evaluated exactly for every n, so for large n the ranks can differ from
 * benchstat's by one.
 */

import { binomialCdf } from './binomial.js';
import { DEFAULT_CONFIDENCE, requireConfidence } from './confidence.js';
import { median, sortAscending } from './quantile.js';
import { requireSample } from './validate.js';

/** Success probability of the binomial count of values below the median: ½ by definition of the median. */
const MEDIAN_PROBABILITY = 0.5;

/** Ranks (1-based, into the ascending sort) of the interval's ends and its exact coverage. */
export interface MedianRanks {
  /** 1-based rank of the lower end: the lowerRank-th smallest value. */
  lowerRank: number;
  /** 1-based rank of the upper end; upperRank = n + 1 − lowerRank, or one less than that. */
  upperRank: number;
  /** Coverage probability of [lowerRank, upperRank] for continuous data; ≥ the requested level. */
  achievedConfidence: number;
}

/** A median confidence interval with the order statistics it was read from. */
export interface MedianConfidenceInterval extends MedianRanks {
  lower: number;
  upper: number;
}

/**
 * Chooses the order statistics bounding a confidence interval for the median of n values. Depends
 * only on n and the confidence, so callers holding sorted data can index it themselves
 * (`sorted[lowerRank - 1]`, `sorted[upperRank - 1]`).
 *
 * The symmetric pair (r, n + 1 − r) with the largest r whose coverage 1 − 2·F(r − 1) reaches
 * `confidence` is taken first; if dropping the top rank, giving (r, n − r), keeps the coverage at
 * or above `confidence`, that narrower pair is returned instead.
 *
 * @returns null when even [min, max] (coverage 1 − 2^(1−n)) falls short of `confidence`, i.e.
 *   n < 6 at 95%, n < 8 at 99%, n < 5 at 90%.
 * @throws RangeError when n is not a positive safe integer or confidence is not in (0, 1).
 */
export function medianConfidenceRanks(n: number, confidence: number = DEFAULT_CONFIDENCE): MedianRanks | null {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new RangeError(`medianConfidenceRanks: n must be a positive safe integer, got ${n}`);
  }
  requireConfidence(confidence, 'medianConfidenceRanks');
  const symmetricCoverage = (r: number): number => 1 - 2 * binomialCdf(r - 1, n, MEDIAN_PROBABILITY);
  if (symmetricCoverage(1) < confidence) return null;
  // Coverage falls as r grows; binary search for the largest r that still reaches the level.
  // r ≤ ⌈n/2⌉ keeps r ≤ n + 1 − r; at the centre the coverage is 0 (odd n) or tiny.
  let good = 1;
  let bad = Math.floor((n + 1) / 2) + 1;
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (symmetricCoverage(mid) >= confidence) good = mid;
    else bad = mid;
  }
  const lowerRank = good;
  const upperRank = n + 1 - lowerRank;
  const coverage = symmetricCoverage(lowerRank);
  if (upperRank - 1 > lowerRank) {
    // Band [r, n − r]: P(r ≤ B ≤ n − r − 1) = F(n − r − 1) − F(r − 1).
    const narrower = binomialCdf(upperRank - 2, n, MEDIAN_PROBABILITY) - binomialCdf(lowerRank - 1, n, MEDIAN_PROBABILITY);
    if (narrower >= confidence) {
      return { lowerRank, upperRank: upperRank - 1, achievedConfidence: narrower };
    }
  }
  return { lowerRank, upperRank, achievedConfidence: coverage };
}

/**
 * Distribution-free confidence interval for the population median, read from the order
 * statistics of `values` at the ranks of `medianConfidenceRanks` (see there for the rule).
 *
 * Assumes independent observations from one distribution; makes no assumption about its shape,
 * so it suits skewed, heavy-tailed benchmark timings. The interval always contains the sample
 * median and has lower ≤ upper. `achievedConfidence` is the exact coverage, usually above the
 * requested level because ranks are discrete.
 *
 * @returns null when n is too small for the requested confidence (n < 6 at 95%).
 * @throws RangeError when `values` is empty or holds a NaN, or confidence is not in (0, 1).
 */
export function medianConfidenceInterval(values: readonly number[], confidence: number = DEFAULT_CONFIDENCE): MedianConfidenceInterval | null {
  requireSample(values, 'medianConfidenceInterval');
  requireConfidence(confidence, 'medianConfidenceInterval');
  const ranks = medianConfidenceRanks(values.length, confidence);
  if (ranks === null) return null;
  const sorted = sortAscending(values);
  return {
    lower: sorted[ranks.lowerRank - 1]!,
    upper: sorted[ranks.upperRank - 1]!,
    ...ranks,
  };
}

/**
 * The sample median with its distribution-free interval (`medianConfidenceInterval`); when n is
 * too small for an interval at this confidence, the full range [min, max] stands in for it.
 *
 * @throws RangeError as `medianConfidenceInterval`.
 */
export function medianWithInterval(values: readonly number[], confidence: number = DEFAULT_CONFIDENCE): { median: number; lower: number; upper: number } {
  const ci = medianConfidenceInterval(values, confidence);
  return {
    median: median(values),
    lower: ci?.lower ?? Math.min(...values),
    upper: ci?.upper ?? Math.max(...values),
  };
}
