/**
 * Empirical complexity: which of O(1), O(log n), O(n), O(n log n), O(n²), O(n³) describes how a
 * benchmark's time grows with its size parameter, how well, and whether the data can tell it from
 * the next-best model.
 *
 * Method. Every growth model is fitted as `t ≈ a + c·f(n)` with `a, c ≥ 0` (a fixed per-call cost
 * plus the growth term; logarithms base 2), O(1) as `t ≈ a`. The fit is weighted least squares with
 * each point's weight `1 / (σᵢ·tᵢ)²`, where σᵢ is the point's relative standard error (from its 95%
 * CI, floored at {@link MIN_RELATIVE_SE}): a benchmark's errors are proportional to its time, so a
 * 10 µs point must not outweigh a 10 ns one. A model's error is the root mean square of the relative
 * residuals `(tᵢ − t̂ᵢ)/tᵢ`, weighted by `1/σᵢ²` as in the fit (equal weights when the CIs are alike),
 * which does not change when every time is multiplied by a constant.
 *
 * Steps. Each model is also fitted with level steps between consecutive sizes (stats/stepped-law.ts):
 * `t ≈ M(n)·(a + c·f(n))`, M rising by a factor of {@link CLIFF_MIN_JUMP} to {@link MAX_STEP} at each
 * step, at most {@link MAX_STEPS} of them; the step set kept is the one with the best information
 * score (BIC on the relative residuals, the rms floored at {@link RMS_FLOOR}). The steps are the
 * sweep's cliffs: a sort that leaves a cache is O(n log n) with a cliff, not "no law fits".
 *
 * Choice. Models are compared by their penalized rms (the score's rms, with the price of their
 * parameters). The tolerance is the larger of {@link CLEAR_RMS_RATIO} × the smallest and the points'
 * own noise (their relative CI half-widths as the fit weighs them): models within it fit as well as
 * the data can tell. The chosen model is the one with the smallest; any other within the tolerance
 * is one the data "cannot tell" from it. A growth model whose term is under {@link MIN_GROWTH_SHARE}
 * of the law's time at the end of its longest run of sizes between steps is a constant with a small
 * drift (or with a late cliff), not a growth law, and is left out of the choice.
 */
import { CLIFF_MIN_JUMP, fitSteppedLaw, type LevelStep, levelAt, stepSets } from './stepped-law.js';
import { requireNoNaN } from './validate.js';

/** The models, slowest-growing first (a tie of scores goes to the slower-growing one). */
export const COMPLEXITY_MODELS = ['O(1)', 'O(log n)', 'O(n)', 'O(n log n)', 'O(n^2)', 'O(n^3)'] as const;

export type ComplexityModel = (typeof COMPLEXITY_MODELS)[number];

/**
 * No point's relative standard error is taken as smaller than this: the host's speed drifts 2–4%
 * within minutes (DESIGN.md §6), so a CI of ±0.1% does not make one size 100× more trustworthy.
 */
export const MIN_RELATIVE_SE = 0.01;

/**
 * A model is told apart from the best only when its relative RMS error is more than twice the
 * best's: an RSS ratio of 4, beyond the 90th percentile of F(4, 4) (4.11) — the two models' residual
 * variances with the usual six sizes and two parameters each.
 */
export const CLEAR_RMS_RATIO = 2;

/**
 * A growth model must carry at least half of the fitted time at the largest size; below it, its
 * term is a drift of the constant that any growth law fits as well. Measured on this project's
 * machine: Map#get over maps of 64 to 65,536 entries got 22% slower (their footprint outgrowing the
 * caches), which O(log n) fitted with a term of a third of the time.
 */
export const MIN_GROWTH_SHARE = 0.5;

/**
 * At most this many level steps per sweep: a sweep of 64 to 65,536 elements of 8 bytes crosses at
 * most three cache levels on common machines (32–64 KiB L1d, 0.5–2 MiB L2, a larger L3); each step
 * costs a parameter and is kept only when the information score pays for it.
 */
