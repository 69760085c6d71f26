/**
 * Whether a series taken in order rises (or falls) all the way through — a ramp — rather than
 * stepping once or twice. The series is cut into `segments` consecutive parts of equal length and
 * each part's median is taken; it is a ramp when every part moves on from the one before in the
 * direction of the whole change, each by more than `Z_STEP` standard errors of such a difference
 * (so a slow start of accelerating growth counts, while a level part does not). The moves are
 * judged on a log scale when every value is positive: timing noise grows with the level, so the
 * steep end of a growth that set in late would otherwise drown its own start in its spread.
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
 * Each part must move on by more than this many standard errors of a difference of part medians.
 * Simulated (1000 seeded series each, n 40–100, noise 3–5%; the shape test alone, before the drift
 * rule's Mann–Kendall and 10% conditions): a single 20% step anywhere in the middle 60% passes in
 * 1.4–2%, trendless AR(1) noise (φ 0.8) in 1.9–3.3%, two same-way 10% steps in 14–44% (a staircase
 * has a ramp's shape); a 30% linear ramp is caught in 51–99.7%, growth that starts half-way in
 * 73–100%, accelerating growth in 100%. Z = 2 let fewer steps through (0.2–0.9%) but caught a 30%
 * ramp in 28–97%; Z = 1 let 6% of steps through. Judging on the log scale left these rates within
 * ±1 point (single step 0.8–2.8%, AR(1) 2.9–3.6%, 30% ramp 50.5–100%, in a second simulation whose
 * linear-scale rates were 1.0–2.9%, 2.9–3.4% and 50.2–100%).
 */
export const Z_STEP = 1.5;
/** σ of a normal sample from its median absolute deviation. */
const MAD_TO_SIGMA = 1.4826;
/** Standard error of a median of m normal values: √(π/2)·σ/√m. */
const MEDIAN_SE_FACTOR = 1.2533;

export interface RampShape {
  /** Median of each part, in order. */
  medians: number[];
  /** Last part's median over the first's, minus 1 (0.25 = 25% higher at the end). */
  change: number;
  /** Every part moved on in the direction of the change, each by enough (see above). */
  monotone: boolean;
  /**
   * Still moving at the end: the last half of the series is a ramp by itself (its quarters each
   * moved on, as above) — growth that set in part-way and goes on (state that grows once a cache is
   * full, work that grows after a delay), which the whole series' quarters miss when its start is
   * flat. A single step anywhere leaves level quarters in one half or the other.
   */
  continuing: boolean;
}

/** The ramp shape of `values`; `monotone` is false for fewer than 2 values per part or no change. */
export function rampShape(values: readonly number[], segments = RAMP_SEGMENTS): RampShape {
  requireSample(values, 'rampShape');
  const medians = partMedians(values, segments);
  if (medians === null) return { medians: [], change: 0, monotone: false, continuing: false };
  const first = medians[0]!;
  const last = medians.at(-1)!;
  const change = first > 0 ? last / first - 1 : 0;
  const scaled = values.every((v) => v > 0) ? values.map(Math.log) : [...values];
  const scaledMedians = partMedians(scaled, segments)!;
  const later = scaled.slice(Math.floor(scaled.length / 2));
  const lastHalf = partMedians(later, segments);
  return {
    medians,
    change,
    monotone: movesOn(scaled, scaledMedians),
    continuing: lastHalf !== null && movesOn(later, lastHalf) && Math.sign(lastHalf.at(-1)! - lastHalf[0]!) === Math.sign(last - first),
  };
}

/** Medians of `segments` consecutive parts (the last takes the remainder), or null below 2 values a part. */
function partMedians(values: readonly number[], segments: number): number[] | null {
  const size = Math.floor(values.length / segments);
  if (size < 2) return null;
  return Array.from({ length: segments }, (_, i) => median(values.slice(i * size, i === segments - 1 ? values.length : (i + 1) * size)));
}

/**
 * Whether each part moves on from the one before in the direction of the whole change, by at least
 * `Z_STEP` standard errors of a difference of two part medians (from the parts' own spread).
 */
function movesOn(values: readonly number[], medians: readonly number[]): boolean {
  const direction = Math.sign(medians.at(-1)! - medians[0]!);
  if (direction === 0) return false;
  const margin = Z_STEP * medianDifferenceError(values, medians);
  return medians.every((m, i) => i === 0 || direction * (m - medians[i - 1]!) > margin);
}

/**
 * Standard error of the difference of two part medians: 1.2533 σ/√m each. σ comes from successive
 * differences (their median absolute deviation over √2), which a trend does not inflate — deviations
 * from each part's median would count a steep ramp's own rise within a part as noise.
 */
function medianDifferenceError(values: readonly number[], medians: readonly number[]): number {
  const size = Math.floor(values.length / medians.length);
  const steps = values.slice(1).map((v, i) => v - values[i]!);
  if (steps.length === 0) return 0;
  const center = median(steps);
  const sigma = (MAD_TO_SIGMA * median(steps.map((d) => Math.abs(d - center)))) / Math.SQRT2;
  return (Math.SQRT2 * MEDIAN_SE_FACTOR * sigma) / Math.sqrt(size);
}
