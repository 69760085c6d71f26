/**
 * When to stop sampling (after BenchmarkDotNet): once the 95% confidence interval of the estimate
 * is narrow enough, or the time budget is spent, within minimum and maximum sample counts — or,
 * ours, once the interval has stopped narrowing at the rate more samples would buy: the host's
 * limit (docs/design.md §4).
 *
 * Independent samples narrow the median's interval as 1/√n: doubling the count narrows it by 29%.
 * When the host's speed moves — slow steps, bursts, a level shift between rounds — the samples
 * spread further as more of them are taken, and the interval stops narrowing; sampling to the end
 * of the budget then costs time and buys nothing. The rule compares the half-width now with the
 * half-width of the first half of the samples: the exponent `rate` in h ∝ n^(−rate) between the two
 * is ½ for independent samples and ~0 or below for a host-limited series. It stops when that rate
 * is well under ½ and, at that rate, the rest of the budget would narrow the interval by less than
 * a tenth.
 */
import { DEFAULT_CONFIDENCE } from '../../stats/confidence.js';
import { medianConfidenceInterval } from '../../stats/median-ci.js';
import { median } from '../../stats/quantile.js';
import { runsTest } from '../../stats/runs-test.js';
import { SHAPE_MIN_SAMPLES } from '../../stats/shape-samples.js';

/** BDN stops at a 2% CI half-width; we aim for 1% (docs/design.md §4). */
export const DEFAULT_PRECISION_TARGET = 0.01;
/**
 * Neither precision nor the host's limit stops sampling before the shape tests (levels, trends,
 * multimodality) can decide (stats/shape-samples.ts); only the budget does. Above BDN's minimum of 15.
 */
export const MIN_SAMPLES = SHAPE_MIN_SAMPLES;
/**
 * `--quick` reports time and bytes/op, not the samples' shape, so precision may stop it at
 * BenchmarkDotNet's minimum of 15 samples; the shape tests are among what the run says it left out.
 */
export const QUICK_MIN_SAMPLES = 15;
/** The host's limit compares the first half of the samples with all of them: each half needs this many for a half-width worth comparing. */
export const HOST_LIMIT_MIN_HALF = 20;
/** The order-statistic CI of the median needs 6 values at 95% (benchstat); the budget cannot stop sooner. */
export const MIN_SAMPLES_FOR_CI = 6;
/** Keeps the results file bounded when samples are short. */
export const MAX_SAMPLES = 5_000;
/**
 * The narrowing rate of independent samples: the median's CI half-width ∝ n^(−½) (order-statistic
 * ranks n/2 ± 0.98·√n apart, over a density that does not change with n).
 */
export const INDEPENDENT_RATE = 0.5;
/**
 * The interval has stopped narrowing when its rate is under this, half of independent samples'
 * ½ (doubling the count narrows it by < 16%, where 1/√n predicts 29%). Simulated (seeded
 * stationary series, 40–320 samples, normal and skewed noise), the rate measured between half and
 * all of the samples falls under 0.25 in a few percent of checks; the MIN_REMAINING_GAIN condition
 * and the budget share keep those from stopping (`npm run lab -- stopping`).
 */
export const STALLED_RATE = 0.25;
/**
 * Stop when, at the measured rate, the rest of the budget would narrow the interval by less than
 * this fraction: a tenth is under the run-to-run spread of the half-width itself (the median CI's
 * half-width from 40 samples varies by ±20–30% between seeded stationary series).
 */
export const MIN_REMAINING_GAIN = 0.1;
/**
 * The rule is not applied before this share of the budget is spent: the first samples after
 * warm-up still carry its transients (design.md §3: caches refilled after the harness's own work),
 * and a rate read over a tenth of the budget extrapolates too far.
 */
export const HOST_LIMIT_MIN_BUDGET_SHARE = 0.25;
/**
 * And only when the samples cluster in time (runs test about the median, one-sided p ≤ 0.001, the
 * drift rule's level): the rate measured from 40–100 samples is too noisy alone — for independent
 * samples it falls under STALLED_RATE in 15–28% of single looks (simulated, 40–400 samples) — while
 * a host-limited series is one whose level moves, which leaves long runs above and below the median.
 */
export const HOST_CLUSTERED_P = 0.001;
/**
 * Past 64 samples the host limit is checked at most this many times per doubling of the count (at
 * counts divisible by ⌊n/32⌋): each check sorts the samples three times, which at 5,000 samples of
 * a long --time would cost milliseconds after every sample, and fewer looks mean fewer chances
 * for a stationary series to stop by chance.
 */
