/**
 * Values derived from what a results file holds, in one place so every reader derives them alike:
 * per-operation times of samples, an estimate's relative half-width and operations per second, the
 * throttling ratio, and the one confidence level of every interval ubench reports.
 */
import { DEFAULT_CONFIDENCE } from '../stats/confidence.js';
import type { Estimate, Sample } from './sample-types.js';
import type { SampleStats, ThrottleInfo } from './types.js';

/** The confidence level of every interval ubench reports. */
export const CONFIDENCE = DEFAULT_CONFIDENCE;

/** ns per operation of one sample. */
export const perOp = (sample: Sample): number => sample.elapsedNs / sample.iterations;

/** ns per operation of each sample, in order. */
export const perOpValues = (samples: readonly Sample[]): number[] => samples.map(perOp);

/** The CI's half-width relative to the estimate (0.01 = ±1%); not finite for a 0 ns estimate. */
export const estimateHalfWidth = (estimate: Estimate): number => (estimate.ciUpper - estimate.ciLower) / 2 / estimate.nsPerOp;

/** Operations per second of a measured benchmark: the stats' figure, else implied by the estimate (NaN at 0 ns). */
export function opsPerSecondOf(stats: SampleStats | null, estimate: Estimate): number {
  return stats?.opsPerSecond ?? (estimate.nsPerOp > 0 ? 1e9 / estimate.nsPerOp : Number.NaN);
}

/** How much slower the throttling reference ran around the benchmark than at the run's start (the worse of before and after). */
export const throttleRatio = (t: ThrottleInfo): number => Math.max(t.beforeNs, t.afterNs) / t.baselineNs;

/**
 * Items pooled in order (the samples of several processes), cut back into consecutive runs of the
 * given counts; null when the counts do not add up to the items (a file edited by hand).
 */
export function splitByCounts<T>(items: readonly T[], counts: readonly number[]): T[][] | null {
  if (counts.reduce((sum, n) => sum + n, 0) !== items.length) return null;
  let at = 0;
  return counts.map((n) => {
    at += n;
    return items.slice(at - n, at);
  });
}

/**
 * A result's samples per process as `forks[].sampleCount` records them: null without `forks`; one
 * process's count stands for all the samples, as when it was measured; counts that do not add up,
 * or an empty process (a file edited by hand), give null: the samples as one pool.
 */
export function forkSizesOf(samples: readonly unknown[], forks: readonly { sampleCount: number }[] | null): number[] | null {
  if (forks === null) return null;
  const sizes = forks.length === 1 ? [samples.length] : forks.map((f) => f.sampleCount);
  return !sizes.includes(0) && splitByCounts(samples, sizes) !== null ? sizes : null;
}
