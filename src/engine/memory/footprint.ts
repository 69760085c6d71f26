/**
 * A benchmark's memory footprint: heap, external and RSS at its end, the peaks seen after each
 * sample, the heap used after every sample, the heap used after a forced full GC after each sample
 * of the retention stretch (a leak keeps raising it; garbage does not), and the memory it retained —
 * heap used after a forced full GC at its end, minus the same before it started (summed over its
 * own stretches when interleaved rounds pause it).
 */
import v8 from 'node:v8';
import type { Footprint } from '../../results/types.js';
import { fullGc } from './forced-gc.js';

function settledHeapUsed(): number | null {
  const gc = fullGc();
  if (gc === null) return null;
  gc();
  return v8.getHeapStatistics().used_heap_size;
}

export class FootprintTracker {
  private startHeapUsed: number | null;
  /** Retained over stretches that ended (interleaved mode pauses while other benchmarks run). */
  private retainedBefore: number | null = 0;
  private peakHeapUsed = 0;
  private peakRss = 0;
  private readonly perSample: number[] = [];
  private readonly settled: number[] = [];

  /**
   * Call before the benchmark's warm-up: forces a full GC to take the starting point. Without
   * `forceGcs` (`--quick`, timing only: no retention is measured) it forces none, and the retained
   * memory reads as unknown.
   */
  constructor(private readonly forceGcs = true) {
    this.startHeapUsed = this.settled_();
  }

  private settled_(): number | null {
    return this.forceGcs ? settledHeapUsed() : null;
  }

  /** Whether this tracker forces full GCs (which let V8 drop maps that optimized code embeds). */
  get forcesGcs(): boolean {
    return this.forceGcs;
  }

  /**
   * Stops counting retention while other benchmarks run (interleaved rounds), so what they keep is
   * not counted as this benchmark's; `resume()` starts a new stretch. Each forces a full GC.
   */
  pause(): void {
    const now = this.settled_();
    this.retainedBefore = this.retainedBefore === null || now === null || this.startHeapUsed === null ? null : this.retainedBefore + now - this.startHeapUsed;
    this.startHeapUsed = null;
  }

  resume(): void {
    this.startHeapUsed = this.settled_();
  }

  /** After each sample, outside the timed region. */
  afterSample(): void {
    const used = v8.getHeapStatistics().used_heap_size;
    const rss = process.memoryUsage.rss();
    this.perSample.push(used);
    if (used > this.peakHeapUsed) this.peakHeapUsed = used;
    if (rss > this.peakRss) this.peakRss = rss;
  }

  /**
   * After each sample of the retention stretch (untimed, after the memory phase): the heap used
   * after a forced full GC, so garbage waiting for a major GC (which a pretenured body piles up in
   * the old generation) is not read as retention. Not available where no GC can be forced.
   */
  afterSettledSample(): void {
    this.afterSample();
    const used = this.settled_();
    if (used !== null) this.settled.push(used);
  }

  /** At the benchmark's end: reads the end state, then forces a full GC for the retained memory. */
  finish(): Footprint {
    const heap = v8.getHeapStatistics();
    const usage = process.memoryUsage();
    const endHeapUsed = this.settled_();
    return {
      heapUsedBytes: heap.used_heap_size,
      heapTotalBytes: heap.total_heap_size,
      externalBytes: usage.external,
      rssBytes: usage.rss,
      peakHeapUsedBytes: Math.max(this.peakHeapUsed, heap.used_heap_size),
      peakRssBytes: Math.max(this.peakRss, usage.rss),
      retainedBytes: this.startHeapUsed === null || endHeapUsed === null || this.retainedBefore === null ? null : this.retainedBefore + endHeapUsed - this.startHeapUsed,
      heapUsedAfterSamples: this.perSample,
      settledHeapUsed: this.settled,
    };
  }
}
