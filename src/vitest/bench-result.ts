/**
 * A ubench result → the tinybench-shaped result vitest expects (its table, `toBeFasterThan` /
 * `toBeSlowerThan`, `bench.compare`, `withBaseline`, `outputJson` all read these fields). The
 * mean and the hz column carry ubench's estimate (the median of per-sample ns/op, with its CI as
 * the margin of error), so vitest's comparisons use ubench's figure; the spread figures (min, max,
 * percentiles, sd) describe ubench's samples, each the mean time per call over a sample of many
 * calls of a generated loop — not single calls, as tinybench's do.
 */
import type { BenchmarkResult } from '../results/types.js';
import { perOpValues } from '../results/derived-values.js';
import { medianAbsoluteDeviation } from '../stats/mad.js';
import { mean as meanOf, variance as varianceOf } from '../stats/moments.js';
import { quantileSorted, sortAscending } from '../stats/quantile.js';
import type { VitestBenchResult, VitestStatistics } from './vitest-types.js';

const NS_PER_MS = 1e6;
const MS_PER_S = 1e3;

/** Descriptive figures of `values`, with `center` (ubench's estimate) as the mean and `halfWidth` as its margin of error. */
function statistics(values: readonly number[], center: number, halfWidth: number, keep: boolean): VitestStatistics {
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

/** Throws for a benchmark without an estimate (it failed): vitest then fails the test with that message. */
export function toVitestResult(name: string, result: BenchmarkResult, retainSamples: boolean): VitestBenchResult {
  const estimate = result.estimate;
  if (estimate === null || result.status !== 'ok') throw new Error(`${name}: ${result.error?.message ?? 'ubench measured no estimate'}`);
  const perOpMs = perOpValues(result.samples).map((ns) => ns / NS_PER_MS);
  const latencyMs = estimate.nsPerOp / NS_PER_MS;
  const latencyHalf = (estimate.ciUpper - estimate.ciLower) / 2 / NS_PER_MS;
  const rate = (ms: number): number => (ms > 0 ? MS_PER_S / ms : 0);
  // The rate interval is the latency interval inverted (its ends swap), halved.
  const rateHalf = estimate.ciLower > 0 ? (rate(estimate.ciLower / NS_PER_MS) - rate(estimate.ciUpper / NS_PER_MS)) / 2 : 0;
  return {
    name,
    state: 'completed',
    latency: statistics(perOpMs, latencyMs, latencyHalf, retainSamples),
    throughput: statistics(
      perOpMs.map((ms) => rate(ms)),
      rate(latencyMs),
      rateHalf,
      retainSamples,
    ),
    period: latencyMs,
    totalTime: result.samples.reduce((sum, s) => sum + s.elapsedNs, 0) / NS_PER_MS,
    runtime: 'node',
    runtimeVersion: process.versions.node,
    timestampProviderName: 'hrtime',
  };
}
