/** The `ab --json` document: every pair's estimates and the paired rows, rewritten after every pair. */
import type { AbAnalysis } from '../analysis/ab-pairs.js';

/** Marks the `ab --json` document; bumped on an incompatible change of its shape. */
export const AB_FORMAT = { format: 'ubench-ab', version: 1 } as const;

export function abDocument(analysis: AbAnalysis, labels: { a: string; b: string }, complete: boolean): object {
  return {
    ...AB_FORMAT,
    a: labels.a,
    b: labels.b,
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
      verdict: r.verdict,
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
