/**
 * One row of a comparison of two runs, and the verdict rule every comparison uses (compare, history,
 * ab; time or instructions).
 */
import { formatThresholdPercent } from '../results/format-units.js';
import { DEFAULT_CONFIDENCE } from '../stats/confidence.js';
import type { BandBasis } from './learned-band.js';

/** benchstat's significance level. */
export const COMPARE_ALPHA = 0.05;
/** Confidence level of the change's interval: ubench's one level (stats/confidence.ts). */
export const COMPARE_CONFIDENCE = DEFAULT_CONFIDENCE;
export type Verdict = 'faster' | 'slower' | '~';

export interface CompareSide {
  nsPerOp: number;
  /** Values the test compared: samples, processes with `--forks`, or regions (instructions). */
  n: number;
  /** With `--metric instructions`: the instructions per operation compared (nsPerOp stays the time). */
  perOp?: number;
}

/** What a comparison calls changes on: time (the default) or instructions per operation (`--instructions` runs). */
export type CompareMetric = 'time' | 'instructions';

export interface BytesChange {
  base: number;
  new: number;
  /** new − base, bytes per operation. */
  difference: number;
  /** Whether the difference exceeds what allocation accounting resolves (0.5 B/op). */
  differs: boolean;
}

export interface CompareRow {
  id: string;
  name: string;
  file: string;
  group: string | null;
  base: CompareSide;
  new: CompareSide;
  /** new / base of the medians. */
  ratio: number;
  /** ratio − 1: +0.05 is 5% slower. */
  change: number;
  ciLower: number;
  ciUpper: number;
  pValue: number;
  /** What the test compared: samples or processes (time), or the counted regions (instructions). */
  unit: 'samples' | 'forks' | 'regions';
  verdict: Verdict;
  /**
   * How much slower (+) or faster (−) the host ran in the new run than in the base, from the
   * host-speed reference next to the samples; null when either run lacks it or with --forks.
   */
  hostShift: number | null;
  /** The same from the throughput reference (null when either run lacks it, or with --forks). */
  throughputShift: number | null;
  /**
   * The band this row was judged with: the noise band; when compared by samples of single
   * processes, what this benchmark's processes differ by (learned-band.ts: learned from kept runs,
   * floored at the noise band, or noise + PROCESS_ALLOWANCE) widened by the larger of |hostShift|
   * and |throughputShift|.
   */
  band: number;
  /** Single-process rows: where the process part of the band came from — learned from kept runs, or the default (absent in older comparisons and other rows). */
  bandBasis?: BandBasis;
  /** The band and its basis in words: "band ±3.1% from 6 kept runs" (absent where bandBasis is). */
  bandText?: string;
  /** Why the verdict is `~`, or null. */
  reason: string | null;
  /** Why this comparison could not have reached significance, or null. */
  warning: string | null;
  bytes: BytesChange | null;
}

/** What the verdict rule reads: the test's p-value, and the change with its CI (null when there is none). */
export interface ChangeTest {
  pValue: number;
  change: number;
  ciLower: number | null;
  ciUpper: number | null;
}

/**
 * The verdict rule of compare, history and ab: `faster`/`slower` only when the test is significant
 * and the whole CI lies beyond the noise band; otherwise `~` with the reason (`noInterval` when
 * there is no CI).
 */
export function callVerdict(test: ChangeTest, noise: number, noInterval = 'no confidence interval'): { verdict: Verdict; reason: string | null } {
  const { pValue, change, ciLower, ciUpper } = test;
  const significant = pValue < COMPARE_ALPHA;
  const hasInterval = ciLower !== null && ciUpper !== null;
  const beyondNoise = hasInterval && (ciLower > noise || ciUpper < -noise);
  const verdict: Verdict = significant && beyondNoise ? (change > 0 ? 'slower' : 'faster') : '~';
  const reason = verdict !== '~' ? null : !hasInterval ? noInterval : !significant ? `not significant (p = ${pValue.toPrecision(2)})` : `within the ±${formatThresholdPercent(noise)} noise band`;
  return { verdict, reason };
}
