/**
 * Whether a series taken in order rises (or falls) all the way through — a ramp — rather than
 * stepping once or twice. The series is cut into `segments` consecutive parts of equal length and
 * each part's median is taken; it is a ramp when every part moves on from the one before in the
 * direction of the whole change, each by at least `MIN_STEP_SHARE` of an equal share of it.
 *
 * Why: state that grows with every call (a history, a cache, a leak) moves the cost through the
 * whole run, while a machine whose speed switches between a few levels (measured here: levels held
 * for 0.25 s to several seconds) moves it in steps. With four parts, one step leaves two pairs of
 * neighbouring parts level, and the series is not a ramp; it takes three same-way steps, one in
 * each part, to imitate one.
 */
import { median } from './quantile.js';
import { requireSample } from './validate.js';

/** Parts the series is cut into. */
export const RAMP_SEGMENTS = 4;
/**
 * Each part must move on by at least this share of an equal share of the whole change (a linear
 * ramp moves by 1). Simulated (1000 seeded series each): a single 20% step anywhere in the middle
 * 60% passes in 0.2–2.1% of series (n 40–100, noise 3–5%), a 30% linear ramp in 70–98%; two
 * same-way 10% steps pass in 28–39% (a staircase is a ramp's shape). 0.25 let single steps pass in
 * 4–12%, 0 in a third.
 */
export const MIN_STEP_SHARE = 0.5;

export interface RampShape {
  /** Median of each part, in order. */
  medians: number[];
  /** Last part's median over the first's, minus 1 (0.25 = 25% higher at the end). */
  change: number;
  /** Every part moved on in the direction of the change, each by enough (see above). */
  monotone: boolean;
}

/** The ramp shape of `values`; `monotone` is false for fewer than 2 values per part or no change. */
export function rampShape(values: readonly number[], segments = RAMP_SEGMENTS): RampShape {
  requireSample(values, 'rampShape');
  const size = Math.floor(values.length / segments);
  if (size < 2) return { medians: [], change: 0, monotone: false };
  const medians = Array.from({ length: segments }, (_, i) => median(values.slice(i * size, i === segments - 1 ? values.length : (i + 1) * size)));
  const first = medians[0]!;
  const last = medians.at(-1)!;
  const change = first > 0 ? last / first - 1 : 0;
  const share = (last - first) / (segments - 1);
  const monotone = share !== 0 && medians.every((m, i) => i === 0 || (m - medians[i - 1]!) / share >= MIN_STEP_SHARE);
  return { medians, change, monotone };
}
