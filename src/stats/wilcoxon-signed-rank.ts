/**
 * The Wilcoxon signed-rank test and the Hodges–Lehmann interval: paired comparisons without
 * assuming normality. Given the differences of paired measurements (here, log ratios of A/B process
 * pairs), the test asks whether they are centred on zero, and the interval brackets their
 * pseudo-median (the median of the Walsh averages), the estimate that goes with the test.
 */
import { erfc, normalCdf } from './normal.js';
import { requireSample } from './validate.js';

/** scipy's `method='auto'` switches from the exact distribution to the normal one above 50 pairs. */
export const SIGNED_RANK_EXACT_MAX = 50;

export interface SignedRankResult {
  /** Sum of the ranks of the positive differences (zeros dropped). */
  wPlus: number;
  /** Differences left after dropping zeros. */
  n: number;
  /** Two-sided p-value (1 when every difference is zero). */
  pValue: number;
  method: 'exact' | 'asymptotic';
}

/** Ranks (1-based, ties averaged) of |d|, and the tie-group sizes. */
function absoluteRanks(d: readonly number[]): { ranks: number[]; tieSizes: number[] } {
  const order = d.map((v, i) => ({ a: Math.abs(v), i })).sort((x, y) => x.a - y.a);
  const ranks = new Array<number>(d.length);
  const tieSizes: number[] = [];
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.a === order[i]!.a) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!.i] = (i + j) / 2 + 1;
    if (j > i) tieSizes.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, tieSizes };
}

/** P(T = t) for t = 0 … n(n+1)/2, T the sum of a random subset of the ranks 1…n (the null distribution of W+). */
export function signedRankDistribution(n: number): Float64Array {
  const max = (n * (n + 1)) / 2;
  let dist = new Float64Array(max + 1);
  dist[0] = 1;
  for (let r = 1; r <= n; r++) {
    const next = new Float64Array(max + 1);
    // Each rank is in the subset (adds r) or not, with probability ½ each.
    for (let t = 0; t <= max; t++) {
      if (dist[t] === 0) continue;
      next[t] = next[t]! + dist[t]! / 2;
      next[t + r] = next[t + r]! + dist[t]! / 2;
    }
    dist = next;
  }
  return dist;
}

/** Smallest two-sided p-value the exact test can give with n nonzero differences: 2 / 2ⁿ. */
export function minimumSignedRankPValue(n: number): number {
  return Math.min(1, 2 / 2 ** n);
}

/**
 * Two-sided Wilcoxon signed-rank test that the differences are centred on zero. Zeros are dropped
 * (Wilcoxon's method, scipy's default). Exact when there are no ties among |d| and at most
 * SIGNED_RANK_EXACT_MAX differences remain; otherwise the normal approximation with the
 * tie-corrected variance and no continuity correction (scipy's defaults).
 *
 * @throws RangeError when d is empty or holds a NaN.
 */
export function wilcoxonSignedRank(d: readonly number[]): SignedRankResult {
  requireSample(d, 'wilcoxonSignedRank');
  const nonzero = d.filter((v) => v !== 0);
  const n = nonzero.length;
  if (n === 0) return { wPlus: 0, n: 0, pValue: 1, method: 'exact' };
  const { ranks, tieSizes } = absoluteRanks(nonzero);
  const wPlus = nonzero.reduce((sum, v, i) => sum + (v > 0 ? ranks[i]! : 0), 0);
  const mean = (n * (n + 1)) / 4;
  if (tieSizes.length === 0 && n <= SIGNED_RANK_EXACT_MAX) {
    const dist = signedRankDistribution(n);
    const t = Math.min(wPlus, 2 * mean - wPlus);
    let tail = 0;
    for (let k = 0; k <= t; k++) tail += dist[k]!;
    return { wPlus, n, pValue: Math.min(1, 2 * tail), method: 'exact' };
  }
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieSizes.reduce((s, t) => s + t ** 3 - t, 0) / 48;
  const z = variance > 0 ? Math.abs(wPlus - mean) / Math.sqrt(variance) : 0;
  return { wPlus, n, pValue: Math.min(1, erfc(z / Math.SQRT2)), method: 'asymptotic' };
}

export interface HodgesLehmannInterval {
  /** Median of the Walsh averages (dᵢ + dⱼ)/2, i ≤ j: the pseudo-median of the differences. */
  estimate: number;
  /** Null when n is too small for any interval at this confidence (n ≤ 5 at 95%). */
  lower: number | null;
  upper: number | null;
  /** The interval's actual coverage (the exact distribution is discrete, so at least the level asked). */
  coverage: number | null;
}

/**
 * The Hodges–Lehmann estimate and its distribution-free confidence interval, the one that inverts
 * the signed-rank test: the c-th smallest and c-th largest Walsh averages, with c the largest count
 * for which P(T < c) ≤ (1 − confidence)/2 under the exact null (normal above SIGNED_RANK_EXACT_MAX).
 *
 * @throws RangeError when d is empty or holds a NaN, or confidence is outside (0, 1).
 */
export function hodgesLehmannInterval(d: readonly number[], confidence: number): HodgesLehmannInterval {
  requireSample(d, 'hodgesLehmannInterval');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`hodgesLehmannInterval: confidence must be in (0, 1), got ${confidence}`);
  const walsh: number[] = [];
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) walsh.push((d[i]! + d[j]!) / 2);
  walsh.sort((x, y) => x - y);
  const m = walsh.length;
  const estimate = m % 2 === 1 ? walsh[(m - 1) / 2]! : (walsh[m / 2 - 1]! + walsh[m / 2]!) / 2;
  const tail = (1 - confidence) / 2;
  const n = d.length;
  let c = 0;
  let coverage: number | null = null;
  if (n <= SIGNED_RANK_EXACT_MAX) {
    const dist = signedRankDistribution(n);
    let below = 0; // P(T < c)
    while (c < dist.length && below + dist[c]! <= tail) below += dist[c++]!;
    coverage = c === 0 ? null : 1 - 2 * below;
  } else {
    // P(T < c) ≈ Φ((c − ½ − mean) / sd), with the continuity correction.
    const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
    while (normalCdf((c + 1 - 0.5 - m / 2) / sd) <= tail) c++;
    coverage = c === 0 ? null : 1 - 2 * normalCdf((c - 0.5 - m / 2) / sd);
  }
  if (c === 0) return { estimate, lower: null, upper: null, coverage: null };
  return { estimate, lower: walsh[c - 1]!, upper: walsh[m - c]!, coverage };
}
