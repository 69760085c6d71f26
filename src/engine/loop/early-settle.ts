/**
 * When a warm-up may end before its minimum duration (warmup-detector.ts). That minimum is the time
 * two things take where they cannot be read: the JIT's tiers, and the heap's sizing for what the
 * body allocates. Here both are read, once the warm-up's batches agree:
 * - the measured loop (and the benchmark function, where it is one of its own) at the engine's top
 *   tier or never to be optimized; where it is not, optimization is asked for then (as it would be
 *   at the warm-up's end), and the batches must agree again at the new tier;
 * - then the timed batches since, without a garbage collection and allocating at under
 *   ALLOCATION_FREE_BYTES_PER_S. Batches before do not count against a body: the lower tiers box
 *   numbers that optimized code keeps in registers.
 * A body that allocates more keeps the whole minimum: its heap's sizing is what moves its figures
 * after its tiers have settled.
 */
import type { GcRateMeter } from '../memory/gc-rate.js';
import type { JitControl } from './jit-tier.js';
import type { BatchRunner } from './batch-runner.js';

/** V8's young generation starts with semi-spaces of 1 MiB (it grows them as scavenges find survivors). */
const YOUNG_START_BYTES = 1024 * 1024;
/** The warm-up minimum this check may cut short (WARMUP_MIN_DURATION_NS). */
const MINIMUM_S = 0.25;
/**
 * An allocation rate that cannot fill the young generation's first semi-space within the warm-up's
 * minimum: no scavenge, so no heap sizing to wait for. The harness's own readings per batch (the
 * clock's BigInts, the heap reading's object: about 0.4 MB/s at 2 ms batches) stay far under it.
 */
export const ALLOCATION_FREE_BYTES_PER_S = YOUNG_START_BYTES / MINIMUM_S;

/**
 * The check a warm-up asks before its minimum duration once its batches agree, or undefined where
 * the top tier cannot be read (the minimum then holds). `askOptimize`: asks for the measured code's
 * optimization (and records that it was asked).
 */
export function settledEarlyCheck(jit: JitControl | null, target: BatchRunner['tierTarget'], meter: Pick<GcRateMeter, 'totals'>, askOptimize: () => void): (() => boolean) | undefined {
  if (jit === null || !jit.settledIsTopTier) return undefined;
  const body = target.body !== null && typeof target.body.fn === 'function' ? target.body.fn : null;
  let asked = false;
  // The meter's totals when the tiers were last read settled.
  let mark: ReturnType<GcRateMeter['totals']> | null = null;
  return () => {
    if (!jit.settled(target.fn) || (body !== null && !jit.settled(body))) {
      if (!asked) askOptimize();
      asked = true;
      mark = null;
      return false;
    }
    const now = meter.totals();
    const since = mark;
    mark = now;
    if (since === null || now.timedNs <= since.timedNs) return false;
    const rate = ((now.grownBytes - since.grownBytes) / (now.timedNs - since.timedNs)) * 1e9;
    return now.collections === since.collections && rate < ALLOCATION_FREE_BYTES_PER_S;
  };
}
