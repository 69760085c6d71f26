// The stand-ins for tinybench and Benchmark.js (src/define/foreign/; vitest's: foreign-vitest.test.ts): what each declaration
// registers, how hooks map to ubench's setup form, and what is refused per benchmark.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import Benchmark from '../../src/define/foreign/benchmark-js-shim.js';
import { ForeignFeatureError } from '../../src/define/foreign/foreign-declare.js';
import { Bench } from '../../src/define/foreign/tinybench-shim.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';
import type { DeclaredBenchmark } from '../../src/define/types.js';

const declared = (): DeclaredBenchmark[] => getRegistry().benchmarks;
const byName = (name: string): DeclaredBenchmark => {
  const found = declared().find((b) => b.name === name);
  assert.ok(
    found,
    `no benchmark "${name}" among ${declared()
      .map((b) => b.name)
      .join(', ')}`,
  );
  return found;
};
/** The refusal a refused benchmark's body throws when measured. */
function refusalOf(b: DeclaredBenchmark): string {
  assert.equal(b.kind, 'plain');
  try {
    (b.body as () => unknown)();
  } catch (thrown) {
    assert.ok(thrown instanceof ForeignFeatureError, String(thrown));
    return thrown.message;
  }
  assert.fail(`"${b.name}" is measured, not refused`);
}
/** Runs a setup-form benchmark's sample once: setup, `calls` calls of run, teardown. */
async function sample(b: DeclaredBenchmark, calls = 2): Promise<void> {
  const state = await b.setup?.(b.params);
  for (let i = 0; i < calls; i++) await (b.body as (s: unknown, a: unknown) => unknown)(state, b.params);
  await b.teardown?.(state, b.params);
}

describe('tinybench stand-in', () => {
  beforeEach(() => resetRegistry('t.bench.ts'));

  it("declares each task in the Bench's name as a group; run() and table() give nothing", async () => {
    const bench = new Bench({ name: 'suite', time: 100, iterations: 10 });
    assert.equal(
      bench.add('one', () => 1).add('two', async () => 2),
      bench,
    );
    new Bench().add('three', () => 3);
    assert.deepEqual(
      declared().map((b) => b.id),
      ['t.bench.ts#suite/one', 't.bench.ts#suite/two', 't.bench.ts#three'],
    );
    assert.deepEqual(await bench.run(), []);
    assert.deepEqual(bench.table(), []);
    assert.deepEqual(bench.tasks, []);
  });

  it('maps Bench setup/teardown and beforeAll/afterAll around each sample, in tinybench order, with the task as this', async () => {
    const log: string[] = [];
    new Bench({ setup: (task) => log.push(`setup ${(task as { name: string }).name}`), teardown: () => log.push('teardown') }).add('t', () => log.push('run'), {
      beforeAll(this: unknown) {
        log.push(`beforeAll ${(this as { name: string }).name}`);
      },
      afterAll: async () => {
        await null;
        log.push('afterAll');
      },
    });
    const t = byName('t');
    assert.equal(t.kind, 'setup');
    assert.equal(t.statePerCall, undefined);
    await sample(t, 1);
    assert.deepEqual(log, ['setup t', 'beforeAll t', 'run', 'afterAll', 'teardown']);
  });

  it('refuses beforeEach/afterEach (per iteration), concurrency and unknown options for their task only', () => {
    const bench = new Bench({ name: 'n' });
    bench.add('each', () => 1, { beforeEach: () => undefined });
    bench.add('after each', () => 1, { afterEach: () => undefined });
    bench.add('odd', () => 1, { retries: 2 } as never);
    bench.add('fine', () => 1);
    bench.add('self-timed', () => ({ overriddenDuration: 1 }));
    new Bench({ concurrency: 'task' }).add('concurrent', async () => 1);
    assert.match(refusalOf(byName('each')), /tinybench: beforeEach .*every iteration.*state: 'per-call'/);
    assert.match(refusalOf(byName('after each')), /afterEach/);
    assert.match(refusalOf(byName('odd')), /the task option "retries"/);
    assert.match(refusalOf(byName('concurrent')), /concurrency: 'task'/);
    assert.equal(byName('fine').kind, 'plain');
    assert.match(refusalOf(byName('self-timed')), /overriddenDuration .*manual form/);
  });
});

