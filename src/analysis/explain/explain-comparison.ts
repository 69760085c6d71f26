/** `--explain` on a comparison: every benchmark whose change was called, explained from the evidence both results files carry. */
import { isChange, type Comparison } from '../compare-runs.js';
import type { Explanation, ResultsFile } from '../../results/types.js';
import { explainChange } from './explain-change.js';

export function explainComparison(comparison: Comparison, base: ResultsFile, next: ResultsFile): Explanation[] {
  const byId = (results: ResultsFile) => new Map(results.benchmarks.map((b) => [b.id, b]));
  const a = byId(base);
  const b = byId(next);
  return comparison.rows.flatMap((row) => {
    const before = a.get(row.id);
    const after = b.get(row.id);
    if (!isChange(row.verdict) || before === undefined || after === undefined) return [];
    return [explainChange(before, after, { change: row.change, ciLower: row.ciLower, ciUpper: row.ciUpper })];
  });
}
