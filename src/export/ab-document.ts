/** The `ab --json` document: every pair's estimates and the paired rows, rewritten after every pair. */
import type { Explanation } from '../results/types.js';
import type { AbAnalysis } from '../analysis/ab-pairs.js';
import type { ProcessLevel } from '../analysis/ab-process-level.js';

/** Marks the `ab --json` document; bumped on an incompatible change of its shape (3: a counted row's `pValue` is null, and `judgedBy` says what judged each row). */
export const AB_FORMAT = { format: 'ubench-ab', version: 3 } as const;

/** The sides' names, and for `ab <rev>` what was said of them (dependencies) and the bench files of one side only. */
export interface AbLabels {
  a: string;
  b: string;
  notes?: readonly string[];
  onlyFilesInA?: readonly string[];
  onlyFilesInB?: readonly string[];
}

/** A pair measured again (runner/ab/run-ab.ts): the process that was off, and the estimates of the pair it replaced. */
export interface RemeasuredPair extends ProcessLevel {
  dropped: { a: Record<string, number | null>; b: Record<string, number | null> };
}

/** A spread that is Infinity (a side without positive counts) is written as null: JSON has no Infinity. */
const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function abDocument(analysis: AbAnalysis, labels: AbLabels, complete: boolean, explain: readonly Explanation[] | null = null, remeasured: readonly RemeasuredPair[] = []): object {
  return {
    ...AB_FORMAT,
    ...(explain === null ? {} : { explain }),
    // 1-based pairs, as the notes number them.
    ...(remeasured.length === 0 ? {} : { remeasured: remeasured.map((r) => ({ ...r, pair: r.pair + 1 })) }),
    a: labels.a,
    b: labels.b,
    ...(labels.notes === undefined || labels.notes.length === 0 ? {} : { notes: labels.notes }),
    ...(labels.onlyFilesInA === undefined ? {} : { onlyFilesInA: labels.onlyFilesInA }),
    ...(labels.onlyFilesInB === undefined ? {} : { onlyFilesInB: labels.onlyFilesInB }),
    complete,
    alpha: analysis.alpha,
    noise: analysis.noise,
    metric: analysis.metric ?? 'time',
    confidence: analysis.confidence,
    pairs: analysis.pairs,
    rows: analysis.rows.map((r) => ({
      name: r.name,
      aNsPerOp: r.aNsPerOp,
      bNsPerOp: r.bNsPerOp,
      ratio: r.ratio,
      change: r.change,
      ciLower: r.ciLower,
      ciUpper: r.ciUpper,
      pValue: r.pValue,
      judgedBy: r.judgedBy,
      ...(r.countSpread === undefined ? {} : { countSpread: { a: finiteOrNull(r.countSpread.a), b: finiteOrNull(r.countSpread.b) } }),
      verdict: r.verdict,
      reason: r.reason,
      pairsMeasured: r.aEstimates.length,
      aEstimates: r.aEstimates,
      bEstimates: r.bEstimates,
      spread: r.spread,
      orderEffect: r.orderEffect,
      warning: r.warning,
    })),
    onlyInA: analysis.onlyInA,
    onlyInB: analysis.onlyInB,
  };
}
