/**
 * Observers of the timed region (the measured loop, without setup and teardown). Batch runners
 * call `enter`/`leave` around every loop; the process switches the observer per phase — GC
 * counting during warm-up, allocation accounting during the memory phase, nothing while sampling.
 */
import { hrtimeNow } from './clock.js';

export interface TimedRegionHooks {
  enter(): void;
  leave(elapsedNs: number): void;
}

/** A switchable observer shared by every batch runner of the process. */
export class RegionObserver implements TimedRegionHooks {
  current: TimedRegionHooks | null = null;

  enter(): void {
    this.current?.enter();
  }

  leave(elapsedNs: number): void {
    this.current?.leave(elapsedNs);
  }
}

/** Records when each timed region ran: [start, end] in ns of `process.hrtime` (the clock perf's `-k mono` and V8's CPU profiler use). */
export class TimedWindows implements TimedRegionHooks {
  readonly windows: [number, number][] = [];
  private start = 0;

  enter(): void {
    this.start = hrtimeNow();
  }

  leave(): void {
    this.windows.push([this.start, hrtimeNow()]);
  }
}
