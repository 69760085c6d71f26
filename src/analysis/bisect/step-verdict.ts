/**
 * One bisect step's verdict from `ab`'s paired analysis of a commit against the good end: slower
 * when a benchmark is called slower (signed-rank, Holm over the benchmarks) with its whole interval
 * beyond the threshold, as `ab --fail-on-regression` fails; not slower when every benchmark's
 * interval stays below the threshold; undecided otherwise (an interval across the threshold, or too
 * few pairs for one). With `--faster` the same, mirrored: faster by more than the threshold. Under
 * `--metric instructions` a row may be counted (analysis/counted-comparison.ts): its interval is the
 * whole range of repeating counts, judged against the threshold alike, and the step says so.
 */
import type { AbAnalysis, AbRow } from '../ab-pairs.js';
import { formatSignedPercent, formatThresholdPercent } from '../../results/text/format-units.js';
import type { StepResult } from './bisect-search.js';

export type Direction = 'slower' | 'faster';

/** A row's change and interval turned so that "beyond" is positive for the direction sought. */
function oriented(row: AbRow, direction: Direction): { lower: number | null; upper: number | null; called: boolean } {
  if (direction === 'slower') return { lower: row.ciLower, upper: row.ciUpper, called: row.verdict === 'slower' };
  return { lower: row.ciUpper === null ? null : -row.ciUpper, upper: row.ciLower === null ? null : -row.ciLower, called: row.verdict === 'faster' };
}

const interval = (row: AbRow): string =>
  `${formatSignedPercent(row.change)} [${row.ciLower === null ? '?' : formatSignedPercent(row.ciLower)}, ${row.ciUpper === null ? '?' : formatSignedPercent(row.ciUpper)}]`;

/** What would decide an undecided step, by the metric it was measured with (and, counted, by its range: more pairs of repeating counts do not narrow it). */
export function decideHint(metric: string, counted = false): string {
  if (counted) return 'a threshold farther from the change (the counts repeat: more pairs would not narrow the range)';
  return metric === 'instructions' ? 'more --pairs, or a threshold farther from the change' : 'more --pairs, --metric instructions (valgrind), or a threshold farther from the change';
}

/** The clause a counted row's reason ends with: what judged it. */
const countedNote = (row: AbRow): string => (row.judgedBy === 'counted' ? ' (counted: the range of repeating counts)' : '');

export function stepVerdict(analysis: AbAnalysis, threshold: number, direction: Direction): StepResult {
  const metric = analysis.metric ?? 'time';
  const base = { pairs: analysis.pairs, metric };
  const numbers = (row: AbRow): Partial<StepResult> => ({
    benchmark: row.name,
    change: row.change,
    ciLower: row.ciLower,
    ciUpper: row.ciUpper,
    ...(metric === 'instructions' ? { judgedBy: row.judgedBy } : {}),
  });
  if (analysis.rows.length === 0) return { ...base, verdict: 'skipped', reason: 'no benchmark was measured on both sides' };
  const pct = formatThresholdPercent(threshold);
  const beyond = analysis.rows.filter((r) => {
    const o = oriented(r, direction);
    return o.called && o.lower !== null && o.lower > threshold;
  });
  if (beyond.length > 0) {
    const worst = [...beyond].sort((a, b) => (direction === 'slower' ? b.change - a.change : a.change - b.change))[0]!;
    return { ...base, ...numbers(worst), verdict: 'slower', reason: `${worst.name} ${interval(worst)}: ${direction} by more than ${pct}${countedNote(worst)}` };
  }
  const open = analysis.rows.filter((r) => {
    const o = oriented(r, direction);
    return o.upper === null || o.upper >= threshold;
  });
  if (open.length === 0) {
    const nearest = [...analysis.rows].sort((a, b) => (oriented(b, direction).upper ?? 0) - (oriented(a, direction).upper ?? 0))[0]!;
    return { ...base, ...numbers(nearest), verdict: 'not-slower', reason: `every interval below ${pct} (nearest: ${nearest.name} ${interval(nearest)}${countedNote(nearest)})` };
  }
  // A row more pairs could decide is named first; a step whose open rows are all counted is `counted`: measuring it again would not narrow them.
  const first = open.find((r) => r.judgedBy === 'signed-rank') ?? open[0]!;
  const counted = first.judgedBy === 'counted';
  return {
    ...base,
    ...numbers(first),
    verdict: 'undecided',
    reason: `${first.name} ${interval(first)}${countedNote(first)} reaches across ${pct}${open.length > 1 ? ` (and ${open.length - 1} more)` : ''}; to decide: ${decideHint(metric, counted)}`,
  };
}
