import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROGRESS_REDRAW_INTERVAL_MS, createProgress } from '../../src/report/progress.js';

function fakeStream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns, write: (s: string) => writes.push(s) } };
}

/** A clock and scheduler driven by the test. */
function fakeTime() {
  let time = 1_000;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    now: () => time,
    schedule: (run: () => void, delayMs: number) => {
      const timer = { at: time + delayMs, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    advance(ms: number) {
      time += ms;
      for (const timer of timers.splice(0)) {
        if (timer.cancelled) continue;
        if (timer.at <= time) timer.run();
        else timers.push(timer);
      }
    },
    pending: () => timers.filter((t) => !t.cancelled).length,
  };
}

describe('createProgress', () => {
  it('does nothing when the stream is not a TTY', () => {
    const { writes, stream } = fakeStream(false, 80);
    const progress = createProgress(stream);
    progress.update('running sort');
    progress.clear();
    assert.deepEqual(writes, []);
  });

  it('accepts a real write stream', () => {
    // Type-level check that NodeJS.WriteStream fits; under the test runner stderr is usually not a TTY.
    const progress = createProgress(process.stderr, { now: () => 0, schedule: () => () => {} });
    assert.equal(typeof progress.update, 'function');
  });

  it('rewrites one line on a TTY, cut to the width', () => {
    const { writes, stream } = fakeStream(true, 20);
    const time = fakeTime();
    const progress = createProgress(stream, time);
    progress.update('running insertionSort(size=1000)');
    assert.deepEqual(writes, ['\rrunning insertionSo\x1b[K']);
    assert.equal(writes[0]!.length, 1 + 19 + 3);
    time.advance(PROGRESS_REDRAW_INTERVAL_MS);
    progress.update('done\nnext');
    assert.equal(writes[1], '\rdone next\x1b[K');
    progress.clear();
    assert.equal(writes[2], '\r\x1b[K');
  });

  it('throttles redraws and draws the latest text when the interval ends', () => {
    const { writes, stream } = fakeStream(true, 80);
    const time = fakeTime();
    const progress = createProgress(stream, time);
    progress.update('a');
    time.advance(10);
    progress.update('b');
    progress.update('c');
    assert.deepEqual(writes, ['\ra\x1b[K'], 'updates inside the interval are held back');
    assert.equal(time.pending(), 1, 'one trailing redraw is scheduled');
    time.advance(PROGRESS_REDRAW_INTERVAL_MS - 10);
    assert.deepEqual(writes, ['\ra\x1b[K', '\rc\x1b[K']);
    time.advance(PROGRESS_REDRAW_INTERVAL_MS);
    progress.update('d');
    assert.equal(writes.at(-1), '\rd\x1b[K');
  });

  it('clear drops a pending redraw', () => {
    const { writes, stream } = fakeStream(true, 80);
    const time = fakeTime();
    const progress = createProgress(stream, time);
    progress.update('a');
    progress.update('b');
    progress.clear();
    time.advance(PROGRESS_REDRAW_INTERVAL_MS * 2);
    assert.deepEqual(writes, ['\ra\x1b[K', '\r\x1b[K']);
    progress.update('c');
    assert.equal(writes.at(-1), '\rc\x1b[K', 'after clear the next update draws at once');
  });
});
