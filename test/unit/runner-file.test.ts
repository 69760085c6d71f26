import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChildEvent, ChildRequest } from '../../src/engine/process/events.js';
import type { Executor } from '../../src/runner/child/executor.js';
import { runFile } from '../../src/runner/child/run-file.js';
import type { ErrorInfo } from '../../src/results/types.js';
import { childRequest, hello, info, measurement, scriptedExecutor, type Script } from '../helpers/scripted-executor.js';

const request: ChildRequest = childRequest('/abs/a.bench.ts', 'a.bench.ts');
const three = ['one', 'two', 'three'].map((n) => info('a.bench.ts', n));

/** A child that runs `ids`, crashing (exit code 3 via process.exit) when it starts `crashOn`. */
function child(ids: string[], crashOn: string | null): { events: ChildEvent[]; exit?: { code: number } } {
  const events: ChildEvent[] = [hello, { type: 'declared', benchmarks: three.filter((b) => ids.includes(b.id)) }];
  for (const id of ids) {
    events.push({ type: 'start', id });
    if (id === crashOn) return { events: [...events, { type: 'exit', code: 3 }], exit: { code: 3 } };
    events.push({ type: 'measured', id, result: measurement(10) });
  }
  return { events: [...events, { type: 'done' }] };
}

async function run(script: Script, timeoutMs = 1000) {
  const executor = scriptedExecutor(script);
  const lost: [string, string, ErrorInfo][] = [];
  const fileErrors: ErrorInfo[] = [];
  const measured: string[] = [];
  const declared = await runFile(
    request,
    { executor, timeoutMs },
    {
      onEvent: (e) => {
        if (e.type === 'measured') measured.push(e.id);
      },
      onLost: (id, status, error) => lost.push([id, status, error]),
      onFileError: (error) => fileErrors.push(error),
    },
  );
  return { executor, lost, fileErrors, measured, declared };
}

