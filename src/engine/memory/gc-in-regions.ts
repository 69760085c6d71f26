/**
 * Counts the garbage collections that started inside timed regions: each region's start and end
 * are stamped on the performance clock, and Node's 'gc' performance entries (which arrive a timer
 * tick late, but carry their start time) are matched against them afterwards. GCs between
 * regions — a forced one before a sample, one that untimed setup triggers — do not count.
 */
import { performance } from 'node:perf_hooks';
import { observeGc } from './gc-observer.js';
import type { TimedRegionHooks } from '../loop/timed-region.js';

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
  private readonly gcs: { startTime: number; duration: number }[] = [];
  private readonly watch = observeGc((startTime, duration) => this.gcs.push({ startTime, duration }));

  enter(): void {
    this.starts.push(performance.now());
  }

  leave(): void {
    this.ends.push(performance.now());
  }

  async stop(): Promise<RegionGcCount> {
    await this.watch.stop();
    return gcInRegions(this.gcs, this.starts, this.ends.slice(0, this.starts.length));
  }
}
