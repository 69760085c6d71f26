/**
 * Cache-line size from the `probe/cache-line.bench.ts` measurements.
 *
 * Two estimators, because hardware prefetchers blur the classic one:
 * - {@link inferLineSizeFromStridedCopy}: Lemire's strided copy. Below the line size every line of
 *   the span is fetched whatever the stride, so span bandwidth stays flat; from the line size on
 *   each stride doubling skips half the lines and span bandwidth grows. Adjacent-line and streaming
 *   prefetchers keep fetching skipped lines, which moves this knee to a multiple of the true line.
 * - {@link inferLineSizeFromPairChase}: two dependent loads `offset` bytes apart in randomly visited
 *   slots. The second load is free while it stays in the first load's line, a second miss after.
 */

/** One strided-copy measurement: time of one pass over `spanBytes` copying one byte per `strideBytes`. */
export interface StridePoint {
  strideBytes: number;
  nsPerPass: number;
}

/** One pair-chase measurement: time per slot (two dependent loads `offsetBytes` apart). */
export interface PairChasePoint {
  offsetBytes: number;
  nsPerOp: number;
}

/**
 * Span bandwidth must grow by at least this factor from one stride to the next (doubled) one to
 * count as "lines are now being skipped": ideal skipping doubles it, and instruction-count savings
 * below the line size give at most ~1.2× on the machines tried.
 */
export const SKIP_GROWTH = 1.5;

/**
 * A pair-chase slot must cost at least this factor more than the cheapest smaller offset to count as
 * "the second load now misses": a second miss to an already-open page added 22–47% on the machine
 * tried, while same-line offsets agreed within 2%.
 */
export const SECOND_MISS_JUMP = 1.1;

/** Span bandwidth (bytes per ns = GB/s) of each stride, in ascending stride order. */
export function spanBandwidth(points: readonly StridePoint[], spanBytes: number): { strideBytes: number; gbPerS: number }[] {
  return [...points].sort((a, b) => a.strideBytes - b.strideBytes).map((p) => ({ strideBytes: p.strideBytes, gbPerS: spanBytes / p.nsPerPass }));
}

/**
 * The line size implied by a strided copy: the smallest stride s whose next (larger) stride raises
 * span bandwidth by ≥ {@link SKIP_GROWTH}× per doubling of the stride. Null when no stride does, or
 * with fewer than two points.
 */
export function inferLineSizeFromStridedCopy(points: readonly StridePoint[], spanBytes: number): number | null {
  const bw = spanBandwidth(points, spanBytes);
  for (let i = 0; i + 1 < bw.length; i++) {
    const a = bw[i]!;
    const b = bw[i + 1]!;
    const doublings = Math.log2(b.strideBytes / a.strideBytes);
    if (doublings <= 0) continue;
    const growthPerDoubling = (b.gbPerS / a.gbPerS) ** (1 / doublings);
    if (growthPerDoubling >= SKIP_GROWTH) return a.strideBytes;
  }
  return null;
}

/**
 * The line size implied by the pair chase: the smallest offset whose cost is ≥ {@link SECOND_MISS_JUMP}×
 * the cheapest of all smaller offsets. Null when no offset jumps (or the smallest offset already
 * does, which leaves nothing to compare with).
 */
export function inferLineSizeFromPairChase(points: readonly PairChasePoint[]): number | null {
  const sorted = [...points].sort((a, b) => a.offsetBytes - b.offsetBytes);
  let cheapest = Number.POSITIVE_INFINITY;
  for (const p of sorted) {
    if (p.nsPerOp >= SECOND_MISS_JUMP * cheapest) return p.offsetBytes;
    cheapest = Math.min(cheapest, p.nsPerOp);
  }
  return null;
}
