/**
 * Input checks shared by the public estimators of this folder.
 *
 * Every check throws a `RangeError` whose message names the calling estimator, so a failure deep
 * inside the analysis still says which statistic received the bad input.
 */

/** Throws when `values` is empty or holds a NaN (NaN has no place in an ordering). */
export function requireSample(values: ArrayLike<number>, caller: string): void {
  if (values.length === 0) {
    throw new RangeError(`${caller}: expected at least one value, got an empty array`);
  }
  requireNoNaN(values, caller);
}

/** Throws when `values` holds a NaN; an empty array passes. */
export function requireNoNaN(values: ArrayLike<number>, caller: string): void {
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i])) {
      throw new RangeError(`${caller}: value at index ${i} is NaN`);
    }
  }
}