export const MAX_STEPS = 3;

/**
 * No step multiplies the cost by more than this between consecutive sizes: the largest cache steps
 * measured here are ×4.4 (a Float64Array summed in shuffled order, 6 to 24 MiB, docs/complexity.md) and ×3.0 (a
 * Map lookup, 16,384 to 65,536 entries, issue 28), each over a ×4 step in size. A larger jump is a
 * growth law the steps would otherwise stand in for (O(1) "with a ×57 cliff" for an insertion sort).
 */
export const MAX_STEP = 8;

/**
 * A fit with steps keeps at least this many degrees of freedom (sizes minus the law's parameters
 * and steps): with fewer, the points cannot show that the law and its steps miss them.
 */
export const MIN_RESIDUAL_DOF = 2;

/**
 * A growth law with steps needs this many sizes on one level: two only give a ratio, which any law
 * with a step can match.
 */
export const MIN_SEGMENT_POINTS = 3;

/**
 * Relative RMS errors below this count as this in the information score: the host's speed drifts
 * 2–4% within minutes (DESIGN.md §6), so a fit closer than 2% is not better than one at 2%, and a
 * step that only buys such closeness is noise, not a cliff.
 */
export const RMS_FLOOR = 0.02;

/** Above this relative RMS error even the best model misses the points (a cliff, a mixture of laws). */
export const POOR_FIT_RMS = 0.25;

/** Points whose 95% CI half-widths, as the fit weighs them, are above this (±25%) are too noisy for any fit to mean something. */
export const MAX_USEFUL_HALF_WIDTH = 0.25;

/** Fewest distinct sizes to fit two parameters and still judge the fit (the rule). */
export const MIN_SIZES = 4;

/** Two-sided 95% normal quantile: turns a 95% CI half-width into a standard error. */
const Z95 = 1.959963984540054;

/** One size's estimate: time per operation with its 95% CI. */
export interface SizedEstimate {
  n: number;
  nsPerOp: number;
  ciLower: number;
  ciUpper: number;
}

/** One model fitted to the points. */
export interface ModelFit {
  model: ComplexityModel;
  /** a: the fixed cost per operation, ns. */
  constantNs: number;
  /** c: ns per unit of the model's term (per n for O(n), per n·log₂n for O(n log n)); 0 for O(1). */
  coefficientNs: number;
  /** Root mean square of the relative residuals, weighted by the points' precision (0.04 = 4%). */
  rms: number;
  /** The growth term's share of the law's time at the end of the longest run of sizes between steps (the largest size when there is no step; 1 for O(1)). */
  growthShare: number;
  /** The level steps fitted with the law (the cliffs), smallest size first; empty when the law alone fits. */
  steps: LevelStep[];
  /** The RMS error penalized for the fit's parameters (BIC on the relative residuals): what models are compared by. */
  penalizedRms: number;
}

/** What the data say. */
export type ComplexityStatus = 'clear' | 'cannot-tell' | 'poor-fit' | 'too-noisy';

export interface ComplexityVerdict {
  /** Every model, in {@link COMPLEXITY_MODELS} order. */
  fits: ModelFit[];
  /** The chosen model (the closest one when the status is poor-fit or too-noisy). */
  best: ModelFit;
  /** The other model with the smallest error (growth models under the share rule left out), or null when none is left. */
  runnerUp: ModelFit | null;
  /** Other models within the tolerance: those the data cannot tell from the chosen one. */
  indistinct: ComplexityModel[];
  /** Relative RMS error within which models fit equally well. */
  tolerance: number;
  /** The points' relative 95% CI half-widths as the fit weighs them: `sqrt(N / Σ 1/hᵢ²)`, each hᵢ floored as the weights are. */
  noise: number;
  /** too-noisy and poor-fit take precedence over cannot-tell. */
  status: ComplexityStatus;
}