export const HOST_LIMIT_CHECKS_PER_DOUBLING = 32;

export interface StoppingConfig {
  precisionTarget: number;
  timeBudgetNs: number;
  minSamples: number;
  maxSamples: number;
}

export type StopReason = 'precision' | 'budget' | 'max-samples' | 'host-limit';

/** Relative half-width of the median's 95% CI; Infinity when there are too few values. */
export function relativeHalfWidth(nsPerOp: readonly number[]): number {
  const ci = medianConfidenceInterval(nsPerOp, DEFAULT_CONFIDENCE);
  if (ci === null) return Number.POSITIVE_INFINITY;
  const center = median(nsPerOp);
  if (!(center > 0)) return ci.upper === ci.lower ? 0 : Number.POSITIVE_INFINITY;
  return (ci.upper - ci.lower) / 2 / center;
}

/** How the interval narrowed from the first half of the samples to all of them. */
export interface Narrowing {
  /** Half-width of all samples, relative. */
  now: number;
  /** Half-width of the first half, relative. */
  half: number;
  /** Exponent in h ∝ n^(−rate) between the two: ½ for independent samples, ≤ 0 when it stopped narrowing. */
  rate: number;
  /** Fraction by which the rest of the budget would narrow it at that rate (0 when it does not narrow). */
  remainingGain: number;
}

/** The narrowing so far, or null when the first half is too short for its own interval or nothing is spent. */
export function narrowing(nsPerOp: readonly number[], elapsedNs: number, config: StoppingConfig, halfWidthNow?: number): Narrowing | null {
  const n = nsPerOp.length;
  const halfCount = n >> 1;
  if (halfCount < Math.max(Math.min(config.minSamples, HOST_LIMIT_MIN_HALF), MIN_SAMPLES_FOR_CI) || !(elapsedNs > 0)) return null;
  const now = halfWidthNow ?? relativeHalfWidth(nsPerOp);
  const half = relativeHalfWidth(nsPerOp.slice(0, halfCount));
  if (!Number.isFinite(now) || !Number.isFinite(half)) return null;
  const rate = now === 0 ? Number.POSITIVE_INFINITY : half === 0 ? Number.NEGATIVE_INFINITY : Math.log(half / now) / Math.log(n / halfCount);
  const spentShare = Math.min(1, elapsedNs / config.timeBudgetNs);
  const remainingGain = rate > 0 ? 1 - spentShare ** Math.min(rate, INDEPENDENT_RATE) : 0;
  return { now, half, rate, remainingGain };
}

/** Whether the interval has stopped narrowing at the rate more samples would buy (see the module comment). */
export function hostLimitReached(nsPerOp: readonly number[], elapsedNs: number, config: StoppingConfig, halfWidthNow?: number): boolean {
  if (elapsedNs < HOST_LIMIT_MIN_BUDGET_SHARE * config.timeBudgetNs) return false;
  const n = nsPerOp.length;
  if (n % Math.max(1, Math.floor(n / HOST_LIMIT_CHECKS_PER_DOUBLING)) !== 0) return false;
  const seen = narrowing(nsPerOp, elapsedNs, config, halfWidthNow);
  if (seen === null || seen.rate >= STALLED_RATE || seen.remainingGain >= MIN_REMAINING_GAIN) return false;
  return runsTest(nsPerOp).pClustered <= HOST_CLUSTERED_P;
}

/**
 * Decides after each sample; `null` means take another. `nsPerOp` are the values the estimate reads
 * (the host's quiet rounds where there are enough of them, results/quiet-samples.ts), whose interval
 * the precision target and the host's limit judge; `count` is every sample taken, which the minimum
 * (the shape tests read them all), the maximum and the budget count.
 */
export function shouldStop(nsPerOp: readonly number[], elapsedNs: number, config: StoppingConfig, count = nsPerOp.length): StopReason | null {
  if (count >= config.maxSamples) return 'max-samples';
  const halfWidth = count >= config.minSamples ? relativeHalfWidth(nsPerOp) : Number.POSITIVE_INFINITY;
  if (halfWidth <= config.precisionTarget) return 'precision';
  if (elapsedNs >= config.timeBudgetNs && count >= Math.min(MIN_SAMPLES_FOR_CI, config.minSamples)) return 'budget';
  if (count >= config.minSamples && hostLimitReached(nsPerOp, elapsedNs, config, halfWidth)) return 'host-limit';
  return null;
}
