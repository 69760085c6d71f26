/**
 * Outlier classification with Tukey's fences (Tukey 1977, "Exploratory Data Analysis"), the scheme
 * criterion.rs reports: values beyond 1.5 IQR of the quartiles are mild, beyond 3 IQR severe.
 */

import { quantileSorted, sortAscending } from './quantile.js';
import { requireSample } from './validate.js';

/** Tukey's inner-fence multiplier of the interquartile range: beyond it a value is a mild outlier. */
export const TUKEY_MILD_FACTOR = 1.5;
/** Tukey's outer-fence multiplier of the interquartile range: beyond it a value is a severe outlier. */
export const TUKEY_SEVERE_FACTOR = 3;

/** The four fences: q1 − 3·IQR, q1 − 1.5·IQR, q3 + 1.5·IQR, q3 + 3·IQR. */
export interface TukeyFences {
  lowSevere: number;
  lowMild: number;
  highMild: number;
  highSevere: number;
}

/** How many values fall in each outlier class, and the fences that define the classes. */
export interface TukeyOutliers {
  /** Values strictly below fences.lowSevere. */
  lowSevere: number;
  /** Values in [fences.lowSevere, fences.lowMild). */
  lowMild: number;
  /** Values in (fences.highMild, fences.highSevere]. */
  highMild: number;
  /** Values strictly above fences.highSevere. */
  highSevere: number;
  fences: TukeyFences;
}

/**
 * Counts mild and severe outliers on each side by Tukey's fences around the type-7 quartiles
 * q1 and q3 (IQR = q3 − q1). A value exactly on a fence belongs to the milder class, so a value
 * must be strictly beyond q3 + 1.5·IQR to count as a (mild) outlier. Nothing is removed: callers
 * decide what to do with the counts.
 *
 * When IQR = 0 (a constant sample, or n = 1) all fences coincide with the quartile, and only
 * values differing from it are counted; they are then all severe.
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function tukeyOutliers(values: readonly number[]): TukeyOutliers {
  requireSample(values, 'tukeyOutliers');
  const sorted = sortAscending(values);
  const q1 = quantileSorted(sorted, 0.25);
  const q3 = quantileSorted(sorted, 0.75);
  const iqr = q3 - q1;
  const fences: TukeyFences = {
    lowSevere: q1 - TUKEY_SEVERE_FACTOR * iqr,
    lowMild: q1 - TUKEY_MILD_FACTOR * iqr,
    highMild: q3 + TUKEY_MILD_FACTOR * iqr,
    highSevere: q3 + TUKEY_SEVERE_FACTOR * iqr,
  };
  let lowSevere = 0;
  let lowMild = 0;
  let highMild = 0;
  let highSevere = 0;
  for (const v of sorted) {
    if (v < fences.lowSevere) lowSevere++;
    else if (v < fences.lowMild) lowMild++;
    else if (v > fences.highSevere) highSevere++;
    else if (v > fences.highMild) highMild++;
  }
  return { lowSevere, lowMild, highMild, highSevere, fences };
}

/**
 * The values within Tukey's severe fences (the bulk), in their given order: what a spread of the
 * samples is judged on when the severe outliers are reported on their own.
 *
 * @throws RangeError when `values` is empty or holds a NaN.
 */
export function withinSevereFences(values: readonly number[]): number[] {
  const { fences } = tukeyOutliers(values);
  return values.filter((v) => v >= fences.lowSevere && v <= fences.highSevere);
}
