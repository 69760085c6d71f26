/**
 * The Mann–Whitney U test (Wilcoxon rank-sum): do two independent samples come from the same
 * distribution, or does one tend to be larger? Distribution-free, so it suits benchmark timings,
 * which are skewed and heavy-tailed; benchstat uses it to tell a change from noise.
 */
import { erfc } from './normal.js';
import { requireSample } from './validate.js';

/**
 * Up to this many pairs (|a|·|b|, e.g. 50 × 50 samples) and without ties, the p-value is exact;
 * above, the normal approximation with tie and continuity corrections (scipy's
 * `method='asymptotic'`), which is close where decisions are made (p near 0.05) but can be off by
 * a factor of a few far in the tail. The exact recurrence costs about (|a|·|b|)²/2 steps.
 */
export const MANN_WHITNEY_EXACT_MAX_PAIRS = 2_500;

export interface MannWhitneyResult {
  /** U of the first sample: the number of pairs (x from a, y from b) with x > y, ties counting ½. */
  u: number;
  /** Two-sided p-value. */
  pValue: number;
  method: 'exact' | 'asymptotic';
}

/** Average ranks (1-based) of the pooled values, and the tie-group sizes. */
function rankPooled(a: readonly number[], b: readonly number[]): { rankSumA: number; tieSizes: number[] } {
  const pooled = [...a.map((v) => ({ v, fromA: true })), ...b.map((v) => ({ v, fromA: false }))].sort((x, y) => x.v - y.v);
  let rankSumA = 0;
  const tieSizes: number[] = [];
  for (let i = 0; i < pooled.length; ) {
    let j = i;
    while (j + 1 < pooled.length && pooled[j + 1]!.v === pooled[i]!.v) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (pooled[k]!.fromA) rankSumA += rank;
    if (j > i) tieSizes.push(j - i + 1);
    i = j + 1;
  }
  return { rankSumA, tieSizes };
}

/**
 * P(U ≥ u) under the null for sample sizes m and n without ties, by the recurrence
 * p(m, n, u) = m/(m+n)·p(m−1, n, u−n) + n/(m+n)·p(m, n−1, u) on probabilities (a convex
 * combination, so no cancellation), for the point masses of U.
 */
function exactUpperTail(u: number, m: number, n: number): number {
  // masses[i][j] holds the distribution of U for sizes (i, j), built up row by row in j.
  let previousRow: Float64Array[] = [];
  for (let j = 0; j <= n; j++) {
    const row: Float64Array[] = [];
    for (let i = 0; i <= m; i++) {
      const dist = new Float64Array(i * j + 1);
      if (i === 0 || j === 0) dist[0] = 1;
      else {
        const left = row[i - 1]!; // sizes (i − 1, j): the largest value is from a, adding j to U
        const down = previousRow[i]!; // sizes (i, j − 1): the largest value is from b
        const pa = i / (i + j);
        for (let k = 0; k < left.length; k++) dist[k + j] = dist[k + j]! + pa * left[k]!;
        for (let k = 0; k < down.length; k++) dist[k] = dist[k]! + (1 - pa) * down[k]!;
      }
      row.push(dist);
    }
    previousRow = row;
  }
  const dist = previousRow[m]!;
  let tail = 0;
  for (let k = Math.ceil(u - 1e-9); k < dist.length; k++) tail += dist[k]!;
  return Math.min(1, tail);
}

/**
 * Two-sided Mann–Whitney U test of a against b.
 *
 * Exact p-value (2·P(U ≥ max(U₁, U₂)), as scipy's `method='exact'`) when there are no ties and
 * |a|·|b| ≤ MANN_WHITNEY_EXACT_MAX_PAIRS; otherwise the normal approximation with the tie-corrected
 * variance and a continuity correction of ½ (scipy's `method='asymptotic'`), never below the
 * smallest p-value the sizes allow. p is capped at 1.
 *
 * @throws RangeError when a or b is empty or holds a NaN.
 */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): MannWhitneyResult {
  requireSample(a, 'mannWhitneyU (a)');
  requireSample(b, 'mannWhitneyU (b)');
  const m = a.length;
  const n = b.length;
  const { rankSumA, tieSizes } = rankPooled(a, b);
  const u = rankSumA - (m * (m + 1)) / 2;
  const larger = Math.max(u, m * n - u);
  if (tieSizes.length === 0 && m * n <= MANN_WHITNEY_EXACT_MAX_PAIRS) {
    return { u, pValue: Math.min(1, 2 * exactUpperTail(larger, m, n)), method: 'exact' };
  }
  const total = m + n;
  const tieTerm = tieSizes.reduce((sum, t) => sum + (t * t * t - t), 0) / (total * (total - 1));
  const sigma = Math.sqrt(((m * n) / 12) * (total + 1 - tieTerm));
  if (sigma === 0) return { u, pValue: 1, method: 'asymptotic' };
  const z = Math.max(0, larger - (m * n) / 2 - 0.5) / sigma;
  // No arrangement of the data gives less than complete separation does; the approximation can,
  // for tiny samples with ties.
  return { u, pValue: Math.min(1, Math.max(erfc(z * Math.SQRT1_2), minimumPValue(m, n))), method: 'asymptotic' };
}

/**
 * The smallest two-sided p-value the test can give for these sample sizes (complete separation):
 * 2 / C(m+n, m). When it exceeds the significance level, no difference can ever be significant.
 */
export function minimumPValue(m: number, n: number): number {
  let logChoose = 0;
  for (let k = 1; k <= Math.min(m, n); k++) logChoose += Math.log(Math.max(m, n) + k) - Math.log(k);
  return Math.min(1, 2 * Math.exp(-logChoose));
}