/** The model's term f(n): 1, log₂n, n, n·log₂n, n², n³. */
export function modelTerm(model: ComplexityModel, n: number): number {
  switch (model) {
    case 'O(1)':
      return 1;
    case 'O(log n)':
      return Math.log2(n);
    case 'O(n)':
      return n;
    case 'O(n log n)':
      return n * Math.log2(n);
    case 'O(n^2)':
      return n * n;
    case 'O(n^3)':
      return n * n * n;
  }
}

/** The model's fitted time at size n. */
export function predict(fit: Pick<ModelFit, 'model' | 'constantNs' | 'coefficientNs'> & { steps?: readonly LevelStep[] }, n: number): number {
  const law = fit.model === 'O(1)' ? fit.constantNs : fit.constantNs + fit.coefficientNs * modelTerm(fit.model, n);
  return law * levelAt(fit.steps, n);
}

/** The number of points in each segment between steps (a step after index k ends a segment at k). */
function segmentLengths(count: number, stepAfter: readonly number[]): number[] {
  const bounds = [-1, ...stepAfter, count - 1];
  return bounds.slice(1).map((b, i) => b - bounds[i]!);
}

/** The index of the last point of the longest segment (the later one of equals): where a growth law must show. */
function longestSegmentEnd(count: number, stepAfter: readonly number[]): number {
  const lengths = segmentLengths(count, stepAfter);
  const ends = [...stepAfter, count - 1];
  let best = 0;
  for (let g = 1; g < lengths.length; g++) if (lengths[g]! >= lengths[best]!) best = g;
  return ends[best]!;
}

/** The information score of a fit: N·ln(max(rms, floor)²) + parameters·ln N (BIC on the relative residuals). */
function informationScore(rms: number, parameters: number, count: number): number {
  return count * Math.log(Math.max(rms, RMS_FLOOR) ** 2) + parameters * Math.log(count);
}

function fitSteps(model: ComplexityModel, points: readonly SizedEstimate[], weights: readonly number[], stepAfter: readonly number[]): ModelFit | null {
  const ns = points.map((p) => p.n);
  const ys = points.map((p) => p.nsPerOp);
  const xs = model === 'O(1)' ? null : ns.map((n) => modelTerm(model, n));
  const { a, c, steps } = fitSteppedLaw(ns, xs, ys, weights, stepAfter);
  if (steps.some((s) => s.multiplier < CLIFF_MIN_JUMP || s.multiplier > MAX_STEP)) return null;
  const fit = { model, constantNs: a, coefficientNs: c, steps };
  // The relative residuals weighted as in the fit (by 1/σᵢ²): a miss at a point with a ±30% CI counts less than one at ±1%.
  const relativeWeights = points.map((p, i) => weights[i]! * p.nsPerOp ** 2);
  const total = relativeWeights.reduce((s, w) => s + w, 0);
  const rms = Math.sqrt(points.reduce((s, p, i) => s + relativeWeights[i]! * ((p.nsPerOp - predict(fit, p.n)) / p.nsPerOp) ** 2, 0) / total);
  // The law must show in the sizes of one level: its term's share at the end of the longest segment (the largest size without steps).
  const evidence = ns[longestSegmentEnd(ns.length, stepAfter)]!;
  const law = a + c * modelTerm(model, evidence);
  const growthShare = model === 'O(1)' ? 1 : law > 0 ? (c * modelTerm(model, evidence)) / law : 0;
  const parameters = (model === 'O(1)' ? 1 : 2) + steps.length;
  const score = informationScore(rms, parameters, points.length);
  return { ...fit, rms, growthShare, penalizedRms: Math.exp(score / (2 * points.length)) };
}

