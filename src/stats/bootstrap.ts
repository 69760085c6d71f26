/**
 * Percentile-bootstrap confidence intervals for medians (Efron & Tibshirani 1993, ch. 13).
 *
 * Resamples are drawn with a caller-supplied seeded generator, so results are reproducible.
 * Each resample is recorded as draw counts over the once-sorted sample in a reused buffer, and its
 * median read off those counts (resample-median.ts): no allocation, sort or selection inside the
 * loop, so 10 000 resamples of 200 values take a few tens of milliseconds.
 */

import { DEFAULT_CONFIDENCE, requireConfidence } from './confidence.js';
import { quantileSorted } from './quantile.js';
import { type Rng, randomInt } from './random.js';
import { medianFromCounts } from './resample-median.js';
import { requireSample } from './validate.js';

/**
 * Default resample count. criterion.rs uses 100 000; 10 000 already puts the Monte-Carlo error of
 * a 95% percentile bound well below the interval's own width (each tail holds ~250 resamples),
 * at a tenth of the cost.
 */
export const DEFAULT_BOOTSTRAP_RESAMPLES = 10_000;

/** Upper limit on resamples: guards against a unit mix-up (e.g. 1e9) freezing the analysis. */
const MAX_BOOTSTRAP_RESAMPLES = 10_000_000;

export interface BootstrapOptions {
  /** Number of bootstrap resamples; defaults to DEFAULT_BOOTSTRAP_RESAMPLES. */
  resamples?: number;
  /** Two-sided confidence level in (0, 1); defaults to 0.95. */
  confidence?: number;
  /** Seeded generator (see createRng); consumed by the call, so reuse changes later results. */
  rng: Rng;
}

/** Ratio of two medians with a percentile-bootstrap confidence interval. */
export interface MedianRatioInterval {
  /** median(a) / median(b), from the original samples. */
  ratio: number;
  lower: number;
  upper: number;
}

/** A median with a two-level percentile-bootstrap confidence interval. */
export interface TwoLevelMedianInterval {
  /** Median of all values of all groups pooled together. */
  estimate: number;
  lower: number;
  upper: number;
}

function resolveOptions(options: BootstrapOptions, caller: string): { resamples: number; confidence: number; rng: Rng } {
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > MAX_BOOTSTRAP_RESAMPLES) {
    throw new RangeError(`${caller}: resamples must be an integer in [1, ${MAX_BOOTSTRAP_RESAMPLES}], got ${resamples}`);
  }
  requireConfidence(confidence, caller);
  if (typeof options.rng !== 'function') {
    throw new TypeError(`${caller}: options.rng must be a function (use createRng(seed))`);
  }
  return { resamples, confidence, rng: options.rng };
}

/** Equal-tailed percentile interval (type-7 quantiles) of bootstrap replicates; sorts them in place. */
function percentileInterval(replicates: Float64Array, confidence: number): [number, number] {
  replicates.sort();
  const tail = (1 - confidence) / 2;
  return [quantileSorted(replicates, tail), quantileSorted(replicates, 1 - tail)];
}

/**
 * Draws |sorted| values with replacement from `sorted` and returns the median of the draw;
 * `counts` is a zeroed scratch buffer of the same length, left zeroed again on return.
 */
function resampledMedian(sorted: Float64Array, counts: Uint32Array, rng: Rng): number {
  const n = sorted.length;
  for (let j = 0; j < n; j++) counts[randomInt(rng, n)]!++;
  const result = medianFromCounts(sorted, counts, n);
  counts.fill(0);
  return result;
}

/**
 * Ratio of medians median(a) / median(b) with a percentile-bootstrap confidence interval, e.g.
 * "benchmark A takes 1.23× the time of B, 95% CI [1.19, 1.27]".
 *
 * Each of `resamples` rounds draws |a| values from a and |b| values from b, independently and with
 * replacement, and records the ratio of their medians (type 7); the interval is the equal-tailed
 * (1 − confidence)/2 and (1 + confidence)/2 type-7 quantiles of those ratios.
 *
 * Assumptions: values within each sample are independent and identically distributed; a and b are
 * independent. Percentile intervals for medians of very small samples (n < ~10) are coarse,
 * because a resampled median can take only a few distinct values.
 *
 * Reproducibility: the same rng state always gives the same result. Each round consumes the
 * generator as |a| calls of randomInt(rng, |a|), indexing a sorted copy of a, then |b| calls
 * indexing a sorted copy of b; changing this order would change seeded results.
 *
 * @throws RangeError when a or b is empty or holds a NaN, when a value of b is not positive and
 *   finite (the ratio would be undefined), or on invalid options.
 */
export function bootstrapMedianRatio(a: readonly number[], b: readonly number[], options: BootstrapOptions): MedianRatioInterval {
  requireSample(a, 'bootstrapMedianRatio (a)');
  requireSample(b, 'bootstrapMedianRatio (b)');
  for (const v of b) {
    if (!(v > 0 && v < Infinity)) {
      throw new RangeError(`bootstrapMedianRatio: values of b must be positive and finite, got ${v}`);
    }
  }
  const { point, lower, upper } = twoMedianInterval(a, b, (x, y) => x / y, resolveOptions(options, 'bootstrapMedianRatio'));
  return { ratio: point, lower, upper };
}

