/**
 * Bytes allocated inside one timed region, reconstructed from `v8.GCProfiler` (docs/design.md §3): used
 * size before and after each GC, so the total allocated is
 * Σ(before GCᵢ − after GCᵢ₋₁) + (end − after last GC), starting from the size at entry.
 *
 * The young generation (new space and new large-object space) is counted exactly: JavaScript
 * allocations land there unless V8 pretenures an allocation site. The old generation's growth
 * between GCs (old space and large-object space) is counted apart, as a lower bound only: V8's
 * concurrent sweeper frees pages of earlier garbage during a region, so old-space used size can
 * fall while the body allocates there (measured: a pretenured 104 B/op ring body grew old space
 * by 99.1–109.4 B/op after a forced GC, 103.1 without). A scavenge's promotions and a major GC's
 * frees happen inside GCs, so the GC-by-GC sum leaves them out. See docs/memory.md.
 * Off-heap ArrayBuffer contents are counted by Node's ArrayBuffer allocator
 * (`process.memoryUsage().arrayBuffers`, updated at allocation; V8's `external_memory` is only
 * updated at GC time) and reported on their own.
 *
 * One profiler per region: a few per benchmark. (Hundreds would leave GC callbacks alive and slow
 * every later GC; see gc-rate.ts.)
 */
import v8 from 'node:v8';
import type { TimedRegionHooks } from '../loop/timed-region.js';
import { THIS_RUNTIME_TRAITS } from '../../results/runtimes/this-runtime.js';

/** Where new JavaScript objects are allocated. */
const YOUNG_SPACES = new Set(['new_space', 'new_large_object_space']);
/** Where pretenured objects and large objects are allocated (code spaces left out: recompilation is the harness's). */
const OLD_SPACES = new Set(['old_space', 'large_object_space']);

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
  /** Young-generation bytes allocated (exact). */
  bytes: number;
  /** Old-generation growth between GCs (a lower bound on what was allocated there). */
  oldBytes: number;
  externalBytes: number;
  gcCount: number;
}

/**
 * Whether this runtime can account allocation. Bun has a `v8.GCProfiler` that reports no GCs
 * (measured, Bun 1.4.5: 0 B/op for `JSON.parse(JSON.stringify(doc))`, 1.9 KiB on Node), so its
 * figure would be a wrong number rather than a missing one.
 */
export const canMeasureAllocation = GCProfiler !== undefined && THIS_RUNTIME_TRAITS.allocationCount;

/** Used bytes of the young and the old generation at one point. */
export interface GenerationsUsed {
  young: number;
  old: number;
}

function used(spaces: readonly SpacePoint[]): GenerationsUsed {
  let young = 0;
  let old = 0;
  for (const space of spaces) {
    if (YOUNG_SPACES.has(space.spaceName)) young += space.spaceUsedSize;
    else if (OLD_SPACES.has(space.spaceName)) old += space.spaceUsedSize;
  }
  return { young, old };
}

function usedNow(): GenerationsUsed {
  return used(v8.getHeapSpaceStatistics().map((s) => ({ spaceName: s.space_name, spaceUsedSize: s.space_used_size })));
}

/**
 * Allocation between GCs, from the used sizes at entry, before and after each GC, and at the end:
 * Σ(before GCᵢ − after GCᵢ₋₁) + (end − after last GC), per generation.
 */
export function allocatedBetweenGcs(atEntry: GenerationsUsed, gcs: readonly { before: GenerationsUsed; after: GenerationsUsed }[], atEnd: GenerationsUsed): GenerationsUsed {
  let young = 0;
  let old = 0;
  let previous = atEntry;
  for (const gc of gcs) {
    young += gc.before.young - previous.young;
    old += gc.before.old - previous.old;
    previous = gc.after;
  }
  return { young: young + atEnd.young - previous.young, old: old + atEnd.old - previous.old };
}

export class AllocationMeter implements TimedRegionHooks {
  private profiler: Profiler | null = null;
  private usedAtEntry: GenerationsUsed = { young: 0, old: 0 };
  private externalAtEntry = 0;
  /** The last region's reading. */
  reading: AllocationReading | null = null;

  enter(): void {
    const profiler = new GCProfiler!();
    this.externalAtEntry = process.memoryUsage().arrayBuffers;
    this.usedAtEntry = usedNow();
    this.profiler = profiler;
    profiler.start();
  }

  leave(): void {
    const profiler = this.profiler;
    if (profiler === null) return;
    const { statistics } = profiler.stop();
    const usedAtEnd = usedNow();
    const externalAtEnd = process.memoryUsage().arrayBuffers;
    this.profiler = null;
    const gcs = statistics.map((gc) => ({ before: used(gc.beforeGC.heapSpaceStatistics), after: used(gc.afterGC.heapSpaceStatistics) }));
    const allocated = allocatedBetweenGcs(this.usedAtEntry, gcs, usedAtEnd);
    this.reading = { bytes: allocated.young, oldBytes: allocated.old, externalBytes: externalAtEnd - this.externalAtEntry, gcCount: statistics.length };
  }
}
