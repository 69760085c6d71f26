/**
 * Bytes allocated inside one timed region, reconstructed from `v8.GCProfiler` (docs/design.md §3): used
 * size before and after each GC, so the total allocated is
 * Σ(before GCᵢ − after GCᵢ₋₁) + (end − after last GC), starting from the size at entry.
 *
 * Only the young generation is counted (new space and new large-object space), where JavaScript
 * allocations land unless V8 pretenures an allocation site: the old generation's used size moves
 * during a region on its own, because V8's concurrent sweeper frees pages of earlier garbage.
 * Off-heap ArrayBuffer contents are counted by Node's ArrayBuffer allocator
 * (`process.memoryUsage().arrayBuffers`, updated at allocation; V8's `external_memory` is only
 * updated at GC time) and reported on their own.
 *
 * One profiler per region: a few per benchmark. (Hundreds would leave GC callbacks alive and slow
 * every later GC; see gc-rate.ts.)
 */
import v8 from 'node:v8';
import type { TimedRegionHooks } from '../loop/timed-region.js';

/** Where new JavaScript objects are allocated. */
const YOUNG_SPACES = new Set(['new_space', 'new_large_object_space']);

interface SpacePoint {
  spaceName: string;
  spaceUsedSize: number;
}
interface GcEntry {
  beforeGC: { heapSpaceStatistics: SpacePoint[] };
  afterGC: { heapSpaceStatistics: SpacePoint[] };
}
type Profiler = { start(): void; stop(): { statistics: GcEntry[] } };
const GCProfiler = (v8 as unknown as { GCProfiler?: new () => Profiler }).GCProfiler;

export interface AllocationReading {
  bytes: number;
  externalBytes: number;
  gcCount: number;
}

/**
 * Whether this runtime can account allocation. Bun has a `v8.GCProfiler` that reports no GCs
 * (measured, Bun 1.4.5: 0 B/op for `JSON.parse(JSON.stringify(doc))`, 1.9 KiB on Node), so its
 * figure would be a wrong number rather than a missing one.
 */
export const canMeasureAllocation = GCProfiler !== undefined && process.versions['bun'] === undefined;

function youngUsed(spaces: readonly SpacePoint[]): number {
  let used = 0;
  for (const space of spaces) if (YOUNG_SPACES.has(space.spaceName)) used += space.spaceUsedSize;
  return used;
}

function youngUsedNow(): number {
  let used = 0;
  for (const space of v8.getHeapSpaceStatistics()) if (YOUNG_SPACES.has(space.space_name)) used += space.space_used_size;
  return used;
}

export class AllocationMeter implements TimedRegionHooks {
  private profiler: Profiler | null = null;
  private usedAtEntry = 0;
  private externalAtEntry = 0;
  /** The last region's reading. */
  reading: AllocationReading | null = null;

  enter(): void {
    const profiler = new GCProfiler!();
    this.externalAtEntry = process.memoryUsage().arrayBuffers;
    this.usedAtEntry = youngUsedNow();
    this.profiler = profiler;
    profiler.start();
  }

  leave(): void {
    const profiler = this.profiler;
    if (profiler === null) return;
    const { statistics } = profiler.stop();
    const usedAtEnd = youngUsedNow();
    const externalAtEnd = process.memoryUsage().arrayBuffers;
    this.profiler = null;
    let bytes = 0;
    let usedAfterPrevious = this.usedAtEntry;
    for (const gc of statistics) {
      bytes += youngUsed(gc.beforeGC.heapSpaceStatistics) - usedAfterPrevious;
      usedAfterPrevious = youngUsed(gc.afterGC.heapSpaceStatistics);
    }
    bytes += usedAtEnd - usedAfterPrevious;
    this.reading = { bytes, externalBytes: externalAtEnd - this.externalAtEntry, gcCount: statistics.length };
  }
}
