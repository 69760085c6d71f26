/**
 * One row of a comparison of two runs, and the verdict rule every comparison uses (compare, history,
 * ab; time or instructions).
 */
import { formatSignedPercent, formatThresholdPercent } from '../results/text/format-units.js';
import { DEFAULT_CONFIDENCE } from '../stats/confidence.js';
import type { BandBasis } from './learned-band.js';

/** benchstat's significance level. */
export const COMPARE_ALPHA = 0.05;
/** Confidence level of the change's interval: ubench's one level (stats/confidence.ts). */
export const COMPARE_CONFIDENCE = DEFAULT_CONFIDENCE;
/**
 * Three values, and a fourth that says it cannot choose between them: `faster`/`slower` (the change's
 * whole interval beyond the band, the test significant), `same` (the whole interval inside the
 * band), `cant-tell` (the interval crosses an edge of the band, or there is none): never read as
 * "no change".
 */
export type Verdict = 'faster' | 'slower' | 'same' | 'cant-tell';

/** Whether a verdict calls a change (`faster` or `slower`). */
export const isChange = (verdict: Verdict): boolean => verdict === 'faster' || verdict === 'slower';

/** The four verdicts in the order a summary names them. */
const VERDICT_ORDER: readonly Verdict[] = ['slower', 'faster', 'same', 'cant-tell'];

/** How many rows got each verdict, in the order a summary names them, those with none left out. */
export function verdictCounts(rows: readonly { verdict: Verdict }[]): [Verdict, number][] {
  return VERDICT_ORDER.flatMap((v): [Verdict, number][] => {
    const count = rows.filter((r) => r.verdict === v).length;
    return count === 0 ? [] : [[v, count]];
  });
}

/** The verdict as a person reads it: `can't tell` for `cant-tell`. */
export const verdictText = (verdict: Verdict): string => (verdict === 'cant-tell' ? "can't tell" : verdict);

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
  /**
   * How far above the machine's usual throughput reference the samples of each side's estimate read
   * (analysis/run-host-speed.ts slowedRead), where one did by USUAL_THROUGHPUT_BAND or more: such a row is
   * never `same`, and its band is widened by that allowance too. Absent otherwise.
   */
  slowedHost?: { base: number | null; new: number | null };
  /** The band and its basis in words: "band ±3.1% from 6 kept runs" (absent where bandBasis is). */
  bandText?: string;
  /** Why the verdict is `same` or `cant-tell` (with what would decide it), or null for a change. */
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

/** What callVerdict says of a row it cannot call: why there is no interval, and what would decide it. */
export interface VerdictContext {
  noInterval?: string;
  /** What would decide a `cant-tell` (more pairs, --forks, a quieter host), appended to its reason. */
  decide?: string;
  /**
   * The band a `same` must lie inside, when narrower than the band a change must clear: an allowance
   * for the host's movement widens the doubt both ways, so it makes a change harder to call without
   * making "same" easier. null: the row cannot be called the same at all (a side read on a slowed host).
   */
  sameBand?: number | null;
}

const interval = (lower: number, upper: number): string => `[${formatSignedPercent(lower)}, ${formatSignedPercent(upper)}]`;

/**
 * The verdict rule of compare, history and ab: `faster`/`slower` when the test is significant and the
 * whole CI lies beyond the band; `same` when the whole CI lies inside it; `cant-tell` otherwise, with
 * the reason (which never calls the change "within" a band it reaches past) and what would decide it.
 */
export function callVerdict(test: ChangeTest, band: number, context: VerdictContext = {}): { verdict: Verdict; reason: string | null } {
  const { pValue, change, ciLower, ciUpper } = test;
  const decide = context.decide === undefined ? '' : `; to decide: ${context.decide}`;
  if (ciLower === null || ciUpper === null || !Number.isFinite(ciLower) || !Number.isFinite(ciUpper)) {
    return { verdict: 'cant-tell', reason: `${context.noInterval ?? 'no confidence interval'}${decide}` };
  }
  const significant = pValue < COMPARE_ALPHA;
  const p = `p = ${pValue.toPrecision(2)}`;
  const edge = `±${formatThresholdPercent(band)} band`;
  const ci = interval(ciLower, ciUpper);
  if (ciLower > band || ciUpper < -band) {
    if (significant) return { verdict: change > 0 ? 'slower' : 'faster', reason: null };
    return { verdict: 'cant-tell', reason: `its interval ${ci} lies beyond the ${edge}, but the test is not significant (${p})${decide}` };
  }
  const inner = context.sameBand === undefined ? band : context.sameBand;
  if (inner !== null && ciLower >= -inner && ciUpper <= inner) return { verdict: 'same', reason: `the whole interval ${ci} lies inside the ±${formatThresholdPercent(inner)} band` };
  if (inner === null && ciLower >= -band && ciUpper <= band)
    return { verdict: 'cant-tell', reason: `${ci} lies inside the ${edge}, but a side was measured on a slowed host, so "same" would be the host's word, not the code's${decide}` };
  const what = significant ? `${formatSignedPercent(change)} (${p}) with an interval ${ci}` : `not significant (${p}), and the interval ${ci}`;
  return { verdict: 'cant-tell', reason: `${what} crosses an edge of the ${edge}${decide}` };
}
