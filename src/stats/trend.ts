/**
 * Drift detection across samples taken in order: the Mann–Kendall trend test with Sen's slope.
 *
 * Both are rank-based and robust: Mann–Kendall (Mann 1945; Kendall, "Rank Correlation Methods",
 * 1975) counts how many later-minus-earlier pairs go up versus down, so a few huge outliers count
 * no more than small deviations; Sen's slope (Sen 1968, after Theil 1950) is the median of all
 * pairwise slopes and tolerates up to ~29% arbitrary values. Together they say whether the level
 * moved, and by how much, without assuming normal noise.
 *
 * The classic test assumes independent observations. Benchmark samples are not: periodic
 * interruptions (GC, timer interrupts, frequency scaling) make neighbouring samples alike, which
 * inflates the variance of S beyond the formula. With AR(1) noise of φ = 0.5 the classic p-value
 * falls below 0.001 in 2.6–5.4% of trendless series (n = 20 … 500) instead of 0.1%. So
 * `trendTest` also reports a p-value whose variance is corrected for the autocorrelation of the
 * detrended ranks (Hamed & Rao 1998, first three lags), and `hasDrift` demands both that
 * corrected p-value to be tiny and the change in level to be material.
 */

import { normalCdf } from './normal.js';
import { median } from './quantile.js';
import { medianInPlace } from './select.js';
import { requireSample } from './validate.js';

/**
 * Autocorrelation-adjusted p-value below which `hasDrift` considers a trend real: 0.001 rather
 * than the usual 0.05, because the harness checks many benchmarks (at 0.05 one in 20 would raise
 * a false alarm) and because the adjustment only approximately undoes the serial correlation.
 */
export const DRIFT_P_VALUE = 0.001;
/**
 * Smallest first-to-last change in level, relative to the median, that `hasDrift` reports: 5%.
 * Significance alone fires on long runs with trends far too small to matter (simulated: a 0.5%
 * rise over 5000 samples with 2% noise gives p < 0.001 in 19 of 20 runs); magnitude alone fires
 * on noise (with 10% noise, Sen's slope of 30 samples extrapolates beyond ±5% in 44% of runs).
 * Both must hold.
 */
export const DRIFT_MIN_RELATIVE_CHANGE = 0.05;
/**
 * Fewer samples than this are never called drifting: with a handful of samples the level change
 * is extrapolated from too few pairs, and the normal approximation of S (fine from n ≈ 10,
 * Kendall 1975) has little margin; 20 also lets the p-value go far below DRIFT_P_VALUE.
 */
export const DRIFT_MIN_SAMPLES = 20;
/**
 * Autocorrelation lags used in the variance correction. Rao, Hamed & Chen (2003) suggest only the
 * first three (as R's modifiedmk::mmkh3lag does): later lags are estimated from ever fewer pairs
 * and mostly add noise. Simulated `hasDrift` false alarms under AR(1) noise (φ = 0.5, CV 10%,
 * n = 20 … 300): up to 2.4% with all lags and a 5% screen, up to 1.6% with three unscreened lags.
 */
const CORRECTION_LAGS = 3;

/**
 * Largest sample accepted by `trendTest`: all n(n − 1)/2 pairwise slopes are held in one
 * Float64Array, 400 MB at this n (≈ 2 s); beyond it average consecutive blocks of samples first.
 */
export const TREND_MAX_SAMPLES = 10_000;

/** Mann–Kendall statistics and Sen's slope of a series. */
export interface TrendTest {
  /** Mann–Kendall S: the number of increasing pairs (i < j, vⱼ > vᵢ) minus decreasing ones. */
  s: number;
  /** Variance of S under no trend, with the tie correction. 0 when all values are equal. */
  varianceS: number;
  /** Kendall's tau-b between sample index and value, in [−1, 1]; as scipy.stats.kendalltau. */
  tau: number;
  /** Standardised S with continuity correction: (S − sign S) / √var(S); 0 when S = 0. */
  z: number;
  /** Two-sided p-value 2·Φ(−|z|) from the normal approximation; 1 when z = 0. */
  pValue: number;
  /**
   * Hamed–Rao variance inflation n/n*: var(S) is multiplied by this for `adjustedPValue`. ≥ 1 by
   * construction (see `trendTest`); on average ≈ 1.05 for independent samples of 500, ≈ 2.6 for
   * AR(1) noise with φ = 0.5 and ≈ 4.7 with φ = 0.8.
   */
  varianceCorrection: number;
  /** Two-sided p-value with var(S) · varianceCorrection in place of var(S); ≥ pValue. */
  adjustedPValue: number;
  /** Sen's slope: median over i < j of (vⱼ − vᵢ)/(j − i), in value units per sample. */
  senSlope: number;
  /** senSlope · (n − 1) / |median|: the level change from first to last sample, relative. */
  relativeChange: number;
}

