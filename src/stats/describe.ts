/** One-call descriptive summary of a sample (the per-sample ns/op values of a benchmark). */

import { medianAbsoluteDeviation } from './mad.js';
import { mean, stddev } from './moments.js';
import { quantileSorted, sortAscending } from './quantile.js';
import { requireSample } from './validate.js';

/** Descriptive statistics of one sample. Quantiles are R type 7. */
export interface Descriptive {
  sampleCount: number;
  median: number;
  mean: number;
  min: number;
  max: number;
  /** First quartile (type 7). */
  p25: number;
  /** Third quartile (type 7). */
  p75: number;
  /** 99th percentile (type 7); interpolated, so it can lie below max even for n < 100. */
  p99: number;
  /** Sample standard deviation (n − 1 denominator); 0 for one value. */
  stddev: number;
  /** Median absolute deviation scaled by MAD_NORMAL_SCALE (≈ σ for normal data). */
  mad: number;
  /** Coefficient of variation stddev / mean; defined as 0 when the mean is 0. */
  cv: number;
}

/**
 * Summarises a sample: size, location (median, mean), range, quartiles, p99 and spread (stddev,
 * scaled MAD, coefficient of variation). No value is dropped: outliers are counted separately by
 * `tukeyOutliers`.
 *
 * For a single value every spread measure is 0 and every quantile equals the value. For a
 * constant sample stddev, mad and cv are 0. `cv` is signed like the mean (negative for a negative
 * mean) and is 0 when the mean is 0.
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function describe(values: readonly number[]): Descriptive {
  requireSample(values, 'describe');
  const sorted = sortAscending(values);
  const m = mean(values);
  const sd = stddev(values);
  return {
    sampleCount: sorted.length,
    median: quantileSorted(sorted, 0.5),
    mean: m,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    p25: quantileSorted(sorted, 0.25),
    p75: quantileSorted(sorted, 0.75),
    p99: quantileSorted(sorted, 0.99),
    stddev: sd,
    mad: medianAbsoluteDeviation(sorted),
    // Written so that zero spread gives +0, never -0 (a negative mean would otherwise flip the sign).
    cv: m === 0 || sd === 0 ? 0 : sd / m,
  };
}
