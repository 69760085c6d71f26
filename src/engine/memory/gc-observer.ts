/**
 * Garbage collections as they happen (each start and pause), and during the sampling phase (count
 * and total pause time), from Node's 'gc' performance entries. Unlike `v8.GCProfiler` (~65 µs of
 * heap statistics per GC, measured here: 6% on an allocation-heavy loop), the entries cost nothing
 * measurable, so they may watch the timed samples. They are delivered after a timer tick, hence the asynchronous stop.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as tick } from 'node:timers/promises';
import { THIS_RUNTIME_TRAITS } from '../../results/runtimes/this-runtime.js';

/**
 * Whether 'gc' entries arrive at all. Deno 2.9.6 lists 'gc' among the supported entry types but
 * delivers none (measured: 0 entries while a 1.2 KiB/op body ran for 0.3 s); Bun does not list it.
 */
export const gcEntriesDelivered = THIS_RUNTIME_TRAITS.gcEntries && ((PerformanceObserver as unknown as { supportedEntryTypes?: readonly string[] }).supportedEntryTypes ?? []).includes('gc');

/** Timer ticks to wait for entries of the last GCs to be delivered (docs/design.md §3: they arrive late). */
const DELIVERY_TICKS = 2;

/** Whether an entry is a major GC's (mark-compact's) final pause: the end of a major GC cycle. */
function isMajor(entry: PerformanceEntry): boolean {
  const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
  return kind !== undefined && (kind & constants.NODE_PERFORMANCE_GC_MAJOR) !== 0;
}

/**
 * Calls `onGc` with each GC's start (performance clock, ms), pause (ms) and whether it was a major GC until the returned
 * `stop()` resolves, which waits for the last entries to arrive. Entries are not kept: thousands of
 * them would grow the heap through sampling, which the `leak` rule (rightly) reads as a leak.
 */
export function observeGc(onGc: (startTime: number, durationMs: number, major: boolean) => void): { stop(): Promise<void> } {
  // Where none arrive, none are asked for (a browser would warn about the entry type).
  if (!gcEntriesDelivered) return { stop: async () => undefined };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) onGc(entry.startTime, entry.duration, isMajor(entry));
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      for (let i = 0; i < DELIVERY_TICKS; i++) await tick(0);
      observer.disconnect();
    },
  };
}
