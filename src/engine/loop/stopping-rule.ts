/**
 * When to stop sampling (after BenchmarkDotNet): once the 95% confidence interval of the estimate
 * is narrow enough, or the time budget is spent, within minimum and maximum sample counts.
 */
import { DEFAULT_CONFIDENCE } from '../../stats/confidence.js';
import { medianConfidenceInterval } from '../../stats/median-ci.js';
import { median } from '../../stats/quantile.js';

/** BDN stops at a 2% CI half-width; we aim for 1% (docs/design.md §4). */
export const DEFAULT_PRECISION_TARGET = 0.01;
/** Above BDN's minimum of 15 so the multimodality test (N ≥ 15) and outlier fences have data. */
export const MIN_SAMPLES = 20;
/** The order-statistic CI of the median needs 6 values at 95% (benchstat); the budget cannot stop sooner. */
export const MIN_SAMPLES_FOR_CI = 6;
/** Keeps the results file bounded when samples are short. */
export const MAX_SAMPLES = 5_000;

export interface StoppingConfig {
  precisionTarget: number;
  timeBudgetNs: number;
  minSamples: number;
  maxSamples: number;
}

export type StopReason = 'precision' | 'budget' | 'max-samples';

/** Relative half-width of the median's 95% CI; Infinity when there are too few values. */
export function relativeHalfWidth(nsPerOp: readonly number[]): number {
  const ci = medianConfidenceInterval(nsPerOp, DEFAULT_CONFIDENCE);
  if (ci === null) return Number.POSITIVE_INFINITY;
  const center = median(nsPerOp);
  if (!(center > 0)) return ci.upper === ci.lower ? 0 : Number.POSITIVE_INFINITY;
  return (ci.upper - ci.lower) / 2 / center;
}

/** Decides after each sample; `null` means take another. */
export function shouldStop(nsPerOp: readonly number[], elapsedNs: number, config: StoppingConfig): StopReason | null {
  const count = nsPerOp.length;
  if (count >= config.maxSamples) return 'max-samples';
  if (count >= config.minSamples && relativeHalfWidth(nsPerOp) <= config.precisionTarget) return 'precision';
  if (elapsedNs >= config.timeBudgetNs && count >= Math.min(MIN_SAMPLES_FOR_CI, config.minSamples)) return 'budget';
  return null;
}
