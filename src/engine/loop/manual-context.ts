/**
 * The `b` handle of manual-loop benchmarks: `b.n` iterations, and a timer the body may pause
 * (`b.stop()`) and resume (`b.start()`) to keep preparation out of the measurement.
 */
import type { BenchContext, Params } from '../../define/declaration-types.js';
import type { Now } from './clock.js';

export interface ManualContext {
  handle: BenchContext;
  /** Stops the timer if running and returns the total timed nanoseconds. */
  finish(): number;
  /** Clock reads so far: 2 for an untouched timer, 2 more per pause. */
  readonly reads: number;
}

export function createManualContext(n: number, args: Params, now: Now): ManualContext {
  let running = true;
  let elapsed = 0;
  let startedAt = 0;
  let reads = 0;
  const read = (): number => {
    reads++;
    return now();
  };
  const handle: BenchContext = Object.freeze({
    n,
    args,
    start(): void {
      if (!running) {
        running = true;
        startedAt = read();
      }
    },
    stop(): void {
      if (running) {
        elapsed += read() - startedAt;
        running = false;
      }
    },
  });
  startedAt = read();
  return {
    handle,
    finish(): number {
      handle.stop();
      return elapsed;
    },
    get reads() {
      return reads;
    },
  };
}
