import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finishedLine } from '../../src/report/finished-line.js';
import { PROGRESS_REDRAW_INTERVAL_MS, createProgress } from '../../src/report/progress.js';
import type { FinishedBenchmark } from '../../src/results/finished-benchmark.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

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
  it('draws no status line when the stream is not a TTY', () => {
    const { writes, stream } = fakeStream(false, 80);
    const progress = createProgress(stream);
    progress.update('running sort');
    progress.clear();
    assert.deepEqual(writes, []);
  });

  it('writes each finished line whole, with its newline, in one write, when the stream is not a TTY', () => {
    const { writes, stream } = fakeStream(false);
    const progress = createProgress(stream);
    progress.update('running sort');
    progress.line('[1/2] a.bench.ts › sort  1.2 µs ±0.5%');
    progress.update('running find');
    progress.line('[2/2] a.bench.ts › find\nwith a newline');
    assert.deepEqual(writes, ['[1/2] a.bench.ts › sort  1.2 µs ±0.5%\n', '[2/2] a.bench.ts › find with a newline\n']);
  });

  it('leaves finished lines out on a TTY (the status line and the final table are there)', () => {
    const { writes, stream } = fakeStream(true, 80);
    const progress = createProgress(stream, fakeTime());
    progress.line('[1/2] a.bench.ts › sort');
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

describe('finishedLine', () => {
  const measured = (): BenchmarkResult => ({ ...syntheticResult({ perOp: [1230, 1228, 1232, 1229, 1231, 1230, 1233, 1227] }), file: 'sort.bench.ts', group: null, name: 'sort(n=100)' });
  const at = (result: BenchmarkResult, more: Partial<FinishedBenchmark> = {}): FinishedBenchmark => ({ result, done: 3, total: 12, fork: null, runtime: null, label: null, ...more });

  it('gives the position, file › name, estimate with its half-width and CI, and the warnings', () => {
    const result = measured();
    const e = result.estimate!;
    assert.equal(e.nsPerOp, 1230);
    const line = finishedLine(at(result));
    assert.match(line, /^\[3\/12\] sort\.bench\.ts › sort\(n=100\) {2}1\.230 µs ±[\d.]+% {2}\(CI 1\.2\d\d µs – 1\.2\d\d µs\) {2}precision reached$/);
    const limited = { ...result, precision: { ...result.precision!, reached: 0.084, stopReason: 'host-limit' as const } };
    assert.match(finishedLine(at(limited)), /\) {2}host's limit reached \(±8\.4%, more samples would not narrow it\)$/);
    const budget = { ...result, precision: { ...result.precision!, stopReason: 'budget' as const } };
    assert.match(finishedLine(at(budget)), /µs\)$/);
    const warned = {
      ...result,
      group: 'arrays',
      diagnostics: [...['noisy', 'outliers'].map((code) => ({ code, severity: 'warning' as const, message: '', hint: '' })), { code: 'x', severity: 'info' as const, message: '', hint: '' }],
    };
    assert.match(finishedLine(at(warned)), /^\[3\/12\] sort\.bench\.ts › arrays › sort\(n=100\) .* {2}2 warnings$/);
    assert.match(finishedLine(at({ ...warned, diagnostics: warned.diagnostics.slice(1) })), / {2}1 warning$/);
  });

  it('names the fork, the runtime and the ab pair when the run has them', () => {
    const line = finishedLine(at(measured(), { fork: { index: 2, count: 3 }, runtime: 'bun', label: 'pair 2/10 B' }));
    assert.match(line, /^pair 2\/10 B \[3\/12\] fork 2\/3 sort\.bench\.ts › sort\(n=100\) \[bun\] {2}1\.230 µs/);
  });

  it('says how a benchmark failed or timed out, on one line', () => {
    const failed = { ...measured(), status: 'error' as const, estimate: null, error: { message: 'TypeError: x is\nnot a function', location: 'sort.bench.ts:4:9', stack: null } };
    assert.equal(finishedLine(at(failed)), '[3/12] sort.bench.ts › sort(n=100)  failed: TypeError: x is not a function (sort.bench.ts:4:9)');
    const late = { ...failed, status: 'timeout' as const, error: { message: 'benchmark exceeded the 60 s timeout', location: null, stack: null } };
    assert.equal(finishedLine(at(late, { done: 13 })), '[13/13] sort.bench.ts › sort(n=100)  timed out: benchmark exceeded the 60 s timeout');
  });
});
