/**
 * ubench's figures in tinybench's `Statistics` shape (tinybench 6, `TaskResultWithStatistics`):
 * what a tinybench file's `task.result` holds under ubench, and what vitest's benchmark provider
 * (src/vitest/bench-result.ts) hands vitest. The mean carries ubench's estimate (the median of
 * per-sample ns/op, as ubench's table shows it) and `moe`/`rme` its 95% CI half-width, so code that
 * prints `latency.mean` or the throughput prints ubench's figure; the spread figures (min, max,
 * percentiles, sd, mad) describe ubench's samples, each the mean time per call over a batch of many
 * calls of a generated loop — not single calls, as tinybench's are.
 */
import type { Estimate } from '../../results/sample-types.js';
import { medianAbsoluteDeviation } from '../../stats/mad.js';
import { mean as meanOf, variance as varianceOf } from '../../stats/moments.js';
import { quantileSorted, sortAscending } from '../../stats/quantile.js';

const NS_PER_MS = 1e6;
const MS_PER_S = 1e3;

/** tinybench's `Statistics`, in milliseconds (latency) or operations per second (throughput). */
export interface TinybenchStatistics {
  aad: number;
  critical: number;
  df: number;
  mad: number;
  max: number;
  mean: number;
  min: number;
  moe: number;
  p50: number;
  p75: number;
  p99: number;
  p995: number;
  p999: number;
  rme: number;
  samples: number[] | undefined;
  samplesCount: number;
  sd: number;
  sem: number;
  variance: number;
}

/** The statistical part of a completed task's result. */
export interface TinybenchFigures {
  latency: TinybenchStatistics;
  throughput: TinybenchStatistics;
  /** Mean time per call, ms. */
  period: number;
  /** Time of every timed call, ms. */
  totalTime: number;
}

/** Descriptive figures of `values`, with `center` (ubench's estimate) as the mean and `halfWidth` as its margin of error. */
export function tinybenchStatistics(values: readonly number[], center: number, halfWidth: number, keep: boolean): TinybenchStatistics {
  const sorted = sortAscending(values);
  const n = sorted.length;
  const variance = n > 1 ? varianceOf(sorted) : 0;
  const sd = Math.sqrt(variance);
  const sem = n > 0 ? sd / Math.sqrt(n) : 0;
  const average = n > 0 ? meanOf(sorted) : center;
  const q = (p: number): number => (n === 0 ? center : quantileSorted(sorted, p));
  return {
    aad: n > 0 ? meanOf(sorted.map((v) => Math.abs(v - average))) : 0,
    critical: sem > 0 ? halfWidth / sem : 0,
    df: Math.max(0, n - 1),
    // tinybench's mad is not scaled to the normal's standard deviation.
    mad: n > 0 ? medianAbsoluteDeviation(sorted, 1) : 0,
    max: n > 0 ? sorted[n - 1]! : center,
    mean: center,
    min: n > 0 ? sorted[0]! : center,
    moe: halfWidth,
    p50: q(0.5),
    p75: q(0.75),
    p99: q(0.99),
    p995: q(0.995),
    p999: q(0.999),
    rme: center === 0 ? Number.POSITIVE_INFINITY : (100 * halfWidth) / Math.abs(center),
    samples: keep ? sorted : undefined,
    samplesCount: n,
    sd,
    sem,
    variance,
  };
}

/** Every figure NaN, no samples: a benchmark this process has no figures for. */
export function nanStatistics(): TinybenchStatistics {
  const statistics = tinybenchStatistics([], Number.NaN, Number.NaN, false);
  return { ...statistics, aad: Number.NaN, mad: Number.NaN, sd: Number.NaN, sem: Number.NaN, variance: Number.NaN, critical: Number.NaN };
}

/** Latency (ms) and throughput (ops/s) figures from ubench's estimate and per-sample ns/op, and the timed total (ns). */
export function tinybenchFigures(estimate: Estimate, perOpNs: readonly number[], elapsedNs: number, keepSamples: boolean): TinybenchFigures {
  const perOpMs = perOpNs.map((v) => v / NS_PER_MS);
  const latencyMs = estimate.nsPerOp / NS_PER_MS;
  const latencyHalf = (estimate.ciUpper - estimate.ciLower) / 2 / NS_PER_MS;
  const rate = (ms: number): number => (ms > 0 ? MS_PER_S / ms : 0);
  // The rate interval is the latency interval inverted (its ends swap), halved.
  const rateHalf = estimate.ciLower > 0 ? (rate(estimate.ciLower / NS_PER_MS) - rate(estimate.ciUpper / NS_PER_MS)) / 2 : 0;
  return {
    latency: tinybenchStatistics(perOpMs, latencyMs, latencyHalf, keepSamples),
    throughput: tinybenchStatistics(
      perOpMs.map((ms) => rate(ms)),
      rate(latencyMs),
      rateHalf,
      keepSamples,
    ),
    period: latencyMs,
    totalTime: elapsedNs / NS_PER_MS,
  };
}
