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
import type { SizedEstimate } from './complexity-fit.js';

/**
 * A step must raise the cost per element 15% beyond the growth law even at the CIs' edges. Measured
 * on this project's machine, a sequential Float64Array sum's cost per element rose ×1.25 from a
 * 4 MiB to a 16 MiB working set (prefetching hides most of each miss): the mildest cache step to
 * catch; below 15%, a host drifting 2–4% (DESIGN.md §6) and a law slightly off make false cliffs.
 */
export const CLIFF_MIN_JUMP = 1.15;

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