describe('runFile: one bench file across processes', () => {
  it('runs every benchmark in one process when nothing goes wrong', async () => {
    const r = await run((req) => child(req.only ?? three.map((b) => b.id), null));
    assert.equal(r.executor.requests.length, 1);
    assert.deepEqual(
      r.measured,
      three.map((b) => b.id),
    );
    assert.deepEqual(r.lost, []);
  });

  it('after a crash, blames the running benchmark and resumes the rest in a fresh process', async () => {
    const r = await run((req) => child(req.only ?? three.map((b) => b.id), 'a.bench.ts#two'));
    assert.equal(r.executor.requests.length, 2);
    assert.deepEqual(r.executor.requests[1]!.only, ['a.bench.ts#three']);
    assert.deepEqual(r.measured, ['a.bench.ts#one', 'a.bench.ts#three']);
    assert.equal(r.lost.length, 1);
    assert.equal(r.lost[0]![0], 'a.bench.ts#two');
    assert.equal(r.lost[0]![1], 'error');
    assert.match(r.lost[0]![2].message, /process\.exit\(3\) was called/);
    assert.deepEqual(
      r.declared?.map((b) => b.id),
      three.map((b) => b.id),
    );
  });

  it('stops a benchmark that exceeds the timeout and reports it as timeout', async () => {
    const r = await run((req, i) => (i === 0 ? { events: [hello, { type: 'declared', benchmarks: three }, { type: 'start', id: three[0]!.id }], hang: true } : child(req.only!, null)), 30);
    assert.equal(r.lost[0]![1], 'timeout');
    assert.match(r.lost[0]![2].message, /exceeded the timeout of 0\.03 s/);
    assert.deepEqual(r.measured, ['a.bench.ts#two', 'a.bench.ts#three']);
  });

  it('counts the timeout from when the process is up, not from its start (a browser takes seconds to start)', async () => {
    // Every event comes 25 ms after the start: a 20 ms timeout counted from the start would fire first.
    const slowStart: Executor = (req, handlers) => {
      const timer = setTimeout(() => {
        for (const event of child(req.only ?? three.map((b) => b.id), null).events) handlers.onEvent(event);
        handlers.onExit({ code: 0, signal: null, stderrTail: '' });
      }, 25);
      return {
        kill() {
          clearTimeout(timer);
          handlers.onExit({ code: null, signal: 'SIGKILL', stderrTail: '' });
        },
      };
    };
    const lost: string[] = [];
    const measured: string[] = [];
    await runFile(
      request,
      { executor: slowStart, timeoutMs: 20 },
      { onEvent: (e) => void (e.type === 'measured' && measured.push(e.id)), onLost: (id) => lost.push(id), onFileError: (e) => lost.push(e.message) },
    );
    assert.deepEqual(lost, []);
    assert.deepEqual(
      measured,
      three.map((b) => b.id),
    );
  });

  it('gives a process the start allowance its caller sets (a pass under valgrind starts slower), and times out one that never says hello', async () => {
    // Hello after 60 ms: past a 40 ms allowance, within a 200 ms one.
    const lateHello =
      (delayMs: number): Executor =>
      (req, handlers) => {
        const timer = setTimeout(() => {
          for (const event of child(req.only ?? three.map((b) => b.id), null).events) handlers.onEvent(event);
          handlers.onExit({ code: 0, signal: null, stderrTail: '' });
        }, delayMs);
        return {
          kill() {
            clearTimeout(timer);
            handlers.onExit({ code: null, signal: 'SIGKILL', stderrTail: '' });
          },
        };
      };
    const outcome = async (startMs: number): Promise<string[]> => {
      const seen: string[] = [];
      await runFile(
        request,
        { executor: lateHello(60), timeoutMs: 20, startMs },
        { onEvent: (e) => void (e.type === 'measured' && seen.push(e.id)), onLost: (id) => seen.push(`lost ${id}`), onFileError: (e) => seen.push(`file error ${e.message}`) },
      );
      return seen;
    };
    assert.deepEqual(
      await outcome(200),
      three.map((b) => b.id),
    );
    assert.ok(
      (await outcome(40)).every((line) => !three.some((b) => line === b.id)),
      'killed before hello: nothing measured',
    );
  });

  it('explains a crash by signal with V8’s fatal line from stderr', async () => {
    const r = await run((req, i) =>
      i === 0
        ? {
            events: [hello, { type: 'declared', benchmarks: three }, { type: 'start', id: three[0]!.id }],
            exit: { code: null, signal: 'SIGABRT', stderrTail: '<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n 1: 0xb0' },
          }
        : child(req.only!, null),
    );
    assert.match(r.lost[0]![2].message, /killed by SIGABRT: FATAL ERROR: Reached heap limit/);
  });

  it('reports an uncaught error with its location', async () => {
    const crash: ErrorInfo = { message: 'TypeError: boom', location: 'a.bench.ts:3:9', stack: null };
    const r = await run((req, i) =>
      i === 0 ? { events: [hello, { type: 'declared', benchmarks: three }, { type: 'start', id: three[0]!.id }, { type: 'crash', error: crash }], exit: { code: 1 } } : child(req.only!, null),
    );
    assert.match(r.lost[0]![2].message, /uncaught in benchmark process: TypeError: boom/);
    assert.equal(r.lost[0]![2].location, 'a.bench.ts:3:9');
  });

  it('turns a load error into a file error and does not retry', async () => {
    const error: ErrorInfo = { message: 'SyntaxError: Unexpected token', location: 'a.bench.ts:2:1', stack: null };
    const r = await run(() => ({ events: [hello, { type: 'load-error', error }], exit: { code: 0 } }));
    assert.equal(r.executor.requests.length, 1);
    assert.deepEqual(r.fileErrors, [error]);
    assert.equal(r.declared, null);
  });

  it('reports a process that dies before declaring anything as a file error', async () => {
    const r = await run(() => ({ events: [], exit: { code: null, signal: 'SIGSEGV' } }));
    assert.match(r.fileErrors[0]!.message, /killed by SIGSEGV/);
  });

  it('does not loop when a process keeps dying between benchmarks', async () => {
    const r = await run(() => ({ events: [hello, { type: 'declared', benchmarks: three }], exit: { code: 9 } }));
    assert.equal(r.executor.requests.length, 1);
    assert.deepEqual(
      r.lost.map((l) => l[0]),
      three.map((b) => b.id),
    );
  });
});
