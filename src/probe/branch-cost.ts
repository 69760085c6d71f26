/**
 * Branch-misprediction cost from `probe/branch-prediction.bench.ts`: copy-odd over N elements on
 * random, all-odd and all-even data, plus a branchless copy on random data. All times per pass.
 */

export interface BranchTimes {
  /** Elements per pass, to convert per-pass times into per-element ones. */
  elements: number;
  randomNs: number;
  oddNs: number;
  evenNs: number;
  branchlessNs: number;
}

export interface BranchCost {
  /** ns per element with random data / with the faster predictable data. */
  slowdown: number;
  /** Extra ns per element on random data over the faster predictable data. */
  costPerElementNs: number;
  /**
   * Extra ns per misprediction, assuming random data mispredicts {@link RANDOM_MISPREDICT_RATE} of
   * the branches.
   */
  costPerMispredictionNs: number;
  /** Branchless ns per element / faster predictable ns per element (≈ 1 or above when prediction works). */
  branchlessVsPredictable: number;
}

/** A well-trained predictor guesses a fair coin right half of the time: one miss per two elements. */
export const RANDOM_MISPREDICT_RATE = 0.5;

/** Misprediction cost and the comparison with the branchless variant. */
export function analyzeBranchCost(t: BranchTimes): BranchCost {
  const predictable = Math.min(t.oddNs, t.evenNs);
  const costPerElementNs = (t.randomNs - predictable) / t.elements;
  return {
    slowdown: t.randomNs / predictable,
    costPerElementNs,
    costPerMispredictionNs: costPerElementNs / RANDOM_MISPREDICT_RATE,
    branchlessVsPredictable: t.branchlessNs / predictable,
  };
}
