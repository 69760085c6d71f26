/**
 * What is read from the scheduler, with fake readings: the wait after loading until the process's
 * other threads are quiet (two quiet windows in a row end it, a busy window starts the count again,
 * the cap ends a wait that never goes quiet, and without /proc there is no wait); and the part of a
 * sample's wait that falls in its timed part.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timedPartWait, type SchedReading } from '../../src/engine/host/cpu-wait.js';
import { QUIET_HELPER_SHARE, SETTLE_CAP_MS, SETTLE_WINDOW_MS, settleThreads } from '../../src/engine/host/settle-threads.js';

/** A fake process whose helper threads use `shares[i]` of a core in window i (the main thread sleeps). */
function fakeProcess(shares: number[]) {
  let wallNs = 1e12;
  let processCpuNs = 0;
  let window = 0;
  return {
    read: (): SchedReading => ({ onCpuNs: 5e9, waitingNs: 0, processCpuNs, wallNs }),
    sleep: async (ms: number) => {
      const share = shares[Math.min(window, shares.length - 1)]!;
      window++;
      wallNs += ms * 1e6;
      processCpuNs += share * ms * 1e6;
    },
    windows: () => window,
  };
}

describe('settling after load', () => {
  it('ends after two quiet windows in a row, counting again after a busy one', async () => {
    const p = fakeProcess([0.9, 0.1, 0.8, 0.1, 0.1, 0.9]);
    const settled = await settleThreads(p);
    assert.equal(settled.quiet, true);
    assert.equal(p.windows(), 5);
    assert.equal(settled.waitedMs, 5 * SETTLE_WINDOW_MS);
  });
  it('treats a window at the threshold as busy', async () => {
    const p = fakeProcess([QUIET_HELPER_SHARE, QUIET_HELPER_SHARE * 0.99, 0]);
    await settleThreads(p);
    assert.equal(p.windows(), 3);
  });
  it('gives up at the cap when the helpers never go quiet', async () => {
    const p = fakeProcess([1]);
    const settled = await settleThreads(p);
    assert.equal(settled.quiet, false);
    assert.equal(settled.waitedMs, SETTLE_CAP_MS);
  });
  it('does not wait where the scheduler cannot be read', async () => {
    let slept = 0;
    const settled = await settleThreads({ read: () => null, sleep: async () => void slept++ });
    assert.deepEqual(settled, { waitedMs: 0, quiet: false });
    assert.equal(slept, 0);
  });
});

describe("the wait in a sample's timed part", () => {
  it('is the whole wait when the window is all timed', () => {
    assert.equal(timedPartWait(4e6, 10e6, 10e6), 4e6);
  });
  it("is the timed part's share of it when the window holds untimed work (per-call states)", () => {
    // A 20 ms window, 6 ms of it timed, that waited 8 ms: 2.4 ms of the wait fell in the timed 6 ms.
    assert.equal(timedPartWait(8e6, 20e6, 6e6), 2.4e6);
  });
  it('never exceeds the wait, nor goes below 0', () => {
    assert.equal(timedPartWait(4e6, 10e6, 12e6), 4e6);
    assert.equal(timedPartWait(4e6, 10e6, -1), 0);
  });
});
