/**
 * What follows from a benchmark's samples alone — the estimate with its confidence interval,
 * descriptive statistics, the regression, the precision reached and each process's estimate — when
 * the runner records a result and, again, whenever a results file is analysed.
 *
 * The estimate is the median of the samples taken in the host's quiet rounds where there are enough
 * of them (analysis/host-quiet.ts; per process), else of all samples. Where the host does not move
 * nearly every sample is quiet and the two agree; where another tenant slows the core in bursts, the quiet
 * rounds are the code on the host at its best, the figure a comparison across runs wants: on such a
 * host its run-to-run spread is smaller than the all-samples median's (lab/peers.md).
 */
import type { BenchmarkResult, Estimate, FixedCostFit, ResultsFile, Sample, SampleStats } from '../results/types.js';
import { DEFAULT_BOOTSTRAP_RESAMPLES, twoLevelBootstrapMedian } from '../stats/bootstrap.js';
import { CONFIDENCE, estimateHalfWidth, forkSizesOf, perOpValues, splitByCounts } from '../results/derived-values.js';
import { describe } from '../stats/describe.js';
import { singleProcessEstimate } from '../results/one-process-estimate.js';
import { estimateGroups, estimatePool } from './host-quiet.js';
import { tukeyOutliers } from '../stats/tukey-fences.js';
import { createRng } from '../stats/random.js';
import { linearFit } from '../stats/regression.js';
import { isSpread, spreadEstimate } from './fixed-cost-fit.js';

export { singleProcessEstimate };

/** Median of all samples, with a two-level bootstrap (processes, then samples) for the interval. */
function multiProcessEstimate(groups: number[][], seed: number): Estimate {
  const boot = twoLevelBootstrapMedian(groups, { resamples: DEFAULT_BOOTSTRAP_RESAMPLES, confidence: CONFIDENCE, rng: createRng(seed) });
  return { nsPerOp: boot.estimate, ciLower: boot.lower, ciUpper: boot.upper, confidence: CONFIDENCE, method: 'two-level-bootstrap' };
}

/** Descriptive statistics of per-sample ns/op values, with Tukey's outlier counts (none excluded). */
export function sampleStats(values: readonly number[], estimate: Estimate): SampleStats {
  const { fences: _fences, ...outliers } = tukeyOutliers(values);
  return { ...describe(values), opsPerSecond: estimate.nsPerOp > 0 ? 1e9 / estimate.nsPerOp : null, outliers: { ...outliers, excluded: 0 } };
}

/**
 * The same result with other samples (the host-adjusted ones): estimate, statistics and the precision
 * reached recomputed from them, so a rule judges them as it would a run on a host of constant speed.
 */
export function withSamples(result: BenchmarkResult, samples: Sample[]): BenchmarkResult {
  const values = perOpValues(samples);
  const spread = isSpread(result) ? spreadEstimate(samples) : null;
  const estimate = spread?.estimate ?? singleProcessEstimate(values);
  const halfWidth = estimateHalfWidth(estimate);
  return {
    ...result,
    ...(spread === null ? {} : { fixedCost: spread.fit }),
    samples,
    estimate,
    stats: sampleStats(values, estimate),
    precision: result.precision === null ? null : { ...result.precision, reached: Number.isFinite(halfWidth) ? halfWidth : null },
  };
}

/** What follows from the samples alone: the estimate, statistics, regression, precision reached, and each process's estimate. */
export interface FromSamples {
  estimate: Estimate;
  stats: SampleStats;
  regression: BenchmarkResult['regression'];
  reached: number | null;
  /** Per process, in pool order, each read as the estimate is (its quiet rounds where it has them); null for one process (no `forkSizes`). */
  forkEstimates: Estimate[] | null;
  /** Spread samples: the slope and the fixed cost apart (the estimate is the slope); null otherwise. */
  fixedCost: FixedCostFit | null;
}

