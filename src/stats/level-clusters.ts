/**
 * Levels: does a series of positive times fall into two or three separate levels (clusters on a log
 * scale), and how are they arranged in the order the values were taken (a step, alternation, mixed)?
 *
 * The values' logarithms are sorted and split into k = 2 or 3 groups at the cut points that minimise
 * the within-group sum of squares (Fisher's exact 1-D optimal partition, "natural breaks"; W. D.
 * Fisher, JASA 53, 1958). A split is a set of levels only when
 * - every group holds a material share of the values (fewer is what Tukey's fences call outliers),
 * - adjacent levels (their medians) are a material ratio apart, and
 * - adjacent levels are far apart against the tighter one's own spread. This is the test that
 *   tells a mixture of levels from one wide spread: a uniform spread splits into two groups just as
 *   well (Ashman's D of its halves is ≈ 2.7), but its halves are as wide as the gap between them.
 *   The tighter level is the judge because a level the body holds in time is pure where samples fall
 *   inside it, while samples straddling a switch smear the other level (measured: a slow level
 *   held for 40 ms at a time was never sampled pure, its samples spread over 2–30× the fast one).
 * The largest k that passes is kept.
 */
import { MAD_NORMAL_SCALE } from './mad.js';
import { median } from './quantile.js';
import { requireSample } from './validate.js';

/**
 * Fewer values than this are not judged. Simulated (1000 seeded series each, the cases of
 * test/unit/stats-levels.test.ts): one uniform 1×–4× spread was split into levels in 15% of series of 20 values, 8% of
 * 30 and 1% of 50; a log-normal one (σ 0.5) in 9%, 2% and 0.2%.
 */
export const LEVELS_MIN_VALUES = 30;
/**
 * Each level must hold this share of the values, and at least LEVEL_MIN_COUNT of them: a smaller
 * group is a tail, which the outliers rule describes. Not more: a level the body holds for a share of
 * the wall time gets fewer samples when it is the slow one (a sample has a fixed number of
 * iterations), and a body 8× slower in every other 40 ms held 15–17% of the samples (measured,
 * corpus/traps/sampled-logging.bench.ts).
 */
export const LEVEL_MIN_SHARE = 0.1;
/** A level needs at least this many values for its median and spread to mean anything. */
export const LEVEL_MIN_COUNT = 4;
/**
 * Adjacent levels must be this ratio apart: beyond what another thread sharing the core does (it
 * halves the speed, 2×, and the host references do not see it) with the host's ~10% steps on top.
 * At 1.5× the clean corpus drew two-level splits 1.5–2.0× apart with the host factor flat, none
 * repeated between runs (lab/corpus-rates.md). Every trap of a benchmark's own levels is ≥ 2.5× apart.
 */
export const LEVEL_MIN_RATIO = 2.2;
/**
 * Adjacent levels must lie this many robust standard deviations (MAD × 1.4826, log scale) of the
 * tighter of the two apart. A level the body holds for a while is tight (a few % wide); one wide
 * spread split in two is not: the halves of a uniform or log-normal spread lie about 4σ of a half
 * apart. At 6 σ, a uniform 1×–4× spread became "levels" in 19% of simulated series of 30 values
 * (8% at 8 σ) and 5% of 50 (1%); see LEVELS_MIN_VALUES for the rates at 8 σ.
 */
export const LEVEL_MIN_SEPARATION = 8;
/** Robust σ floor (log scale, ≈ 0.1%): a level of identical values is as tight as a clock allows, not infinitely tight. */
const MIN_SPREAD = 0.001;

export interface Level {
  /** Median of the level's values. */
  center: number;
  /** Share of all values in this level. */
  share: number;
  count: number;
}

/** How the levels follow each other in the order the values were taken. */
export type LevelArrangement = 'step' | 'in-stretches' | 'alternating' | 'mixed';

export interface Levels {
  /** Two or three levels, ascending. */
  levels: Level[];
  /** Each value's level (index into `levels`), in the values' order. */
  labels: number[];
  arrangement: LevelArrangement;
  /** Stretches of consecutive values in one level. */
  stretches: number;
  /** The smallest gap between adjacent levels in units of the tighter level's robust σ (log scale). */
  separation: number;
}

/** Within-group sum of squares of sorted[i..j) from prefix sums. */
function cost(sum: Float64Array, squares: Float64Array, i: number, j: number): number {
  const n = j - i;
  const s = sum[j]! - sum[i]!;
  return squares[j]! - squares[i]! - (s * s) / n;
}

