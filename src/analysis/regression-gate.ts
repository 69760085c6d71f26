/**
 * The CI gate (`--fail-on-regression <pct>`): the benchmarks a comparison found significantly
 * slower by more than the threshold — the whole confidence interval beyond it, so noise alone
 * does not fail a build.
 */
import type { Comparison, CompareRow } from './compare-runs.js';

export function regressions(comparison: Comparison, threshold: number): CompareRow[] {
  return comparison.rows.filter((r) => r.verdict === 'slower' && r.ciLower > threshold);
}

/** One line naming the regressions, for stderr. */
export function regressionMessage(rows: readonly CompareRow[], threshold: number): string {
  const pct = (f: number): string => `${f >= 0 ? '+' : ''}${(f * 100).toFixed(1)}%`;
  const listed = rows.map((r) => `${r.group === null ? r.name : `${r.group}/${r.name}`} (${pct(r.change)} [${pct(r.ciLower)}, ${pct(r.ciUpper)}])`).join(', ');
  return `--fail-on-regression ${+(threshold * 100).toFixed(2)}%: ${rows.length} benchmark${rows.length === 1 ? '' : 's'} slower by more than that: ${listed}`;
}
