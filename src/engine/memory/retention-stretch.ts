/**
 * The retention stretch: after timing and the memory phase, the benchmark runs alone for a few
 * more samples, each followed by a forced full GC and a reading of the heap used (untimed). What
 * it keeps raises those readings; garbage does not, wherever it waits (a pretenured ring body's
 * dead objects sit in the old generation until a major GC, and raised the unsettled heap by
 * 68 MiB over 6 samples while its ring stayed the same size).
 */
import type { MemoryInfo } from '../../results/memory-types.js';
import type { FootprintTracker } from './footprint.js';

/**
 * Samples in the stretch: 6 give the leak rule's trend test p ≈ 0.009 when the heap rises in
 * every one, under its 0.01.
 */
export const RETENTION_STRETCH_SAMPLES = 6;

/**
 * A body whose memory phase read no byte at all can keep nothing, so it has no stretch: its six
 * forced full GCs and samples would be a tenth of a second or more per benchmark spent on nothing
 * (lab/peers.md), and the heap readings of its samples still go to the leak rule. Any byte
 * counts, not only what is shown as allocation (0.5 B/op and up): the leak trap keeps 24 B every
 * 64 calls, 0.375 B/op, and grew the settled heap by 55 MiB over the stretch.
 */
export const keepsNothing = (memory: Pick<MemoryInfo, 'bytesPerOp' | 'externalBytesPerOp'>): boolean => memory.bytesPerOp === 0 && memory.externalBytesPerOp === 0;

export async function retentionStretch(
  runBatch: (iterations: number) => unknown,
  iterations: number,
  footprint: FootprintTracker,
  memory: Pick<MemoryInfo, 'bytesPerOp' | 'externalBytesPerOp'>,
): Promise<void> {
  if (keepsNothing(memory)) return;
  for (let i = 0; i < RETENTION_STRETCH_SAMPLES; i++) {
    await runBatch(iterations);
    footprint.afterSettledSample();
  }
}