describe('Benchmark.js stand-in', () => {
  beforeEach(() => resetRegistry('b.bench.js'));

  it('declares suite.add in every argument form, in the suite name as a group; run() and handlers do nothing', () => {
    let fired = 0;
    const suite = new Benchmark.Suite('s')
      .add('named', () => 1)
      .add('with options', () => 2, { minSamples: 5, maxTime: 1 })
      .add({ name: 'options only', fn: () => 3, onComplete: () => fired++ })
      .add(function fnName() {
        return 4;
      })
      .on('complete', () => fired++)
      .run({ async: true });
    assert.equal(suite.filter().length, 0);
    assert.equal(fired, 0);
    assert.deepEqual(
      declared().map((b) => b.id),
      ['b.bench.js#s/named', 'b.bench.js#s/with options', 'b.bench.js#s/options only', 'b.bench.js#s/fnName'],
    );
  });

  it('maps setup/teardown around each sample and defer to a promise the deferred settles', async () => {
    const log: string[] = [];
    new Benchmark.Suite()
      .add('hooked', () => log.push('run'), { setup: () => log.push('setup'), teardown: () => log.push('teardown') })
      .add('deferred', {
        defer: true,
        fn: (deferred: { resolve(): void }) => {
          log.push('deferred');
          setTimeout(() => deferred.resolve(), 1);
        },
      });
    await sample(byName('hooked'));
    assert.deepEqual(log, ['setup', 'run', 'run', 'teardown']);
    const deferred = byName('deferred');
    const result = (deferred.body as () => unknown)();
    assert.ok(result instanceof Promise);
    await result;
    assert.equal(log.at(-1), 'deferred');
  });

  it('declares a standalone benchmark when it runs, once', () => {
    const alone = new Benchmark('alone', () => 1);
    assert.equal(declared().length, 0);
    alone.run();
    alone.run();
    assert.deepEqual(
      declared().map((b) => b.id),
      ['b.bench.js#alone'],
    );
  });

  it('compiles setup, fn and teardown into one scope per sample when fn reads what setup declares, or code is a string', async () => {
    const g = globalThis as { seen?: number[] };
    new Benchmark.Suite()
      // Made from source, as a file's functions are: the test's own compiler would rename a name it sees declared twice.
      .add('shared', new Function('globalThis.seen.push(list.length);'), { setup: new Function('var list = [1, 2, 3]; globalThis.seen = [];') })
      .add('strings', 'seen.push(values.length);', { setup: 'var values = [1, 2]; seen.length = 0;', teardown: 'seen.push(-1);' })
      .add('separate', () => 1, { setup: () => 2 });
    await sample(byName('shared'));
    assert.deepEqual(g.seen, [3, 3]);
    await sample(byName('strings'));
    assert.deepEqual(g.seen, [2, 2, -1]);
    assert.equal(byName('separate').kind, 'setup');
    delete g.seen;
  });

  it('refuses a deferred string and unknown options per benchmark, and code that does not compile', () => {
    new Benchmark.Suite()
      .add('deferred string', { defer: true, fn: 'deferred.resolve()' })
      .add('odd', () => 1, { repeat: 3 })
      .add('broken', 'return (', { setup: 'var a = 1;' });
    assert.match(refusalOf(byName('deferred string')), /Benchmark\.js: defer: true with code compiled together/);
    assert.match(refusalOf(byName('odd')), /the option "repeat"/);
    assert.match(refusalOf(byName('broken')), /setup, fn and teardown compiled together \(.*SyntaxError|Unexpected/);
  });
});
