/** Confidence levels for the interval estimators of this folder. */

/** The two-sided confidence level of every interval ubench reports: the conventional 95% (benchstat and criterion.rs default). */
export const DEFAULT_CONFIDENCE = 0.95;

/** Throws a `RangeError` unless `confidence` lies strictly between 0 and 1. */
export function requireConfidence(confidence: number, caller: string): void {
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`${caller}: confidence must be strictly between 0 and 1, got ${confidence}`);
  }
}
