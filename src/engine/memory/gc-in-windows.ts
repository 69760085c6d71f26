/**
 * The GCs that started inside a benchmark's own sample windows: their count and pause time over its
 * samples (the sampling GC share), and each sample's own pause time (`Sample.gcNs`), which lets the
 * analysis ask whether a shape of the samples is garbage collection's pauses (diagnostics/gc-pauses.ts).
 */
import type { Sample } from '../../results/types.js';

/** Start (ms of the performance clock) and pause (ms) of each GC seen while the rounds ran. */
export interface GcPauses {
  starts: readonly number[];
  pausesMs: readonly number[];
}

/**
 * Count and pause time (ms) of the GCs that started inside each window; `windows` holds [start, end]
 * pairs in ms of the performance clock, one pair per sample, in order. A GC is counted once, in the
 * first window holding its start.
 */
export function gcPerWindow(windows: readonly number[], gcs: GcPauses): { counts: number[]; pausesMs: number[] } {
  const counts = new Array<number>(windows.length / 2).fill(0);
  const pausesMs = new Array<number>(windows.length / 2).fill(0);
  for (let g = 0; g < gcs.starts.length; g++) {
    const start = gcs.starts[g]!;
    for (let w = 0; w < windows.length; w += 2) {
      if (start >= windows[w]! && start <= windows[w + 1]!) {
        counts[w / 2]!++;
        pausesMs[w / 2]! += gcs.pausesMs[g]!;
        break;
      }
    }
  }
  return { counts, pausesMs };
}

/**
 * Each sample's own GC pause time, ns (`gcNs`), on the samples in place, and the count and pause time
 * (ms) of the GCs that started inside the windows in all. A pause is counted in the window its GC
 * started in, never more than the sample's time; samples without one keep no field, as files from
 * before it (and so all samples, where the runtime delivers no GC entries).
 */
export function markSamplePauses(samples: readonly Sample[], windows: readonly number[], gcs: GcPauses): { count: number; pauseMs: number } {
  const { counts, pausesMs } = gcPerWindow(windows, gcs);
  samples.forEach((sample, k) => {
    const ms = pausesMs[k] ?? 0;
    if (ms > 0) sample.gcNs = Math.min(ms * 1e6, sample.elapsedNs);
  });
  return { count: counts.reduce((a, b) => a + b, 0), pauseMs: pausesMs.reduce((a, b) => a + b, 0) };
}
