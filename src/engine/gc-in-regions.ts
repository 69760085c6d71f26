/**
 * Counts the garbage collections that started inside timed regions: each region's start and end
 * are stamped on the performance clock, and Node's 'gc' performance entries (which arrive a timer
 * tick late, but carry their start time) are matched against them afterwards. GCs between
 * regions — a forced one before a sample, one that untimed setup triggers — do not count.
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as tick } from 'node:timers/promises';
import type { TimedRegionHooks } from './timed-region.js';

/** Timer ticks to wait for the entries of the last GCs (DESIGN §3: they arrive late). */
const DELIVERY_TICKS = 2;

export interface RegionGcCount {
  count: number;
  pauseNs: number;
}

/** Count GCs whose start lies in one of the regions; `starts`/`ends` are ascending and paired. */
export function gcInRegions(gcStarts: readonly { startTime: number; duration: number }[], starts: readonly number[], ends: readonly number[]): RegionGcCount {
  let count = 0;
  let pauseMs = 0;
  for (const gc of gcStarts) {
    // Regions are few thousand at most; a binary search finds the last region starting before the GC.
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= gc.startTime) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (found >= 0 && gc.startTime <= ends[found]!) {
      count++;
      pauseMs += gc.duration;
    }
  }
  return { count, pauseNs: pauseMs * 1e6 };
}

export class RegionGcCounter implements TimedRegionHooks {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Start and duration of each GC, not the entries themselves (they would pile up on the heap). */
  private readonly gcs: { startTime: number; duration: number }[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const { startTime, duration } of list.getEntries()) this.gcs.push({ startTime, duration });
  });

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  enter(): void {
    this.starts.push(performance.now());
  }

  leave(): void {
    this.ends.push(performance.now());
  }

  async stop(): Promise<RegionGcCount> {
    for (let i = 0; i < DELIVERY_TICKS; i++) await tick(0);
    this.observer.disconnect();
    return gcInRegions(this.gcs, this.starts, this.ends.slice(0, this.starts.length));
  }
}