/** Throws when `values` is empty or holds a NaN or ±Infinity (a difference ∞ − ∞ has no sign). */
function requireFiniteSample(values: readonly number[], caller: string): void {
  requireSample(values, caller);
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      throw new RangeError(`${caller}: value at index ${i} is not finite (${values[i]})`);
    }
  }
}

/** Σ t(t − 1)(2t + 5) and Σ t(t − 1)/2 over groups of t equal values (t ≥ 2). */
function tieSums(values: Float64Array): { varianceTerm: number; tiedPairs: number } {
  const sorted = Float64Array.from(values).sort();
  let varianceTerm = 0;
  let tiedPairs = 0;
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || sorted[i] !== sorted[start]) {
      const t = i - start;
      varianceTerm += t * (t - 1) * (2 * t + 5);
      tiedPairs += (t * (t - 1)) / 2;
      start = i;
    }
  }
  return { varianceTerm, tiedPairs };
}

/**
 * Hamed & Rao (1998) variance inflation for serially correlated data, from the ranks R of the
 * detrended series vᵢ − slope·i: 1 + 2/(n(n − 1)(n − 2)) · Σₖ (n − k)(n − k − 1)(n − k − 2)·ρₖ,
 * ρₖ the lag-k autocorrelation of R, k = 1 … CORRECTION_LAGS. Unlike Hamed & Rao the ρₖ are not
 * screened for significance (at n = 20 the 5% screen drops even ρ₁ = 0.43), and the result is
 * floored at 1 so chance negative correlations never make the test more liberal than the classic
 * one. Ties share their average rank; residuals within RESIDUAL_TIE_TOLERANCE of their range count
 * as tied, since `x − slope·i` rounds differently for data that differ only by a constant.
 */
/** Residuals closer than this fraction of their range are ties: far above rounding (~1e-16), far below any real difference. */
const RESIDUAL_TIE_TOLERANCE = 1e-9;

function varianceCorrection(v: Float64Array, slope: number): number {
  const n = v.length;
  if (n < 3) return 1;
  const residuals = v.map((x, i) => x - slope * i);
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => residuals[a]! - residuals[b]!);
  const centredRanks = new Float64Array(n);
  const meanRank = (n + 1) / 2;
  const tieWidth = (residuals[order[n - 1]!]! - residuals[order[0]!]!) * RESIDUAL_TIE_TOLERANCE;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && residuals[order[end]!]! - residuals[order[start]!]! <= tieWidth) end++;
    const averageRank = (start + 1 + end) / 2; // mean of the 1-based ranks start + 1 … end
    for (let i = start; i < end; i++) centredRanks[order[i]!] = averageRank - meanRank;
    start = end;
  }
  let sumSquares = 0;
  for (const r of centredRanks) sumSquares += r * r;
  if (sumSquares === 0) return 1;
  let weighted = 0;
  for (let k = 1; k <= Math.min(CORRECTION_LAGS, n - 3); k++) {
    let lagged = 0;
    for (let i = 0; i + k < n; i++) lagged += centredRanks[i]! * centredRanks[i + k]!;
    weighted += (n - k) * (n - k - 1) * (n - k - 2) * (lagged / sumSquares);
  }
  return Math.max(1, 1 + (2 * weighted) / (n * (n - 1) * (n - 2)));
}

/** Continuity-corrected standard score of S: (S − sign S)/√variance, 0 when S or variance is 0. */
function standardScore(s: number, variance: number): number {
  return variance > 0 && s !== 0 ? (s - Math.sign(s)) / Math.sqrt(variance) : 0;
}

/** Two-sided normal p-value of a standard score. */
function twoSidedP(z: number): number {
  return Math.min(1, 2 * normalCdf(-Math.abs(z)));
}

/**
 * Mann–Kendall test for a monotonic trend in `values` (taken in index order), with Kendall's tau
 * and Sen's slope.
 *
 * - S = Σ_{i<j} sign(vⱼ − vᵢ).
 * - var(S) = [n(n − 1)(2n + 5) − Σ t(t − 1)(2t + 5)] / 18, the sum over groups of t tied values.
 * - z = (S − 1)/√var(S) if S > 0, (S + 1)/√var(S) if S < 0, else 0 (continuity correction).
 * - p = 2·Φ(−|z|), two-sided, normal approximation (adequate from n ≈ 10).
 * - tau-b = S / √(n₀·(n₀ − n₁)), n₀ = n(n − 1)/2 pairs, n₁ = Σ t(t − 1)/2 tied pairs (the index
 *   has no ties); it is ±1 exactly for a strictly monotonic series. pymannkendall reports tau-a
 *   = S / n₀ instead, which equals tau-b when no values are tied.
 * - Sen's slope: the median (mean of the two middle ones for an even count) of the n₀ slopes.
 * - varianceCorrection, adjustedPValue: the Hamed–Rao correction for serial correlation (see
 *   `varianceCorrection` below); z and pValue are the classic, uncorrected ones.
 * - relativeChange = senSlope·(n − 1)/|median(values)|: dividing by the magnitude keeps the sign
 *   of the slope ("rising" is positive even for negative data). With median 0 it is 0 for a zero
 *   slope and ±Infinity otherwise.
 *
 * A single value gives S = 0, var(S) = 0, tau = 0, z = 0, p = 1, slope 0; so does a constant
 * series. Runs in O(n²) time and n(n − 1)/2 doubles of memory: ≈ 0.3–0.4 s at n = 5000.
 *
 * @throws RangeError when `values` is empty, holds a NaN or an infinite value, or has more than
 *   `TREND_MAX_SAMPLES` values.
 */
