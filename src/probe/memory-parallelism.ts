/**
 * Memory latency and memory-level parallelism from `probe/memory-parallelism.bench.ts`: k lanes chase
 * the same random cycle; one operation advances every lane once (k loads).
 */

/** One measurement: `nsPerOp` for one step of all `lanes` lanes. */
export interface LanePoint {
  lanes: number;
  nsPerOp: number;
}

export interface MemoryParallelism {
  /** ns per load with one lane: the load-to-use latency of memory (including TLB misses). */
  latencyNs: number;
  /** Per lane count: ns per load and speed-up over one lane (ns per load at 1 ÷ ns per load at k). */
  perLanes: { lanes: number; nsPerLoad: number; speedup: number }[];
  maxSpeedup: number;
  /** Smallest lane count reaching {@link SATURATION_FRACTION} of the best speed-up. */
  saturationLanes: number;
}

/**
 * Fraction of the best speed-up at which the curve counts as saturated: beyond it extra lanes add
 * less than the run-to-run noise of a memory-bound chase (~10%).
 */
export const SATURATION_FRACTION = 0.9;

/** Latency, speed-ups and saturation point; null without a one-lane measurement. */
export function analyzeMemoryParallelism(points: readonly LanePoint[]): MemoryParallelism | null {
  const sorted = [...points].sort((a, b) => a.lanes - b.lanes);
  const one = sorted.find((p) => p.lanes === 1);
  if (one === undefined) return null;
  const latencyNs = one.nsPerOp;
  const perLanes = sorted.map((p) => {
    const nsPerLoad = p.nsPerOp / p.lanes;
    return { lanes: p.lanes, nsPerLoad, speedup: latencyNs / nsPerLoad };
  });
  const maxSpeedup = Math.max(...perLanes.map((p) => p.speedup));
  const saturationLanes = perLanes.find((p) => p.speedup >= SATURATION_FRACTION * maxSpeedup)!.lanes;
  return { latencyNs, perLanes, maxSpeedup, saturationLanes };
}
