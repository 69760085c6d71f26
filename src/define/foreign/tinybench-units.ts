/**
 * tinybench 6's clocks, unit helpers and sample diagnostics, for files that import them: they work
 * as tinybench documents them (a clock given as a Bench option is not read: ubench measures with
 * its own).
 */
import { medianAbsoluteDeviation as mad } from '../../stats/mad.js';

export const now = (): number => performance.now();
export const hrtimeNow = now;
export const mToNs = (ms: number): number => ms * 1e6;
export const nToMs = (ns: number): number => ns / 1e6;

interface TimestampProvider {
  name: string;
  fn: () => number;
  toMs(value: number): number;
  fromMs(value: number): number;
}

/** tinybench's timestamp providers, by the names its results report. */
export const performanceNowTimestampProvider: TimestampProvider = { name: 'performanceNow', fn: now, toMs: (value) => value, fromMs: (value) => value };
export const hrtimeNowTimestampProvider: TimestampProvider = { name: 'hrtimeNow', fn: now, toMs: (value) => value, fromMs: (value) => value };

/** The median absolute deviation of sorted samples, unscaled (tinybench's). */
export const medianAbsoluteDeviation = (sorted: readonly number[]): number => mad(sorted, 1);

/** The smallest positive sample seen at least twice, else the smallest positive one (undefined: none). */
export function estimateResolution(sorted: readonly number[]): number | undefined {
  const positive = sorted.filter((v) => v > 0);
  const repeated = positive.find((v, i) => positive[i + 1] === v);
  return repeated ?? positive[0];
}

/** Fewer samples than this are never called saturated (tinybench's rule). */
const SATURATION_MIN_SAMPLES = 10;

/** Why a timer looks saturated in these samples (tinybench's three criteria, in its order), or undefined. */
export function classifyTimerSaturation(sorted: readonly number[], deviation: number): 'zero-dominated' | 'low-distinct' | 'zero-mad' | undefined {
  const n = sorted.length;
  if (n < SATURATION_MIN_SAMPLES) return undefined;
  if (sorted.filter((v) => v === 0).length * 2 > n) return 'zero-dominated';
  if (new Set(sorted).size < Math.max(3, Math.min(10, Math.floor(n / 1000)))) return 'low-distinct';
  if (deviation === 0 && n > 100) return 'zero-mad';
  return undefined;
}

export const detectTimerSaturation = (sorted: readonly number[], deviation: number): boolean => classifyTimerSaturation(sorted, deviation) !== undefined;

/** Pairs of back-to-back clock reads tinybench times to estimate one read's cost. */
const CALIBRATION_PAIRS = 1024;

/** The cost of one read of `provider`'s clock, ms: the median of positive back-to-back deltas (0 when under half are positive). */
export function calibrateTimerOverhead(provider: { fn: () => number; toMs(value: number): number } = performanceNowTimestampProvider, options: { pairs?: number } = {}): number {
  const pairs = options.pairs ?? CALIBRATION_PAIRS;
  const deltas: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const a = provider.fn();
    const delta = provider.toMs(provider.fn() - a);
    if (delta > 0) deltas.push(delta);
  }
  if (deltas.length * 2 < pairs) return 0;
  deltas.sort((x, y) => x - y);
  return deltas[deltas.length >> 1]!;
}