/** The per-op values the estimate is taken from, pooled: a ratio's interval must be drawn from the samples its estimates were. */
export const estimateValues = (result: Pick<BenchmarkResult, 'samples' | 'forks'>): number[] => perOpValues(estimatePool(result));

/**
 * `forkSizes`: samples per process in the order they are pooled, or null for a single process.
 * `spread`: the iteration counts were spread (`calibration.spread`): the estimate is the slope of
 * the fit over all samples (analysis/fixed-cost-fit.ts), each process's its own.
 */
export function fromSamples(samples: readonly Sample[], forkSizes: readonly number[] | null, seed: number, spread = false): FromSamples {
  const values = perOpValues(samples);
  const sampleGroups = forkSizes === null ? [samples] : splitByCounts(samples, forkSizes)!;
  const fitted = spread ? spreadEstimate(samples) : null;
  if (fitted !== null) {
    const halfWidth = estimateHalfWidth(fitted.estimate);
    return {
      estimate: fitted.estimate,
      stats: sampleStats(values, fitted.estimate),
      regression: regressionOf(samples),
      reached: Number.isFinite(halfWidth) ? halfWidth : null,
      forkEstimates: forkSizes === null ? null : sampleGroups.map((g) => spreadEstimate(g)?.estimate ?? singleProcessEstimate(perOpValues(g))),
      fixedCost: fitted.fit,
    };
  }
  const groups = estimateGroups(sampleGroups).map((g) => perOpValues(g));
  const estimate = groups.length === 1 ? singleProcessEstimate(groups[0]!) : multiProcessEstimate(groups, seed);
  const halfWidth = estimateHalfWidth(estimate);
  return {
    estimate,
    stats: sampleStats(values, estimate),
    regression: regressionOf(samples),
    reached: Number.isFinite(halfWidth) ? halfWidth : null,
    forkEstimates: forkSizes === null ? null : groups.map(singleProcessEstimate),
    fixedCost: null,
  };
}

/** The least-squares fit of elapsed time on iterations; a fit that overflowed (samples near the largest double) is no fit: null, never NaN written as null fields. */
function regressionOf(samples: readonly Sample[]): BenchmarkResult['regression'] {
  const fit = linearFit(
    samples.map((s) => s.iterations),
    samples.map((s) => s.elapsedNs),
  );
  return fit === null || ![fit.slope, fit.intercept, fit.r2].every(Number.isFinite) ? null : { slopeNs: fit.slope, interceptNs: fit.intercept, r2: fit.r2 };
}

/**
 * The estimate, statistics, regression, per-process figures and precision reached of a saved result,
 * derived again from its samples exactly as when it was measured (the samples of several processes
 * are pooled in fork order, `forks[].sampleCount` tells them apart). Results without samples are
 * returned as they are.
 */
export function rederive(result: BenchmarkResult, seed: number): BenchmarkResult {
  if (result.status !== 'ok' || result.samples.length === 0) return result;
  const derived = fromSamples(result.samples, forkSizesOf(result.samples, result.forks), seed, isSpread(result));
  return {
    ...result,
    ...(derived.fixedCost === null ? {} : { fixedCost: derived.fixedCost }),
    estimate: derived.estimate,
    stats: derived.stats,
    regression: derived.regression,
    precision: result.precision === null ? null : { ...result.precision, reached: derived.reached },
    forks: result.forks === null || derived.forkEstimates === null ? result.forks : result.forks.map((fork, i) => ({ ...fork, estimate: derived.forkEstimates![i]! })),
  };
}

/**
 * A kept run with each single-process estimate derived again from its samples as this version
 * derives it — a run kept by an earlier version may have read all samples where this one reads the
 * host's quiet rounds — so bands learned from kept runs read the estimates `history` shows.
 * Several processes' results are left as recorded: bands learn from single processes only.
 */
export function withEstimatesNow(results: ResultsFile, seed: number): ResultsFile {
  return { ...results, benchmarks: results.benchmarks.map((b) => (b.forks === null || b.forks.length <= 1 ? rederive(b, seed) : b)) };
}
