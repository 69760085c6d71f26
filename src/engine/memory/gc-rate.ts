/**
 * How often garbage collection interrupts the timed region while a benchmark warms up (the engine
 * sizes samples so each spans several GCs), and whether the timed code allocates at all (a warm-up
 * may then end before its minimum, early-settle.ts). Only timed regions count: GCs that untimed
 * setup triggers do not split samples.
 *
 * A GC inside a timed region shows as a drop in used heap across it: a warm-up batch allocates far
 * less than a scavenge frees. (A `v8.GCProfiler` per batch would be exact, but each instance keeps
 * a GC callback alive until it is collected, and hundreds of them slow every later GC down.)
 */
import v8 from 'node:v8';
import type { TimedRegionHooks } from '../loop/timed-region.js';

/** Observes timed regions only while it is the region observer's current target (warm-up). */
export class GcRateMeter implements TimedRegionHooks {
  private usedBefore = 0;
  private timedNs = 0;
  private collections = 0;
  private grownBytes = 0;

  /** Starts counting afresh. */
  start(): void {
    this.timedNs = 0;
    this.collections = 0;
    this.grownBytes = 0;
  }

  /** GCs seen, heap growth (bytes) and time (ns) inside the timed regions since start(). */
  totals(): { collections: number; grownBytes: number; timedNs: number } {
    return { collections: this.collections, grownBytes: this.grownBytes, timedNs: this.timedNs };
  }

  /** The mean timed time between GCs since start(), or null when none was seen. */
  stop(): number | null {
    return this.collections === 0 ? null : this.timedNs / this.collections;
  }

  enter(): void {
    this.usedBefore = v8.getHeapStatistics().used_heap_size;
  }

  leave(elapsedNs: number): void {
    const used = v8.getHeapStatistics().used_heap_size;
    if (used < this.usedBefore) this.collections++;
    else this.grownBytes += used - this.usedBefore;
    this.timedNs += elapsedNs;
  }
}