/** Optimal cut points (indices where groups 2… start) of sorted values into k groups, each of at least `least` values. */
function optimalCuts(sorted: readonly number[], k: 2 | 3, least: number): number[] | null {
  const n = sorted.length;
  const sum = new Float64Array(n + 1);
  const squares = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    sum[i + 1] = sum[i]! + sorted[i]!;
    squares[i + 1] = squares[i]! + sorted[i]! * sorted[i]!;
  }
  let best: number[] | null = null;
  let bestCost = Infinity;
  if (k === 2) {
    for (let a = least; a <= n - least; a++) {
      const c = cost(sum, squares, 0, a) + cost(sum, squares, a, n);
      if (c < bestCost) [bestCost, best] = [c, [a]];
    }
    return best;
  }
  for (let a = least; a <= n - 2 * least; a++) {
    const first = cost(sum, squares, 0, a);
    for (let b = a + least; b <= n - least; b++) {
      const c = first + cost(sum, squares, a, b) + cost(sum, squares, b, n);
      if (c < bestCost) [bestCost, best] = [c, [a, b]];
    }
  }
  return best;
}

/** The split into k levels, or null when one of the conditions above fails. */
function split(logs: readonly number[], sortedLogs: readonly number[], k: 2 | 3): Levels | null {
  const n = sortedLogs.length;
  const least = Math.max(LEVEL_MIN_COUNT, Math.ceil(LEVEL_MIN_SHARE * n));
  if (k * least > n) return null;
  const cuts = optimalCuts(sortedLogs, k, least);
  if (cuts === null) return null;
  const bounds = [0, ...cuts, n];
  const groups = bounds.slice(1).map((end, i) => sortedLogs.slice(bounds[i]!, end));
  const centers = groups.map((g) => median(g));
  const spreads = groups.map((g, i) => MAD_NORMAL_SCALE * median(g.map((v) => Math.abs(v - centers[i]!))));
  let separation = Infinity;
  for (let i = 0; i + 1 < centers.length; i++) {
    const gap = centers[i + 1]! - centers[i]!;
    if (gap < Math.log(LEVEL_MIN_RATIO)) return null;
    separation = Math.min(separation, gap / Math.max(Math.min(spreads[i]!, spreads[i + 1]!), MIN_SPREAD));
    if (separation < LEVEL_MIN_SEPARATION) return null;
  }
  // Each value belongs to the level whose centre is nearest on the log scale.
  const labels = logs.map((v) => {
    let nearest = 0;
    for (let i = 1; i < centers.length; i++) if (Math.abs(v - centers[i]!) < Math.abs(v - centers[nearest]!)) nearest = i;
    return nearest;
  });
  const counts = centers.map((_, i) => labels.filter((l) => l === i).length);
  if (counts.some((c) => c < least)) return null;
  let stretches = 1;
  for (let i = 1; i < labels.length; i++) if (labels[i] !== labels[i - 1]) stretches++;
  return {
    levels: centers.map((c, i) => ({ center: Math.exp(c), share: counts[i]! / n, count: counts[i]! })),
    labels,
    arrangement: arrangementOf(stretches, counts, n),
    stretches,
    separation,
  };
}

/**
 * Standard scores beyond which the number of stretches says the levels follow each other in order:
 * 3 (a two-sided p ≈ 0.003 under a random order).
 */
const RUNS_Z = 3;

/**
 * How the levels follow each other: a step when there are no more stretches than the k levels each
 * entered once plus a straddling value at each switch (2k); otherwise the stretches are compared with
 * what a random order of the same labels gives (the runs test for k categories; Barton & David, 1957:
 * mean (n(n+1) − Σnᵢ²)/n): far fewer stretches is alternation in time (each level held for a
 * while), far more is alternation from one value to the next, in between is a mix.
 */
function arrangementOf(stretches: number, counts: readonly number[], n: number): LevelArrangement {
  if (stretches <= 2 * counts.length) return 'step';
  const sum2 = counts.reduce((s, c) => s + c * c, 0);
  const sum3 = counts.reduce((s, c) => s + c * c * c, 0);
  const mean = (n * (n + 1) - sum2) / n;
  const variance = (sum2 * (sum2 + n * (n + 1)) - 2 * n * sum3 - n ** 3) / (n * n * (n - 1));
  const z = variance > 0 ? (stretches - mean) / Math.sqrt(variance) : 0;
  if (z <= -RUNS_Z) return 'in-stretches';
  return z >= RUNS_Z ? 'alternating' : 'mixed';
}

/**
 * Levels of positive `values` (in the order they were taken), or null when they form one level (or
 * are too few to judge).
 *
 * @throws RangeError when `values` is empty or holds NaN.
 */
export function findLevels(values: readonly number[]): Levels | null {
  requireSample(values, 'findLevels');
  if (values.length < LEVELS_MIN_VALUES || values.some((v) => !(v > 0) || !Number.isFinite(v))) return null;
  const logs = values.map(Math.log);
  const sortedLogs = [...logs].sort((a, b) => a - b);
  return split(logs, sortedLogs, 3) ?? split(logs, sortedLogs, 2);
}