/** Difference of two medians with a percentile-bootstrap confidence interval. */
export interface MedianDifferenceInterval {
  /** median(a) − median(b), from the original samples. */
  difference: number;
  lower: number;
  upper: number;
}

/**
 * Difference of medians median(a) − median(b) with a percentile-bootstrap confidence interval,
 * e.g. "GC adds 8.1 ns per operation, 95% CI [7.6, 8.7]". Same resampling scheme, assumptions and
 * generator consumption as bootstrapMedianRatio.
 *
 * @throws RangeError when a or b is empty or holds a NaN, or on invalid options.
 */
export function bootstrapMedianDifference(a: readonly number[], b: readonly number[], options: BootstrapOptions): MedianDifferenceInterval {
  requireSample(a, 'bootstrapMedianDifference (a)');
  requireSample(b, 'bootstrapMedianDifference (b)');
  const { point, lower, upper } = twoMedianInterval(a, b, (x, y) => x - y, resolveOptions(options, 'bootstrapMedianDifference'));
  return { difference: point, lower, upper };
}

/** Each round: median of a resample of a, then of b (in that order), combined. */
function twoMedianInterval(
  a: readonly number[],
  b: readonly number[],
  combine: (medianA: number, medianB: number) => number,
  { resamples, confidence, rng }: { resamples: number; confidence: number; rng: Rng },
): { point: number; lower: number; upper: number } {
  const sortedA = Float64Array.from(a).sort();
  const sortedB = Float64Array.from(b).sort();
  const countsA = new Uint32Array(sortedA.length);
  const countsB = new Uint32Array(sortedB.length);
  const replicates = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) {
    const medianA = resampledMedian(sortedA, countsA, rng);
    replicates[i] = combine(medianA, resampledMedian(sortedB, countsB, rng));
  }
  const [lower, upper] = percentileInterval(replicates, confidence);
  return { point: combine(quantileSorted(sortedA, 0.5), quantileSorted(sortedB, 0.5)), lower, upper };
}

/**
 * Median of samples collected in several processes (groups), with a two-level (hierarchical)
 * percentile-bootstrap confidence interval that accounts for variation between processes as well
 * as within them (Davison & Hinkley 1997, §3.8, "resampling both stages").
 *
 * Each resample draws as many groups as there are, with replacement; within each drawn group it
 * draws as many values as the group has, with replacement; it pools those values and takes their
 * median (type 7). The estimate is the median of all values pooled, so larger groups weigh more.
 * The interval is the equal-tailed type-7 percentile interval of the resampled medians.
 *
 * With a single group this reduces to the ordinary bootstrap of that group's median, which ignores
 * between-process variation; with few groups (under ~5) the outer level can take only a handful of
 * distinct draws, so treat the interval as rough.
 *
 * Reproducibility: the same rng state always gives the same result. For each of the G group slots
 * of a round the generator is consumed as one randomInt(rng, G) call choosing the group, then
 * |group| randomInt(rng, |group|) calls indexing that group's values in the order given.
 *
 * @throws RangeError when there are no groups, a group is empty or holds a NaN, or on invalid
 *   options.
 */
export function twoLevelBootstrapMedian(groups: readonly (readonly number[])[], options: BootstrapOptions): TwoLevelMedianInterval {
  if (groups.length === 0) {
    throw new RangeError('twoLevelBootstrapMedian: expected at least one group, got none');
  }
  for (const [index, group] of groups.entries()) requireSample(group, `twoLevelBootstrapMedian (group ${index})`);
  const { resamples, confidence, rng } = resolveOptions(options, 'twoLevelBootstrapMedian');
  // Pool every value, sort the pool once, and remember where each group's values landed, so that
  // a resample is just a vector of draw counts over pool positions.
  const offsets: number[] = [];
  let total = 0;
  for (const group of groups) {
    offsets.push(total);
    total += group.length;
  }
  const pooled = new Float64Array(total);
  for (const [g, group] of groups.entries()) pooled.set(group, offsets[g]!);
  const order = Array.from({ length: total }, (_, i) => i).sort((x, y) => pooled[x]! - pooled[y]!);
  const pooledSorted = new Float64Array(total);
  const positionOf = new Uint32Array(total);
  order.forEach((index, position) => {
    pooledSorted[position] = pooled[index]!;
    positionOf[index] = position;
  });
  const estimate = quantileSorted(pooledSorted, 0.5);
  const groupCount = groups.length;
  const sizes = Uint32Array.from(groups, (group) => group.length);
  const counts = new Uint32Array(total);
  const medians = new Float64Array(resamples);
  for (let i = 0; i < resamples; i++) {
    let drawn = 0;
    for (let g = 0; g < groupCount; g++) {
      const chosen = randomInt(rng, groupCount);
      const offset = offsets[chosen]!;
      const size = sizes[chosen]!;
      for (let j = 0; j < size; j++) counts[positionOf[offset + randomInt(rng, size)]!]!++;
      drawn += size;
    }
    medians[i] = medianFromCounts(pooledSorted, counts, drawn);
    counts.fill(0);
  }
  const [lower, upper] = percentileInterval(medians, confidence);
  return { estimate, lower, upper };
}
