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

export async function retentionStretch(runBatch: (iterations: number) => unknown, iterations: number, footprint: FootprintTracker): Promise<void> {
  for (let i = 0; i < RETENTION_STRETCH_SAMPLES; i++) {
    await runBatch(iterations);
    footprint.afterSettledSample();
  }
}
