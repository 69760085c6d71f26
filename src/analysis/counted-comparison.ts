/**
 * The counted comparison of `--metric instructions` pairs (`ab`, `bisect`): instruction counts of the
 * same code repeat from process to process within a small fraction of a percent, so where each side's
 * counts over the pairs so far do repeat, the change is read off the counts themselves rather than
 * tested. The interval is the whole range the pairs allow, [min B / max A − 1, max B / min A − 1]: it
 * holds every pair's ratio (and every ratio of any A with any B), and it claims no sampling
 * distribution — it is not a confidence interval, and the row has no p-value. It is judged against
 * the noise band as the time verdicts are: slower or faster when the whole range lies beyond it, the
 * same when the whole range lies inside it, can't tell otherwise. Where a side's counts do not repeat
 * (a body whose count depends on the process — the clock, its pid, crypto randomness — or on where
 * collections fall), the row is left to
 * the signed-rank test (ab-pairs.ts), and says so.
 */
import { formatSignedPercent, formatThresholdPercent } from '../results/text/format-units.js';
import { median } from '../stats/quantile.js';
import type { Verdict } from './compare-row.js';

/**
 * How far a side's counts may spread (max/min − 1) and still be said to repeat: 0.1%. Counts of
 * unchanged code in separate processes agreed within 0.01% across 21 runs here (lab/instructions.md);
 * a tenth of a percent leaves room for a body that pays a little per process (a cache of its own,
 * a rare branch), and is half the 0.2% band counts are judged against (INSTRUCTION_NOISE), so a
 * range of two repeating sides still fits inside the band when nothing changed.
 */
export const COUNT_REPEAT_TOLERANCE = 0.001;

/**
 * Pairs a counted verdict needs at least, and so the pairs `--metric instructions` measures by
 * default: one count per side cannot show that the count repeats; two can.
 */
export const COUNTED_MIN_PAIRS = 2;

/** What judged a row of an A/B: the range of repeating counts, or the signed-rank test on the paired ratios. */
export type JudgedBy = 'counted' | 'signed-rank';

/** max/min − 1 of positive values: how far apart the largest and the smallest are (Infinity for none, or a value ≤ 0). */
export function countSpread(values: readonly number[]): number {
  if (values.length === 0 || values.some((v) => !(v > 0) || !Number.isFinite(v))) return Number.POSITIVE_INFINITY;
  return Math.max(...values) / Math.min(...values) - 1;
}

/** Whether a side's counts repeat: at least COUNTED_MIN_PAIRS of them, spread within the tolerance. */
export function countsRepeat(values: readonly number[], tolerance: number = COUNT_REPEAT_TOLERANCE): boolean {
  return values.length >= COUNTED_MIN_PAIRS && countSpread(values) <= tolerance;
}

/** The counted change of B against A: the ratio of the medians − 1, and the whole range the pairs allow. */
export interface CountedRange {
  change: number;
  lower: number;
  upper: number;
}

/** The change and the whole range of B against A from each side's counts (positive, non-empty). */
export function countedRange(a: readonly number[], b: readonly number[]): CountedRange {
  return {
    change: median(b) / median(a) - 1,
    lower: Math.min(...b) / Math.max(...a) - 1,
    upper: Math.max(...b) / Math.min(...a) - 1,
  };
}

/** What would decide a counted row that can't tell: the range does not narrow with more pairs of repeating counts. */
export const COUNTED_DECIDE = 'a --noise band (or bisect --threshold) farther from the change: the counts repeat, so more pairs would not narrow the range';

/** The verdict on a counted range against the noise band: a change only when the whole range lies beyond it. */
export function countedVerdict(range: CountedRange, band: number): { verdict: Verdict; reason: string | null } {
  const span = `[${formatSignedPercent(range.lower)}, ${formatSignedPercent(range.upper)}]`;
  const edge = `±${formatThresholdPercent(band)} band`;
  if (range.lower > band) return { verdict: 'slower', reason: null };
  if (range.upper < -band) return { verdict: 'faster', reason: null };
  if (range.lower >= -band && range.upper <= band) return { verdict: 'same', reason: `the whole counted range ${span} lies inside the ${edge}` };
  return { verdict: 'cant-tell', reason: `the counted range ${span} crosses an edge of the ${edge}; to decide: ${COUNTED_DECIDE}` };
}

/** The line that says what judged an instructions row, and why: the counts' spread on each side against the tolerance. */
export function judgedText(judgedBy: JudgedBy, spread: { a: number; b: number }): string {
  const within = `within ${formatThresholdPercent(COUNT_REPEAT_TOLERANCE)}`;
  // Two significant digits however small: the spreads of repeating counts are thousandths of a percent.
  const pct = (x: number): string => (!Number.isFinite(x) ? 'n/a' : x === 0 ? '0%' : `${+(x * 100).toPrecision(2)}%`);
  const sides = `A ${pct(spread.a)}, B ${pct(spread.b)}`;
  return judgedBy === 'counted'
    ? `counted: each side's counts repeat ${within} (max/min − 1: ${sides}); the interval is the whole range of the pairs, no sampling distribution claimed`
    : `signed rank: the counts did not repeat ${within} on both sides (max/min − 1: ${sides}), or too few pairs to tell, so the paired ratios were tested`;
}
