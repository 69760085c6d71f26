/** A manual loop dominated by a fixed cost per call: how its counts were spread, and the line fitted through its samples. */

/** How a manual loop's iteration counts were spread (engine/loop/fixed-cost-ladder.ts). */
export interface SpreadInfo {
  /** The lowest level's count. */
  lowIterations: number;
  /** The top level's count: where the operations' part of a sample reached its target, or the budget's cap. */
  highIterations: number;
  /** Fastest batch of one iteration: about the fixed cost. */
  oneIterationNs: number;
  /** Fastest batch at the top count. */
  topNs: number;
}

/**
 * Samples spread over a wide range of iteration counts (`calibration.spread`): the Theil–Sen fit of
 * `elapsedNs = fixedNs + perOpNs · iterations`, each with its 95% interval (stats/theil-sen.ts).
 */
export interface FixedCostFit {
  perOpNs: number;
  perOpLower: number;
  perOpUpper: number;
  /** The fixed cost of every sample: the body's own work before or after its b.n loop. */
  fixedNs: number;
  fixedLower: number;
  fixedUpper: number;
  /** False when the slope's interval reaches 0: the fixed cost swamps the operations even at the top count, and the per-operation cost cannot be told. */
  separated: boolean;
}
