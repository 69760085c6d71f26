/**
 * Cliffs in a size sweep: consecutive sizes between which the cost per element jumps by more than
 * the points' CIs and the fitted growth law allow — typically where the working set leaves a cache.
 *
 * Rule. For sizes n₁ < n₂ with estimates t₁, t₂ and 95% CIs, the per-element cost ratio is
 * `r = (t₂/n₂)/(t₁/n₁)`; its cautious bound takes the CI edges that make it smallest,
 * `r_low = (lo₂/n₂)/(hi₁/n₁)`. The growth law expects `e = (t̂₂/n₂)/(t̂₁/n₁)` from the fitted curve (1
 * for a plain O(n) without fixed cost). A step is a cliff when `r_low / e` exceeds
 * {@link CLIFF_MIN_JUMP}: even at the edge of both CIs, the cost per element grew that much more than
 * the model predicts.
 */
import { type ModelFit, predict, type SizedEstimate } from './complexity-fit.js';
import { CLIFF_MIN_JUMP } from './stepped-law.js';

export { CLIFF_MIN_JUMP } from './stepped-law.js';

/** One cliff between two consecutive sizes. */
export interface CostCliff {
  fromN: number;
  toN: number;
  /** Per-element cost at toN over that at fromN, from the estimates. */
  ratio: number;
  /** The same from the CI edges that make it smallest. */
  ratioLower: number;
  /** What the fitted growth law expects for this ratio. */
  expected: number;
  /** The level step fitted with the law here (time past the step over the law's), when the cliff is one of the fit's steps. */
  jump?: number;
}

/**
 * Cliffs between consecutive sizes (points are sorted by size here; equal sizes are not expected).
 *
 * @param predict - the fitted time at a size, or null to expect a constant cost per element.
 */
export function findCostCliffs(points: readonly SizedEstimate[], predict: ((n: number) => number) | null): CostCliff[] {
  const sorted = [...points].sort((a, b) => a.n - b.n);
  const cliffs: CostCliff[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const p = sorted[i]!;
    const q = sorted[i + 1]!;
    if (!(p.nsPerOp > 0 && q.nsPerOp > 0 && p.ciUpper > 0)) continue;
    const ratio = q.nsPerOp / q.n / (p.nsPerOp / p.n);
    const ratioLower = q.ciLower / q.n / (p.ciUpper / p.n);
    const predicted = predict === null ? null : [predict(p.n), predict(q.n)];
    const expected = predicted !== null && predicted[0]! > 0 && predicted[1]! > 0 ? predicted[1]! / q.n / (predicted[0]! / p.n) : 1;
    if (ratioLower / expected > CLIFF_MIN_JUMP) cliffs.push({ fromN: p.n, toN: q.n, ratio, ratioLower, expected });
  }
  return cliffs;
}

/**
 * The cliffs of a law fitted with level steps: one per step, its ratios from the estimates and what
 * the law alone (without its steps) expects of them.
 */
export function cliffsFromSteps(points: readonly SizedEstimate[], fit: Pick<ModelFit, 'model' | 'constantNs' | 'coefficientNs' | 'steps'>): CostCliff[] {
  const law = { model: fit.model, constantNs: fit.constantNs, coefficientNs: fit.coefficientNs };
  return fit.steps.flatMap((step) => {
    const p = points.find((x) => x.n === step.fromN);
    const q = points.find((x) => x.n === step.toN);
    if (p === undefined || q === undefined) return [];
    const ratio = q.nsPerOp / q.n / (p.nsPerOp / p.n);
    const ratioLower = q.ciLower / q.n / (p.ciUpper / p.n);
    const [e1, e2] = [predict(law, p.n), predict(law, q.n)];
    const expected = e1! > 0 && e2! > 0 ? e2! / q.n / (e1! / p.n) : 1;
    return [{ fromN: p.n, toN: q.n, ratio, ratioLower, expected, jump: step.multiplier }];
  });
}
