// The stand-in for mitata (src/define/foreign/mitata-shim.ts, mitata-bodies.ts): chained builders
// declared once complete, args, groups, and each body form mapped to a ubench form.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { ForeignFeatureError } from '../../src/define/foreign/foreign-declare.js';
import { bench, boxplot, group, run, summary } from '../../src/define/foreign/mitata-shim.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';
import type { BenchContext, DeclaredBenchmark } from '../../src/define/declaration-types.js';

const declared = (): DeclaredBenchmark[] => getRegistry().benchmarks;
const named = (name: string): DeclaredBenchmark[] => declared().filter((b) => b.baseName === name);

describe('mitata stand-in', () => {
  beforeEach(() => resetRegistry('m.bench.ts'));

  it('declares a bench with its chained args once complete (at run()), in named groups only', async () => {
    bench('plain', () => 1);
    group('g', () => {
      summary(() => {
        bench('sized $n', () => 2)
          .range('n', 8, 512, 8)
          .baseline();
      });
    });
    boxplot(() => bench('x args', () => 3).args([1, 2]));
    bench('tail', () => 4);
    assert.equal(declared().length, 1 + 3 + 2, 'the last builder waits for its chained calls');
    const result = await run();
    assert.deepEqual(
      result.benchmarks.map((t) => [t.alias, t.runs.map((r) => r.name)]),
      [
        ['plain', ['plain']],
        ['sized $n', ['sized 8', 'sized 64', 'sized 512']],
        ['x args', ['x args', 'x args']],
        ['tail', ['tail']],
      ],
      "run() resolves to mitata's trials, one run per args combination named as mitata names it",
    );
    assert.deepEqual(
      declared().map((b) => b.id),
      ['m.bench.ts#plain', 'm.bench.ts#g/sized $n(n=8)', 'm.bench.ts#g/sized $n(n=64)', 'm.bench.ts#g/sized $n(n=512)', 'm.bench.ts#x args(x=1)', 'm.bench.ts#x args(x=2)', 'm.bench.ts#tail'],
    );
    assert.ok(named('sized $n').every((b) => b.baseline));
    assert.equal(named('x args')[0]!.kind, 'setup', 'a body without parameters is the setup form when args are declared');
  });

  it('declares pending builders at the next microtask when the file never calls run()', async () => {
    bench('late', () => 1).dense_range('k', 1, 3);
    assert.equal(declared().length, 0);
    await null;
    assert.deepEqual(
      declared().map((b) => b.name),
      ['late(k=1)', 'late(k=2)', 'late(k=3)'],
    );
  });

  it('runs a generator once per benchmark on first use (untimed), its yield the body of every sample, state.get reading the args', async () => {
    const log: string[] = [];
    bench('gen $size', function* (state: { get(name: string): number }) {
      const size = state.get('size');
      log.push(`setup ${size}`);
      yield () => log.push(`run ${size}`);
      log.push(`teardown ${size}`);
    }).args('size', [4]);
    await run();
    log.length = 0; // the declaration read the generator's yield once
    const [b] = named('gen $size');
    assert.equal(b!.kind, 'setup');
    assert.equal(b!.statePerCall, undefined);
    const first = await b!.setup!(b!.params);
    (b!.body as (s: unknown) => unknown)(first);
    const second = await b!.setup!(b!.params);
    (b!.body as (s: unknown) => unknown)(second);
    assert.equal(first, second, 'the same body every sample');
    assert.deepEqual(log, ['setup 4', 'run 4', 'run 4']);
  });

  it('runs an async generator per sample: setup before yield, teardown after', async () => {
    const log: string[] = [];
    bench('async gen', async function* () {
      log.push('setup');
      yield () => log.push('run');
      log.push('teardown');
    });
    await run();
    const [b] = named('async gen');
    const state = await b!.setup!(b!.params);
    (b!.body as (s: unknown) => unknown)(state);
    await b!.teardown!(state, b!.params);
    assert.deepEqual(log, ['setup', 'run', 'teardown']);
  });

  it('maps computed parameters to per-call state, each call with fresh values', async () => {
    let made = 0;
    bench('computed', function* () {
      yield {
        [0]() {
          return ++made;
        },
        bench(p: number) {
          return p * 10;
        },
      };
    });
    await run();
    const [b] = named('computed');
    assert.equal(b!.statePerCall, true);
    const first = b!.setup!(b!.params);
    const second = b!.setup!(b!.params);
    const call = b!.body as (s: unknown) => unknown;
    assert.notEqual(call(first), call(second));
  });

  it('maps the iterator form to the manual form, iterating b.n times', async () => {
    let count = 0;
    bench('iter', (state: Iterable<unknown>) => {
      for (const _ of state) count++;
    });
    await run();
    const [b] = named('iter');
    assert.equal(b!.kind, 'manual');
    const context: BenchContext = { n: 7, args: {}, start: () => undefined, stop: () => undefined };
    (b!.body as (c: BenchContext) => unknown)(context);
    assert.equal(count, 7);
  });

  it("asks for collections outside the timing for an explicit .gc('inner') or .gc('once'), none for the default or .gc(false)", async () => {
    bench('inner', () => 1).gc('inner');
    bench('once', () => 1).gc('once');
    bench('true', () => 1).gc(true);
    bench('off', () => 1).gc(false);
    bench('default', () => 1);
    await run();
    const forced = (name: string): unknown => named(name)[0]!.forcedGc;
    assert.deepEqual(forced('inner'), { mode: 'every-sample', by: "mitata .gc('inner')" });
    assert.deepEqual(forced('once'), { mode: 'once', by: "mitata .gc('once')" });
    assert.deepEqual(forced('true'), { mode: 'once', by: 'mitata .gc(true)' });
    assert.equal(forced('off'), undefined);
    assert.equal(forced('default'), undefined);
    assert.equal(named('inner')[0]!.kind, 'plain');
  });

  it('refuses a yielded manual body and concurrency for their benchmark only; object args become labels, the body receiving the objects', async () => {
    bench('manual', function* () {
      yield { manual: () => undefined };
    });
    const seen: unknown[] = [];
    bench('objects $cfg', function* (state: { get(name: string): unknown }) {
      const cfg = state.get('cfg');
      yield () => seen.push(cfg);
    }).args('cfg', [{ a: 1 }, { long: 'x'.repeat(50) }]);
    bench('concurrent', () => 1).args('concurrency', [2]);
    await run();
    const message = (name: string): string => {
      const [b] = named(name);
      try {
        (b!.body as () => unknown)();
      } catch (thrown) {
        assert.ok(thrown instanceof ForeignFeatureError);
        return thrown.message;
      }
      return 'measured';
    };
    assert.match(message('manual'), /yielded \{ manual \}/);
    assert.match(message('concurrent'), /concurrency/);
    const objects = named('objects $cfg');
    assert.deepEqual(
      objects.map((b) => b.name),
      ['objects $cfg(cfg={"a":1})', 'objects $cfg(cfg=cfg#1)'],
    );
    for (const b of objects) {
      const fn = await b.setup!(b.params);
      (b.body as (s: unknown, a: unknown) => unknown)(fn, b.params);
    }
    assert.deepEqual(seen, [{ a: 1 }, { long: 'x'.repeat(50) }]);
  });

  it('keeps a named async group open until its function settles, as mitata awaits it', async () => {
    await group('later', async () => {
      await null;
      bench('inside', () => 1);
    });
    bench('outside', () => 2);
    await run();
    assert.deepEqual(
      declared().map((b) => b.id),
      ['m.bench.ts#later/inside', 'm.bench.ts#outside'],
    );
  });
});