/** The model with the step set (none up to {@link MAX_STEPS}) that scores best; steps leave at least {@link MIN_RESIDUAL_DOF} degrees of freedom. */
function fitModel(model: ComplexityModel, points: readonly SizedEstimate[], weights: readonly number[]): ModelFit {
  const lawParameters = model === 'O(1)' ? 1 : 2;
  const most = Math.max(0, Math.min(MAX_STEPS, points.length - lawParameters - MIN_RESIDUAL_DOF));
  let best: ModelFit | null = null;
  for (const set of stepSets(points.length - 1, most)) {
    if (set.length > 0 && model !== 'O(1)' && Math.max(...segmentLengths(points.length, set)) < MIN_SEGMENT_POINTS) continue;
    const fit = fitSteps(model, points, weights, set);
    if (fit !== null && (best === null || fit.penalizedRms < best.penalizedRms)) best = fit;
  }
  return best!;
}

/**
 * Fits every model to the points and chooses one (see the file's description).
 *
 * @returns null with fewer than {@link MIN_SIZES} distinct sizes.
 * @throws RangeError when a size is not finite and ≥ 1, a time not finite and > 0, or a value is NaN.
 */
export function fitComplexity(given: readonly SizedEstimate[]): ComplexityVerdict | null {
  let points = given;
  requireNoNaN(
    points.flatMap((p) => [p.n, p.nsPerOp, p.ciLower, p.ciUpper]),
    'fitComplexity',
  );
  for (const p of points) {
    if (!(Number.isFinite(p.n) && p.n >= 1)) throw new RangeError(`fitComplexity: sizes must be finite and ≥ 1, got ${p.n}`);
    if (!(Number.isFinite(p.nsPerOp) && p.nsPerOp > 0)) throw new RangeError(`fitComplexity: times must be finite and > 0, got ${p.nsPerOp}`);
  }
  if (new Set(points.map((p) => p.n)).size < MIN_SIZES) return null;
  points = [...points].sort((p, q) => p.n - q.n);
  const halfWidths = points.map((p) => Math.max(0, p.ciUpper - p.ciLower) / 2 / p.nsPerOp);
  const weights = points.map((p, i) => 1 / (Math.max(halfWidths[i]! / Z95, MIN_RELATIVE_SE) * p.nsPerOp) ** 2);
  const fits = COMPLEXITY_MODELS.map((model) => fitModel(model, points, weights));
  const eligible = fits.filter((f) => f.growthShare >= MIN_GROWTH_SHARE);
  // The points' noise as the fit weighs them: the precision-weighted RMS of their half-widths (a few points
  // a busy host left with wide CIs do not make the precise ones meaningless).
  const noise = Math.sqrt(points.length / halfWidths.reduce((s, h) => s + 1 / Math.max(h, Z95 * MIN_RELATIVE_SE) ** 2, 0));
  const smallest = Math.min(...eligible.map((f) => f.penalizedRms));
  const tolerance = Math.max(CLEAR_RMS_RATIO * smallest, noise);
  // The best score is the law: with steps allowed, "the simplest law within the tolerance" would be O(1) with cliffs
  // standing in for an insertion sort's growth (measured on the tuning half of corpus/sweeps); the others within the
  // tolerance are named as the ones the data cannot tell from it.
  const best = eligible.find((f) => f.penalizedRms === smallest)!;
  const tooNoisy = noise > MAX_USEFUL_HALF_WIDTH;
  const poorFit = best.rms > POOR_FIT_RMS;
  const others = eligible.filter((f) => f !== best);
  const runnerUp = others.length === 0 ? null : others.reduce((p, q) => (q.penalizedRms < p.penalizedRms ? q : p));
  const indistinct = others.filter((f) => f.penalizedRms <= tolerance).map((f) => f.model);
  const status: ComplexityStatus = tooNoisy ? 'too-noisy' : poorFit ? 'poor-fit' : indistinct.length > 0 ? 'cannot-tell' : 'clear';
  return { fits, best, runnerUp, indistinct, tolerance, noise, status };
}
