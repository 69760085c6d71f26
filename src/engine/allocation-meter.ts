/**
 * Bytes allocated inside one timed region, reconstructed exactly (DESIGN §3): `v8.GCProfiler`
 * records used heap before and after each GC, so the total allocated is
 * Σ(before GCᵢ − after GCᵢ₋₁) + (end − after last GC), starting from the used heap at entry.
 * Off-heap ArrayBuffer contents are counted by Node's ArrayBuffer allocator
 * (`process.memoryUsage().arrayBuffers`, updated at allocation; V8's `external_memory` is only
 * updated at GC time) and reported on their own.
 *
 * One profiler per region: a few per benchmark. (Hundreds would leave GC callbacks alive and slow
 * every later GC; see gc-rate.ts.)
 */
import v8 from 'node:v8';
import type { TimedRegionHooks } from './timed-region.js';

interface HeapPoint {
  heapStatistics: { usedHeapSize: number; externalMemory?: number };
}
interface GcEntry {
  beforeGC: HeapPoint;
  afterGC: HeapPoint;
}
type Profiler = { start(): void; stop(): { statistics: GcEntry[] } };
const GCProfiler = (v8 as unknown as { GCProfiler?: new () => Profiler }).GCProfiler;

export interface AllocationReading {
  bytes: number;
  externalBytes: number;
  gcCount: number;
}

/** Whether this runtime can account allocation exactly. */
export const canMeasureAllocation = GCProfiler !== undefined;

export class AllocationMeter implements TimedRegionHooks {
  private profiler: Profiler | null = null;
  private usedAtEntry = 0;
  private externalAtEntry = 0;
  /** The last region's reading. */
  reading: AllocationReading | null = null;

  enter(): void {
    const profiler = new GCProfiler!();
    this.externalAtEntry = process.memoryUsage().arrayBuffers;
    this.usedAtEntry = v8.getHeapStatistics().used_heap_size;
    this.profiler = profiler;
    profiler.start();
  }

  leave(): void {
    const profiler = this.profiler;
    if (profiler === null) return;
    const { statistics } = profiler.stop();
    const end = v8.getHeapStatistics();
    const externalAtEnd = process.memoryUsage().arrayBuffers;
    this.profiler = null;
    let bytes = 0;
    let usedAfterPrevious = this.usedAtEntry;
    for (const gc of statistics) {
      bytes += gc.beforeGC.heapStatistics.usedHeapSize - usedAfterPrevious;
      usedAfterPrevious = gc.afterGC.heapStatistics.usedHeapSize;
    }
    bytes += end.used_heap_size - usedAfterPrevious;
    const externalBytes = externalAtEnd - this.externalAtEntry;
    this.reading = { bytes, externalBytes, gcCount: statistics.length };
  }
}
