/**
 * The CI gate (`--fail-on-regression <pct>`): the benchmarks a comparison found significantly
 * slower by more than the threshold — the whole confidence interval beyond it, so noise alone
 * does not fail a build. Serves `compare` (rows of two runs) and `ab` (paired rows of B against A).
 */
import { formatSignedPercent, formatThresholdPercent } from '../results/text/format-units.js';
import { groupedName } from '../results/text/grouped-name.js';
import type { Comparison, Verdict } from './compare-runs.js';

/** What the gate reads of a row: its label, verdict, and the change with its CI. */
export interface GatedRow {
  label: string;
  verdict: Verdict;
  change: number;
  ciLower: number | null;
  ciUpper: number | null;
}

export function regressions<T extends GatedRow>(rows: readonly T[], threshold: number): T[] {
  return rows.filter((r) => r.verdict === 'slower' && r.ciLower !== null && r.ciLower > threshold);
}

/**
 * The rows the gate does not fail but cannot clear either: `cant-tell`, with an interval (or, without
 * one, a change) that reaches beyond the threshold — they may be slower by more than it.
 */
export function undecided<T extends GatedRow>(rows: readonly T[], threshold: number): T[] {
  return rows.filter((r) => r.verdict === 'cant-tell' && (r.ciUpper ?? r.change) > threshold);
}

/** The rows of a comparison of two runs that fail the gate, labelled `group/name`. */
export function slowerRows(comparison: Comparison, threshold: number): (Comparison['rows'][number] & GatedRow)[] {
  return regressions(labelled(comparison), threshold);
}

/** The rows of a comparison of two runs the gate could not decide, labelled `group/name`. */
export function undecidedRows(comparison: Comparison, threshold: number): (Comparison['rows'][number] & GatedRow)[] {
  return undecided(labelled(comparison), threshold);
}

const labelled = (comparison: Comparison): (Comparison['rows'][number] & GatedRow)[] => comparison.rows.map((r) => ({ ...r, label: groupedName(r) }));

/** One line naming the rows the gate could not decide (it does not fail on them), for stderr. */
export function undecidedMessage(rows: readonly GatedRow[], threshold: number, what = 'benchmark'): string {
  const pct = (f: number | null): string => (f === null ? '?' : formatSignedPercent(f));
  const listed = rows.map((r) => `${r.label} (${pct(r.change)} [${pct(r.ciLower)}, ${pct(r.ciUpper)}])`).join(', ');
  return `--fail-on-regression ${formatThresholdPercent(threshold)}: not failed, but ${rows.length} ${what}${rows.length === 1 ? '' : 's'} can't tell whether slower by more than that: ${listed}; the report says what would decide each`;
}

/** One line naming the regressions, for stderr. */
export function regressionMessage(rows: readonly GatedRow[], threshold: number, what = 'benchmark'): string {
  const pct = (f: number | null): string => (f === null ? '?' : formatSignedPercent(f));
  const listed = rows.map((r) => `${r.label} (${pct(r.change)} [${pct(r.ciLower)}, ${pct(r.ciUpper)}])`).join(', ');
  return `--fail-on-regression ${formatThresholdPercent(threshold)}: ${rows.length} ${what}${rows.length === 1 ? '' : 's'} slower by more than that: ${listed}`;
}
