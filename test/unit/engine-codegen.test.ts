import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileLoop, loopFunctionName, loopSource } from '../../src/engine/loop/codegen.js';
import { createManualContext } from '../../src/engine/loop/manual-context.js';

function fakeNow(step = 100) {
  let t = 0;
  return () => (t += step);
}

describe('generated measured loops', () => {
  it('gives every loop a unique marker and function name', () => {
    const a = loopSource({ uid: 1, label: 'f#a', call: 'plain', async: false });
    const b = loopSource({ uid: 2, label: 'f#a', call: 'plain', async: false });
    assert.notEqual(a, b);
    assert.match(a, /\/\* ubench measured loop #1: f#a \*\//);
    assert.match(a, new RegExp(`function ${loopFunctionName(1)}\\(`));
  });

  it("gives state: 'per-call' a state of its own per call", () => {
    const sink = { value: undefined as unknown };
    const loop = compileLoop({ uid: 9, label: 'p', call: 'per-call', async: false }, () => 0, sink);
    const seen: unknown[] = [];
    loop(3, ((state: unknown) => seen.push(state)) as never, ['a', 'b', 'c'], {});
    assert.deepEqual(seen, ['a', 'b', 'c']);
  });

  it('cannot be broken out of its comment by a benchmark name', () => {
    const source = loopSource({ uid: 3, label: 'evil */ throw 1; /*\nx', call: 'plain', async: false });
    assert.doesNotThrow(() => new Function('now', 'sink', source));
    assert.equal(source.split('\n').length, 12);
  });

  it('calls the body n times, reads the clock twice, and publishes the last result once', () => {
    const sink = { value: undefined as unknown };
    let reads = 0;
    const now = () => ++reads * 1000;
    const loop = compileLoop({ uid: 4, label: 'x', call: 'plain', async: false }, now, sink);
    let calls = 0;
    const elapsed = loop(7, () => ++calls, undefined, {});
    assert.equal(calls, 7);
    assert.equal(reads, 2);
    assert.equal(elapsed, 1000);
    assert.equal(sink.value, 7);
  });

  it('passes state and args in the setup form', () => {
    const sink = { value: undefined as unknown };
    const loop = compileLoop({ uid: 5, label: 'x', call: 'setup', async: false }, fakeNow(), sink);
    loop(3, ((state: number[], args: { k: number }) => state.push(args.k)) as never, [] as number[], { k: 9 });
    assert.equal(sink.value, 3);
  });

  it('awaits every iteration of an async body', async () => {
    const sink = { value: undefined as unknown };
    const loop = compileLoop({ uid: 6, label: 'x', call: 'plain', async: true }, fakeNow(), sink);
    let settled = 0;
    await loop(
      5,
      async () => {
        await null;
        return ++settled;
      },
      undefined,
      {},
    );
    assert.equal(settled, 5);
    assert.equal(sink.value, 5);
  });
});

describe('manual-loop context', () => {
  it('times the whole call unless paused, and excludes paused spans', () => {
    let t = 0;
    const ctx = createManualContext(10, {}, () => t);
    t = 100;
    ctx.handle.stop();
    t = 600; // excluded
    ctx.handle.start();
    t = 650;
    assert.equal(ctx.finish(), 150);
    assert.equal(ctx.handle.n, 10);
  });

  it('ignores repeated start/stop calls', () => {
    let t = 0;
    const ctx = createManualContext(1, {}, () => t);
    ctx.handle.start();
    t = 10;
    ctx.handle.stop();
    ctx.handle.stop();
    t = 50;
    assert.equal(ctx.finish(), 10);
  });
});
