// The stand-ins for tinybench and Benchmark.js (src/define/foreign/; vitest's: foreign-vitest.test.ts): what each declaration
// registers, how hooks map to ubench's setup form, and what is refused per benchmark.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import Benchmark from '../../src/define/foreign/benchmark-js-shim.js';
import { ForeignFeatureError } from '../../src/define/foreign/foreign-declare.js';
import { Bench } from '../../src/define/foreign/tinybench-shim.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';
import type { DeclaredBenchmark } from '../../src/define/declaration-types.js';

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

  it("declares each task in the Bench's name as a group; outside a benchmark process run() measures nothing and the tasks read not-started", async () => {
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
    const tasks = await bench.run();
    assert.deepEqual(
      tasks.map((t) => t.name),
      ['one', 'two'],
    );
    assert.deepEqual(
      bench.results.map((r) => r.state),
      ['not-started', 'not-started'],
    );
    assert.deepEqual(
      bench.table().map((row) => row?.['Remarks']),
      ['not-started', 'not-started'],
    );
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

  it('calls a task whose only parameter has a default without arguments, as tinybench does, never as a ubench form', () => {
    new Bench().add('defaulted', (value: unknown = undefined) => value ?? 1).add('none', () => 2);
    const defaulted = byName('defaulted');
    assert.equal(defaulted.kind, 'plain');
    assert.equal((defaulted.body as () => unknown)(), 1);
    const none = () => 2;
    new Bench().add('direct', none);
    assert.equal(byName('direct').body, none, 'a body without parameters is called by the loop directly');
  });

  it('refuses concurrency: task, a self-timed task and unknown options for their task only', () => {
    const bench = new Bench({ name: 'n' });
    bench.add('odd', () => 1, { retries: 2 } as never);
    bench.add('fine', () => 1);
    bench.add('self-timed', () => ({ overriddenDuration: 1 }));
    new Bench({ concurrency: 'task' }).add('concurrent', async () => 1);
    new Bench({ concurrency: 'bench' }).add('one at a time', async () => 1);
    assert.match(refusalOf(byName('odd')), /the task option "retries"/);
    assert.match(refusalOf(byName('concurrent')), /concurrency: 'task'/);
    assert.equal(byName('fine').kind, 'plain');
    assert.equal(byName('one at a time').kind, 'plain');
    assert.match(refusalOf(byName('self-timed')), /overriddenDuration .*manual form/);
  });

  it('runs beforeEach/afterEach around every call with the clock stopped (the manual form), inside the per-sample hooks', async () => {
    const log: string[] = [];
    new Bench({ setup: () => log.push('setup') }).add('each', () => log.push('run'), {
      beforeEach: () => log.push('before'),
      afterEach: async () => {
        await null;
        log.push('after');
      },
    });
    const each = byName('each');
    assert.equal(each.kind, 'manual');
    const clock: string[] = [];
    const b = { n: 2, args: {}, start: () => clock.push('start'), stop: () => clock.push('stop') };
    await (each.body as (b: unknown) => unknown)(b);
    assert.deepEqual(log, ['setup', 'before', 'run', 'after', 'before', 'run', 'after']);
    // Stopped for the sample's setup and around each call's hooks (no teardown: no stop at the end): the clock runs only during the bodies.
    assert.deepEqual(clock, [...['stop', 'start'], ...['stop', 'start', 'stop', 'start'], ...['stop', 'start', 'stop', 'start']]);
  });
});

describe('Benchmark.js stand-in', () => {
  beforeEach(() => resetRegistry('b.bench.js'));

  it('declares suite.add in every argument form, in the suite name as a group; outside a benchmark process its events fire with no figures', async () => {
    const fired: string[] = [];
    const suite = new Benchmark.Suite('s')
      .add('named', () => 1)
      .add('with options', () => 2, { minSamples: 5, maxTime: 1 })
      .add({ name: 'options only', fn: () => 3, onComplete: () => fired.push('bench complete') })
      .add(function fnName() {
        return 4;
      })
      .on('complete', () => fired.push('suite complete'))
      .run({ async: true });
    assert.deepEqual(fired, [], 'run() returns before anything is measured');
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(fired, ['bench complete', 'suite complete']);
    assert.equal(suite.filter('fastest').length, 0, 'nothing measured: none is fastest');
    assert.ok(Number.isNaN(suite[0]!.hz));
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

  it('declares a standalone benchmark when it runs, once', async () => {
    const alone = new Benchmark('alone', () => 1);
    assert.equal(declared().length, 0);
    alone.run();
    alone.run();
    assert.deepEqual(
      declared().map((b) => b.id),
      ['b.bench.js#alone'],
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
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

  it('compiles a deferred string with its deferred, copies other options onto the benchmark, and refuses code that does not compile', async () => {
    const seen: unknown[] = [];
    (globalThis as { seenRepeat?: unknown[] }).seenRepeat = seen;
    new Benchmark.Suite()
      .add('deferred string', { defer: true, fn: 'setTimeout(function () { deferred.resolve(); }, 1);' })
      .add(
        'odd',
        function (this: { repeat?: number }) {
          seen.push(this.repeat);
        },
        {
          repeat: 3,
          setup(this: { repeat?: number }) {
            seen.push(this.repeat);
          },
        },
      )
      .add('broken', 'return (', { setup: 'var a = 1;' });
    const deferred = byName('deferred string');
    assert.equal(deferred.kind, 'setup');
    const state = await deferred.setup?.(deferred.params);
    await (deferred.body as (s: unknown, a: unknown) => unknown)(state, deferred.params);
    await sample(byName('odd'), 0);
    assert.deepEqual(seen, [3], 'setup reads the option as this.repeat');
    assert.match(refusalOf(byName('broken')), /setup, fn and teardown compiled together \(.*SyntaxError|Unexpected/);
    delete (globalThis as { seenRepeat?: unknown[] }).seenRepeat;
  });
});
