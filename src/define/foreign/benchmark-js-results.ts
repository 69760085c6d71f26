/**
 * ubench's figures in Benchmark.js 2.x's shape (docs/integrations.md): what a benchmark's `stats`,
 * `times`, `hz`, `count` and `cycles` hold after its suite's `run()` under ubench, how `String(bench)`
 * prints it, and how `compare()` and `filter('fastest' | 'slowest')` judge two of them.
 * - `stats.mean` (s per call) and `hz` carry ubench's estimate, `stats.moe`/`rme` its 95% CI
 *   half-width, so a `cycle` handler printing `String(event.target)` prints ubench's figure;
 * - `stats.sample` holds ubench's samples (s per call, each the mean over a batch of many calls),
 *   and `deviation`, `variance`, `sem` describe them; `cycles` counts them, `count` is the mean
 *   calls per sample;
 * - `compare()` is a Mann–Whitney U test on the samples at 5%, as Benchmark.js's is.
 * A benchmark this process does not measure reads NaN throughout (zero cycles), so `filter()`
 * leaves it out as unrun; a failed one carries its `error`.
 */
import { mannWhitneyU } from '../../stats/mann-whitney.js';
import { variance as varianceOf } from '../../stats/moments.js';
import type { ForeignOutcome } from './foreign-run.js';

const NS_PER_S = 1e9;
/** Benchmark.js calls two benchmarks different when the U test rejects at this level. */
const COMPARE_ALPHA = 0.05;

export interface BenchmarkStats {
  moe: number;
  rme: number;
  sem: number;
  deviation: number;
  mean: number;
  sample: number[];
  variance: number;
}

export interface BenchmarkTimes {
  cycle: number;
  elapsed: number;
  period: number;
  timeStamp: number;
}

/** The figures a Benchmark.js benchmark holds after a run. */
export interface BenchmarkFigures {
  stats: BenchmarkStats;
  times: BenchmarkTimes;
  hz: number;
  count: number;
  cycles: number;
  error: Error | undefined;
}

/** Benchmark.js's figures before any run. */
export function emptyFigures(): BenchmarkFigures {
  return {
    stats: { moe: 0, rme: 0, sem: 0, deviation: 0, mean: 0, sample: [], variance: 0 },
    times: { cycle: 0, elapsed: 0, period: 0, timeStamp: 0 },
    hz: 0,
    count: 0,
    cycles: 0,
    error: undefined,
  };
}

/** The figures from what ubench measured of the benchmark; `started`: when its run began (ms since the epoch). */
export function benchmarkFigures(outcome: ForeignOutcome | undefined, started: number): BenchmarkFigures {
  if (outcome?.state === 'failed') return { ...emptyFigures(), error: new Error(outcome.message) };
  if (outcome?.state !== 'measured') {
    const nan = Number.NaN;
    return {
      stats: { moe: nan, rme: nan, sem: nan, deviation: nan, mean: nan, sample: [], variance: nan },
      times: { cycle: nan, elapsed: nan, period: nan, timeStamp: started },
      hz: nan,
      count: 0,
      cycles: 0,
      error: undefined,
    };
  }
  const sample = outcome.perOpNs.map((ns) => ns / NS_PER_S);
  const n = sample.length;
  const variance = n > 1 ? varianceOf(sample) : 0;
  const deviation = Math.sqrt(variance);
  const mean = outcome.estimate.nsPerOp / NS_PER_S;
  const moe = (outcome.estimate.ciUpper - outcome.estimate.ciLower) / 2 / NS_PER_S;
  return {
    stats: { moe, rme: mean > 0 ? (100 * moe) / mean : 0, sem: n > 0 ? deviation / Math.sqrt(n) : 0, deviation, mean, sample, variance },
    times: { cycle: n > 0 ? outcome.elapsedNs / n / NS_PER_S : 0, elapsed: outcome.elapsedNs / NS_PER_S, period: mean, timeStamp: started },
    hz: mean > 0 ? 1 / mean : 0,
    count: n > 0 ? Math.round(outcome.iterations / n) : 0,
    cycles: n,
    error: undefined,
  };
}

/** Benchmark.js's `formatNumber`: digits grouped by commas, `1,234,567.89`. */
export function formatNumber(value: number | string): string {
  const [whole = '', fraction] = String(value).split('.');
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined || fraction === '' ? '' : `.${fraction}`);
}

/** `String(bench)` as Benchmark.js prints it: `name x 1,234 ops/sec ±1.23% (85 runs sampled)`, or `name: name: Error, message: …`. */
export function benchmarkText(name: string, figures: BenchmarkFigures): string {
  if (figures.error !== undefined) return `${name}: name: ${figures.error.name}, message: ${figures.error.message}`;
  const { hz, stats } = figures;
  const size = stats.sample.length;
  return `${name} x ${formatNumber(hz.toFixed(hz < 100 ? 2 : 0))} ops/sec \u00b1${stats.rme.toFixed(2)}% (${size} run${size === 1 ? '' : 's'} sampled)`;
}

/** 1: `a` is faster, -1: slower, 0: the samples do not tell them apart (Mann–Whitney U at 5%). */
export function compareFigures(a: BenchmarkFigures, b: BenchmarkFigures): number {
  if (a === b) return 0;
  const x = a.stats.sample;
  const y = b.stats.sample;
  if (x.length === 0 || y.length === 0) return 0;
  if (mannWhitneyU(x, y).pValue >= COMPARE_ALPHA) return 0;
  return a.stats.mean < b.stats.mean ? 1 : -1;
}

/** Measured without error and finite: what Benchmark.js's `filter('successful')` keeps. */
export const isSuccessful = (figures: BenchmarkFigures): boolean => figures.cycles > 0 && Number.isFinite(figures.hz) && figures.error === undefined;

/** Benchmark.js's `filter('fastest' | 'slowest')`: the best by mean plus margin, and those the U test cannot tell from it. */
export function extremes<T extends { figures: BenchmarkFigures }>(benches: readonly T[], which: 'fastest' | 'slowest'): T[] {
  const sign = which === 'fastest' ? 1 : -1;
  const ranked = benches.filter((b) => isSuccessful(b.figures)).sort((a, b) => sign * (a.figures.stats.mean + a.figures.stats.moe - (b.figures.stats.mean + b.figures.stats.moe)));
  const best = ranked[0];
  return best === undefined ? [] : ranked.filter((b) => compareFigures(best.figures, b.figures) === 0);
}
