/**
 * Linear interpolation between two neighbouring order statistics, shared by the sorting
 * (quantile.ts) and selection (select.ts) code paths so that both give bit-identical medians.
 */

/**
 * Returns `low + fraction · (high − low)` for `low ≤ high` and `fraction` in [0, 1], clamped to
 * [low, high] so rounding can never push a quantile outside its two order statistics (which keeps
 * quantiles monotone in p). Exact at `fraction = 0` and when `low === high`. If `high − low`
 * overflows, the weighted form `(1 − f)·low + f·high` is used instead.
 */
export function interpolateOrdered(low: number, high: number, fraction: number): number {
  if (fraction === 0 || low === high) return low;
  const span = high - low;
  const value = Number.isFinite(span) ? low + fraction * span : (1 - fraction) * low + fraction * high;
  if (value < low) return low;
  if (value > high) return high;
  return value;
}
