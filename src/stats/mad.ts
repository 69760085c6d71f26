/** Median absolute deviation: a robust measure of spread. */

import { median } from './quantile.js';
import { medianInPlace } from './select.js';
import { requireSample } from './validate.js';

/**
 * 1.4826 ≈ 1 / Φ⁻¹(3/4): scaling the MAD by it makes it a consistent estimator of σ for normal
 * data (Rousseeuw & Croux 1993; R's `mad()` default constant). scipy's `scale='normal'` uses the
 * unrounded 1.482602218…, a relative difference of 1.5·10⁻⁶.
 */
export const MAD_NORMAL_SCALE = 1.4826;

/**
 * Median absolute deviation from the median, times `scale`: scale · median(|xᵢ − median(x)|).
 *
 * With the default scale it estimates the standard deviation for normal data while ignoring up to
 * half of the values being wild outliers. Pass `scale = 1` for the raw MAD. Medians are R type 7.
 * Returns 0 for a single value or when more than half of the values are equal.
 *
 * @throws RangeError when `values` is empty or holds a NaN, or `scale` is negative or not finite.
 */
export function medianAbsoluteDeviation(values: readonly number[], scale: number = MAD_NORMAL_SCALE): number {
  requireSample(values, 'medianAbsoluteDeviation');
  if (!(scale >= 0 && Number.isFinite(scale))) {
    throw new RangeError(`medianAbsoluteDeviation: scale must be finite and ≥ 0, got ${scale}`);
  }
  const center = median(values);
  const deviations = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) deviations[i] = Math.abs(values[i]! - center);
  return scale * medianInPlace(deviations);
}