export function trendTest(values: readonly number[]): TrendTest {
  requireFiniteSample(values, 'trendTest');
  const n = values.length;
  if (n > TREND_MAX_SAMPLES) {
    throw new RangeError(`trendTest: at most ${TREND_MAX_SAMPLES} values (O(n²) pairwise slopes), got ${n}`);
  }
  const v = Float64Array.from(values);
  const pairs = (n * (n - 1)) / 2;
  const slopes = new Float64Array(pairs);
  let s = 0;
  let k = 0;
  for (let i = 0; i < n - 1; i++) {
    const vi = v[i]!;
    for (let j = i + 1; j < n; j++) {
      const d = v[j]! - vi;
      if (d > 0) s++;
      else if (d < 0) s--;
      slopes[k++] = d / (j - i);
    }
  }
  const senSlope = pairs > 0 ? medianInPlace(slopes) : 0;

  const { varianceTerm, tiedPairs } = tieSums(v);
  const varianceS = (n * (n - 1) * (2 * n + 5) - varianceTerm) / 18;
  const z = standardScore(s, varianceS);
  const pValue = twoSidedP(z);
  const correction = varianceCorrection(v, senSlope);
  const adjustedPValue = twoSidedP(standardScore(s, varianceS * correction));
  const tauDenominator = Math.sqrt(pairs * (pairs - tiedPairs));
  const tau = tauDenominator > 0 ? s / tauDenominator : 0;

  const level = Math.abs(median(values));
  const change = senSlope * (n - 1);
  const relativeChange = change === 0 ? 0 : change / level;
  return {
    s,
    varianceS,
    tau,
    z,
    pValue,
    varianceCorrection: correction,
    adjustedPValue,
    senSlope,
    relativeChange,
  };
}

/**
 * True when `values`, taken in order, drift: at least `DRIFT_MIN_SAMPLES` values, an
 * autocorrelation-adjusted Mann–Kendall p-value (`adjustedPValue`) below `DRIFT_P_VALUE`, and a
 * level change |relativeChange| of at least `DRIFT_MIN_RELATIVE_CHANGE` (see `trendTest`). Either
 * direction counts (a benchmark that speeds up as it runs has not finished warming up; one that
 * slows down is accumulating state).
 *
 * Simulated rates (seeded, 500 trials per case, n = 30, 100, 500): iid normal noise (CV 10%) and
 * iid log-normal noise (σ = 0.5) fire in ≤ 0.4%; AR(1) noise with φ = 0.5 and CV 10% in ≤ 1.6%
 * (n = 20 … 500; 2.6–5.4% without the autocorrelation adjustment); a 10% linear rise under 2%
 * noise is caught in all trials at n = 50. Constant series never drift. Strongly correlated noise
 * still slips through: AR(1) with φ = 0.8 fires in up to ~8% of short runs (n ≤ 50).
 *
 * @throws RangeError as `trendTest`.
 */
export function hasDrift(values: readonly number[]): boolean {
  requireFiniteSample(values, 'hasDrift');
  if (values.length < DRIFT_MIN_SAMPLES) return false;
  const { adjustedPValue, relativeChange } = trendTest(withinTrendLimit(values));
  return adjustedPValue < DRIFT_P_VALUE && Math.abs(relativeChange) >= DRIFT_MIN_RELATIVE_CHANGE;
}

/**
 * `values` as trendTest can take them: as they are up to TREND_MAX_SAMPLES, and beyond that the
 * means of consecutive blocks of equal length (the last may be shorter), in order, at most
 * TREND_MAX_SAMPLES of them. A series that long (merged forks, a results file from elsewhere) keeps
 * its trend; only the noise of single samples is averaged.
 */
export function withinTrendLimit(values: readonly number[]): readonly number[] {
  const n = values.length;
  if (n <= TREND_MAX_SAMPLES) return values;
  const block = Math.ceil(n / TREND_MAX_SAMPLES);
  const means: number[] = [];
  for (let start = 0; start < n; start += block) {
    const end = Math.min(n, start + block);
    let sum = 0;
    for (let i = start; i < end; i++) sum += values[i]!;
    means.push(sum / (end - start));
  }
  return means;
}
