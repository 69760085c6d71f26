/** The `compare --json` document: the comparison's rows as CI tools want them, and what was left out. */
import type { Comparison } from '../analysis/compare-runs.js';
import { groupedName } from '../results/text/grouped-name.js';
import type { Explanation } from '../results/types.js';

/** Marks the `compare --json` document; bumped on an incompatible change of its shape. */
export const COMPARE_FORMAT = { format: 'ubench-compare', version: 2 } as const;

export function compareDocument(comparison: Comparison, basePath: string, newPath: string, explain: readonly Explanation[] | null = null): object {
  return {
    ...(explain === null ? {} : { explain }),
    ...COMPARE_FORMAT,
    base: basePath,
    new: newPath,
    metric: comparison.metric ?? 'time',
    alpha: comparison.alpha,
    noise: comparison.noise,
    confidence: comparison.confidence,
    complexityChanges: comparison.complexity ?? [],
    rows: comparison.rows.map((r) => ({
      name: groupedName(r),
      id: r.id,
      baseNsPerOp: r.base.nsPerOp,
      newNsPerOp: r.new.nsPerOp,
      ...(r.base.perOp === undefined ? {} : { baseInstructionsPerOp: r.base.perOp, newInstructionsPerOp: r.new.perOp }),
      change: r.change,
      ciLower: r.ciLower,
      ciUpper: r.ciUpper,
      pValue: r.pValue,
      verdict: r.verdict,
      reason: r.reason,
      hostShift: r.hostShift,
      throughputShift: r.throughputShift,
      band: r.band,
      ...(r.bandBasis === undefined ? {} : { bandBasis: r.bandBasis, bandText: r.bandText }),
      ...(r.slowedHost === undefined ? {} : { slowedHost: r.slowedHost }),
      unit: r.unit,
      baseN: r.base.n,
      newN: r.new.n,
      warning: r.warning,
      baseBytesPerOp: r.bytes?.base ?? null,
      newBytesPerOp: r.bytes?.new ?? null,
    })),
    geomean: comparison.geomean,
    onlyInBase: comparison.onlyInBase,
    onlyInNew: comparison.onlyInNew,
    skipped: comparison.skipped,
    notes: comparison.notes,
  };
}
