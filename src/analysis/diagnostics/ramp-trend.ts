/**
 * A ramp — a change that goes on through a series rather than a level that stepped — as the drift
 * and not-steady rules judge it: Mann–Kendall finds an order (autocorrelation-adjusted p < 0.001),
 * the change is material, and its shape is a ramp (stats/ramp.ts): the quarters each moved on, or
 * the last half did (growth that set in part-way and goes on).
 */
import { rampShape, type RampShape } from '../../stats/ramp.js';
import { DRIFT_MIN_SAMPLES, DRIFT_P_VALUE, trendTest, type TrendTest } from '../../stats/trend.js';

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
  const trend = trendTest(values);
  const shape = rampShape(values);
  const change = Math.abs(shape.change) > Math.abs(trend.relativeChange) && Math.sign(shape.change) === Math.sign(trend.relativeChange) ? shape.change : trend.relativeChange;
  const trending = trend.adjustedPValue < DRIFT_P_VALUE && Math.abs(change) >= minChange;
  return { trend, shape, trending, ramp: trending && (shape.monotone || shape.continuing), change };
}
