/**
 * The retention stretch's samples: six, each followed by a settled heap reading, for any body the
 * memory phase read a byte for — a leak of 24 B every 64 calls reads 0.375 B/op, under the 0.5 B/op
 * shown as allocation — and none for a body that read nothing. A stand-in footprint; no heap.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FootprintTracker } from '../../src/engine/memory/footprint.js';
import { keepsNothing, RETENTION_STRETCH_SAMPLES, retentionStretch } from '../../src/engine/memory/retention-stretch.js';

async function stretch(bytesPerOp: number, externalBytesPerOp = 0): Promise<{ batches: number; readings: number }> {
  let batches = 0;
  let readings = 0;
  const footprint = { afterSettledSample: () => readings++ } as unknown as FootprintTracker;
  await retentionStretch(() => batches++, 1000, footprint, { bytesPerOp, externalBytesPerOp });
  return { batches, readings };
}

describe('retention stretch', () => {
  it('runs its samples for any byte read, under the shown resolution too', async () => {
    assert.deepEqual(await stretch(0.375), { batches: RETENTION_STRETCH_SAMPLES, readings: RETENTION_STRETCH_SAMPLES });
    assert.deepEqual(await stretch(0, 4096), { batches: RETENTION_STRETCH_SAMPLES, readings: RETENTION_STRETCH_SAMPLES });
  });

  it('has none for a body that read no byte at all', async () => {
    assert.deepEqual(await stretch(0), { batches: 0, readings: 0 });
    assert.equal(keepsNothing({ bytesPerOp: 0, externalBytesPerOp: 0 }), true);
    assert.equal(keepsNothing({ bytesPerOp: 1e-6, externalBytesPerOp: 0 }), false);
  });
});
