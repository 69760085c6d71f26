/** GC pauses attributed to the sample windows they started in: per benchmark and per sample (Sample.gcNs). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gcPerWindow, markSamplePauses } from '../../src/engine/memory/gc-in-windows.js';
import type { Sample } from '../../src/results/types.js';

// Three windows, [0, 10], [20, 30], [30, 40] ms; GCs starting at 5 (2 ms), 12 (between windows), 25 and 28 (1 ms each), 30 (on both edges: the first window holding it).
const windows = [0, 10, 20, 30, 30, 40];
const gcs = { starts: [5, 12, 25, 28, 30], pausesMs: [2, 4, 1, 1, 3] };

describe('GC pauses in sample windows', () => {
  it('counts each GC in the window it started in, once, and none between windows', () => {
    assert.deepEqual(gcPerWindow(windows, gcs), { counts: [1, 3, 0], pausesMs: [2, 5, 0] });
    assert.deepEqual(markSamplePauses([], windows, gcs), { count: 4, pauseMs: 7 });
  });

  it("marks each sample's own pause time in ns, none where it was 0, never more than the sample took", () => {
    const samples: Sample[] = [
      { iterations: 10, elapsedNs: 9e6 },
      { iterations: 10, elapsedNs: 4e6 },
      { iterations: 10, elapsedNs: 9e6 },
    ];
    markSamplePauses(samples, windows, gcs);
    assert.equal(samples[0]!.gcNs, 2e6);
    assert.equal(samples[1]!.gcNs, 4e6);
    assert.equal('gcNs' in samples[2]!, false);
  });
});
