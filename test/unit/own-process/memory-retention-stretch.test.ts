/**
 * The retention stretch's samples: six, each followed by a settled heap reading, for any body the
 * memory phase read a byte for — a leak of 24 B every 64 calls reads 0.375 B/op, under the 0.5 B/op
 * shown as allocation — and none for a body that read nothing. A stand-in footprint; no heap.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FootprintTracker } from '../../../src/engine/memory/footprint.js';
import { fullGc } from '../../../src/engine/memory/forced-gc.js';
import { gcEntriesDelivered, observeGc } from '../../../src/engine/memory/gc-observer.js';
import { keepsNothing, RETENTION_STRETCH_SAMPLES, retentionStretch } from '../../../src/engine/memory/retention-stretch.js';

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

describe('the footprint without forced GCs (--quick, timing only)', () => {
  /** Full (major) GCs that `work` caused, read from the GC entries (delivered a tick late). */
  async function majorGcs(work: () => void): Promise<number> {
    let majors = 0;
    const watch = observeGc((_start, _duration, major) => {
      if (major) majors++;
    });
    work();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await watch.stop();
    return majors;
  }

  it('forces none, and reads the retained memory as unknown', async () => {
    const quiet = await majorGcs(() => {
      const tracker = new FootprintTracker(false);
      assert.equal(tracker.forcesGcs, false);
      tracker.pause();
      tracker.resume();
      tracker.afterSettledSample();
      const footprint = tracker.finish();
      assert.equal(footprint.retainedBytes, null);
      assert.deepEqual(footprint.settledHeapUsed, []);
    });
    assert.equal(quiet, 0);
  });

  it('where GCs can be forced and observed, the default tracker forces them (the other side of the test above)', async (t) => {
    if (fullGc() === null || !gcEntriesDelivered) return t.skip('no forced or observed GCs in this runtime');
    const forcing = await majorGcs(() => {
      const tracker = new FootprintTracker();
      tracker.pause();
      tracker.finish();
    });
    assert.ok(forcing >= 2, `${forcing} full GCs`);
  });
});
