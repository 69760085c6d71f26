/**
 * A ramp — a change that goes on through a series rather than a level that stepped — as the drift
 * and not-steady rules judge it: Mann–Kendall finds an order (p < 0.001), the change is material,
 * and its shape is a ramp (stats/ramp.ts): the quarters each moved on, or the last half did (growth
 * that set in part-way and goes on). Without a ramp's shape, an order counts only with the
 * autocorrelation-adjusted p-value (Hamed & Rao), as the host's wandering is autocorrelated.
 */
import { rampShape, type RampShape } from '../../stats/ramp.js';
import { DRIFT_MIN_SAMPLES, DRIFT_P_VALUE, trendTest, type TrendTest, withinTrendLimit } from '../../stats/trend.js';

export interface RampTrend {
  trend: TrendTest;
  shape: RampShape;
  /** Ordered, material and ramp-shaped. */
  ramp: boolean;
  /** Ordered and material, whatever the shape. */
  trending: boolean;
  /** Relative change: Sen's slope over the series, or the last quarter's median against the first's when that is larger (a late start). */
  change: number;
}

export function rampTrend(values: readonly number[], minChange: number): RampTrend | null {
  if (values.length < DRIFT_MIN_SAMPLES) return null;
  const trend = trendTest(withinTrendLimit(values));
  const shape = rampShape(values);
  const change = Math.abs(shape.change) > Math.abs(trend.relativeChange) && Math.sign(shape.change) === Math.sign(trend.relativeChange) ? shape.change : trend.relativeChange;
  const material = Math.abs(change) >= minChange;
  const trending = trend.adjustedPValue < DRIFT_P_VALUE && material;
  // A ramp's shape already tells growth from autocorrelated wandering, so with it the plain
  // Mann–Kendall p-value is enough: growth that sets in part-way leaves residuals around Sen's line
  // so correlated that the Hamed–Rao adjustment would hide the clearest drifts.
  const rampShaped = shape.monotone || shape.continuing;
  const ramp = material && rampShaped && (trend.adjustedPValue < DRIFT_P_VALUE || trend.pValue < DRIFT_P_VALUE);
  return { trend, shape, trending: trending || ramp, ramp, change };
}
