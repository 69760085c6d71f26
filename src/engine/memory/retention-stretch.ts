/**
 * The retention stretch: after timing and the memory phase, the benchmark runs alone for a few
 * more samples, each followed by a forced full GC and a reading of the heap used (untimed). What
 * it keeps raises those readings; garbage does not, wherever it waits (a pretenured ring body's
 * dead objects sit in the old generation until a major GC, and raised the unsettled heap by
 * 68 MiB over 6 samples while its ring stayed the same size).
 */
import type { FootprintTracker } from './footprint.js';

/**
 * Samples in the stretch: 6 give the leak rule's trend test p ≈ 0.009 when the heap rises in
 * every one, under its 0.01.
 */
export const RETENTION_STRETCH_SAMPLES = 6;

/**
 * `allocating`: the memory phase measured bytes/op at or above its resolution. A body that allocates
 * nothing can keep nothing, so it has no stretch: its six forced full GCs and samples took 100–190 ms
 * per benchmark (the peers file's four allocation-free bodies, 2026-11-27), and the heap readings of
 * its samples still go to the leak rule.
 */
export async function retentionStretch(runBatch: (iterations: number) => unknown, iterations: number, footprint: FootprintTracker, allocating: boolean): Promise<void> {
  if (!allocating) return;
  for (let i = 0; i < RETENTION_STRETCH_SAMPLES; i++) {
    await runBatch(iterations);
    footprint.afterSettledSample();
  }
}
