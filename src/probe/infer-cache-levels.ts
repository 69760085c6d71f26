/**
 * Cache levels from the `probe/cache-size.bench.ts` pointer chase: latency per load against the
 * working-set size. Each cache level shows as a plateau; when the working set outgrows the level the
 * latency climbs over the next one to three size doublings to the next plateau. A level's size is the
 * working set just before such a climb.
 */

/** One pointer-chase measurement: mean latency of one dependent load over a `bytes`-sized working set. */
export interface LatencyPoint {
  bytes: number;
  nsPerLoad: number;
}

/** A climb between two plateaus: the level ends at `sizeBytes`. */
export interface CacheLevelKnee {
  /** Working set just before the climb: the inferred capacity of the level. */
  sizeBytes: number;
  /** Latency at `sizeBytes` (the plateau of this level). */
  nsBefore: number;
  /** Latency at the top of the climb. */
  nsAfter: number;
  /**
   * Working set at the top of the climb. A level's exit is gradual (associativity, sharing, prefetch),
   * so its capacity lies between `sizeBytes` and this.
   */
  climbEndBytes: number;
  /**
   * True for the last knee when the curve stays flat from its top through the largest working set
   * (at least {@link MEMORY_PLATEAU_DOUBLINGS} doublings): the loads past its top come from main
   * memory, so this climb is the way out of the last-level cache, however many levels it merges.
   */
  lastLevel: boolean;
}

/**
 * Doublings of flat latency after the last climb that make its top main memory: one doubling could
 * still be a level's plateau; two flat doublings at the largest sizes, with nothing after, are
 * memory's (measured: 8–64 MiB flat at 50–58 ns on a 2-core VM whose last climb ends at 8 MiB).
 */
export const MEMORY_PLATEAU_DOUBLINGS = 2;

/**
 * A step between consecutive sizes belongs to a climb when latency grows by at least this factor per
 * doubling of the size: plateaus drift by < 10% per doubling, climbs by ≥ 30% on the machines tried.
 */
export const CLIMB_GROWTH_PER_DOUBLING = 1.25;

/**
 * A climb (run of consecutive climbing steps) marks a level boundary only when it raises latency by
 * at least this factor overall: cache levels differ by ≥ 2× in latency, single noisy steps do not.
 */
export const LEVEL_RISE = 1.5;

/**
 * Knees of a latency-vs-size curve, smallest first. Consecutive climbing steps are merged into one
 * climb, whose start gives the level size. Points need not be sorted; sizes must be distinct.
 */
export function inferCacheLevels(points: readonly LatencyPoint[]): CacheLevelKnee[] {
  const sorted = [...points].sort((a, b) => a.bytes - b.bytes);
  // climbing[i]: the step from point i to point i + 1 climbs.
  const climbing = sorted.slice(1).map((b, i) => {
    const a = sorted[i]!;
    const doublings = Math.log2(b.bytes / a.bytes);
    return doublings > 0 && (b.nsPerLoad / a.nsPerLoad) ** (1 / doublings) >= CLIMB_GROWTH_PER_DOUBLING;
  });
  const knees: CacheLevelKnee[] = [];
  let runStart = -1;
  let lastKneeEnd = -1;
  const closeRun = (end: number): void => {
    if (runStart < 0) return;
    const before = sorted[runStart]!;
    const after = sorted[end]!;
    if (after.nsPerLoad >= LEVEL_RISE * before.nsPerLoad) {
      knees.push({ sizeBytes: before.bytes, nsBefore: before.nsPerLoad, nsAfter: after.nsPerLoad, climbEndBytes: after.bytes, lastLevel: false });
      lastKneeEnd = end;
    }
    runStart = -1;
  };
  climbing.forEach((up, i) => {
    if (up && runStart < 0) runStart = i;
    if (!up) closeRun(i);
  });
  closeRun(sorted.length - 1);
  const last = knees[knees.length - 1];
  const flatAfter = last !== undefined && !climbing.slice(lastKneeEnd).some((up) => up);
  if (flatAfter && Math.log2(sorted[sorted.length - 1]!.bytes / last.climbEndBytes) >= MEMORY_PLATEAU_DOUBLINGS) last.lastLevel = true;
  return knees;
}
