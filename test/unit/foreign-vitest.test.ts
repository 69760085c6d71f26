// vitest's bench API under ubench (src/define/foreign/vitest-*.ts): the names `each` gives its cases
// (the expected strings are what vitest 3.2 printed for the same calls), template tables, which
// benches `.only`/`skip`/`todo` leave, hooks around each sample, and the notes a file's output gets.
import assert from 'node:assert/strict';
import { beforeEach as testBeforeEach, describe, it } from 'node:test';
import { DeclarationError } from '../../src/define/declaration-error.js';
import { ForeignFeatureError } from '../../src/define/foreign/foreign-declare.js';
import { takeDeferredLoadError } from '../../src/define/foreign/deferred-load-error.js';
import { afterAll, afterEach, assert as assert2, beforeAll, beforeEach, bench, expect, describe as vDescribe } from '../../src/define/foreign/vitest-shim.js';
import { benchOutcomes, newSuite, type BenchNode, type Mode, type SuiteNode } from '../../src/define/foreign/vitest-suite.js';
import { formatTitle, tableCases } from '../../src/define/foreign/vitest-title.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';
import type { DeclaredBenchmark } from '../../src/define/declaration-types.js';

/** The file's synchronous code is over: the stand-in declares what it collected. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const ids = (): string[] => getRegistry().benchmarks.map((b) => b.id.slice('v.bench.ts#'.length));
const byName = (name: string): DeclaredBenchmark => {
  const found = getRegistry().benchmarks.find((b) => b.name === name);
  assert.ok(found, `no benchmark "${name}" among ${ids().join(', ')}`);
  return found;
};
/** Runs a setup-form benchmark's sample once: setup, `calls` calls of run, teardown. */
async function sample(b: DeclaredBenchmark, calls = 1): Promise<void> {
  const state = await b.setup?.(b.params);
  for (let i = 0; i < calls; i++) await (b.body as (s: unknown, a: unknown) => unknown)(state, b.params);
  await b.teardown?.(state, b.params);
}

describe('formatTitle', () => {
  it('reads $field paths of an object case, quoting strings and shortening long values, as vitest', () => {
    const item = { name: 'alpha', n: 3, deep: { x: [1, 2] }, long: 'x'.repeat(50), arr: Array.from({ length: 20 }, (_, i) => i + 1) };
    assert.equal(formatTitle('obj $name $n $deep.x $deep.x.1 $missing $long $arr', [item], 0), "obj 'alpha' 3 [ 1, 2 ] 2 undefined 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' [ Array(20) ]");
    assert.equal(formatTitle('$a.b', [{ a: { b: 'c', d: 1, e: 2, f: 'x'.repeat(40) } }], 0), "'c'");
    assert.equal(formatTitle('$a', [{ a: { b: 1, c: 2, d: 'x'.repeat(40) } }], 0), '{ b: 1, c: 2, …(1) }');
  });

  it('fills %s %d %i %f in turn, %# and %$ with the index and number, $0 by position, %% as a percent sign', () => {
    assert.equal(formatTitle('arr %s %d %i %f %# %$ $0 $1 100%%', [1, 'two', 3.5], 0), "arr 1 NaN 3 %f 0 1 1 'two' 100%");
    assert.equal(formatTitle('arr %s %d %i %f %# %$ $0 $1 100%%', [-0, 'x', -0], 1), "arr -0 NaN 0 %f 1 2 -0 'x' 100%");
    assert.equal(formatTitle('%f and %f', [-0, 2.5], 0), '-0 and 2.5');
    assert.equal(formatTitle('%%# is not an index: %#', [7], 4), '%# is not an index: 4');
  });

  it('leaves $field of a scalar case and placeholders past the values as written', () => {
    assert.equal(formatTitle('scalar %s %j %o | %# $x', [1], 0), 'scalar 1 %j %o | 0 $x');
    assert.equal(formatTitle('few %s %s', [1], 0), 'few 1 %s');
  });

  it('writes %j as JSON, %o/%O inspected, %s of an object with its own toString, bigint with n', () => {
    assert.equal(formatTitle('json %j', [{ a: 1 }], 0), 'json {"a":1}');
    assert.equal(formatTitle('%o', [{ a: 'b' }], 0), "{ a: 'b' }");
    assert.equal(formatTitle('%O', [[1, 2]], 0), '[ 1, 2 ]');
    assert.equal(formatTitle('%s %s %d', [[1, 2], { a: 1 }, 5n], 0), '1,2 { a: 1 } 5n');
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    assert.equal(formatTitle('%j', [circular], 0), '[Circular]');
    assert.equal(formatTitle('%c%s', ['css', 'x'], 0), 'x');
  });
});

describe('tableCases', () => {
  it('reads the header row and makes one object per row of values', () => {
    const strings = ['\n    a    | b        | expected\n    ', ' | ', ' | ', '\n    ', ' | ', ' | ', '\n  '];
    assert.deepEqual(tableCases(strings, [1, 'x', true, 2, 'y', false]), {
      cases: [
        { a: 1, b: 'x', expected: true },
        { a: 2, b: 'y', expected: false },
      ],
      leftover: 0,
    });
  });

  it('counts the values of an incomplete last row', () => {
    assert.equal(tableCases(['a|b\n', '|', '\n', ''], [1, 2, 3]).leftover, 1);
  });
});

describe('benchOutcomes', () => {
  const tree = (spec: Array<[string, Mode, ...Array<[string, Mode]>]>, loose: Array<[string, Mode]>): { root: SuiteNode; outcome: (name: string) => string } => {
    const root = newSuite('', 'run', null);
    const benches: BenchNode[] = [];
    const add = (parent: SuiteNode, [name, mode]: [string, Mode]) => {
      const node: BenchNode = { kind: 'bench', name, mode, parent, fn: () => 1, options: undefined, declared: null, noted: false };
      parent.children.push(node);
      benches.push(node);
    };
    for (const [name, mode, ...children] of spec) {
      const suite = newSuite(name, mode, root);
      root.children.push(suite);
      for (const child of children) add(suite, child);
    }
    for (const child of loose) add(root, child);
    const outcomes = benchOutcomes(root);
    return { root, outcome: (name) => String(outcomes.get(benches.find((b) => b.name === name)!)) };
  };

  it('measures everything that is neither skipped nor todo when there is no .only', () => {
    const { outcome } = tree(
      [
        ['d', 'skip', ['in skipped', 'run']],
        ['t', 'todo', ['in todo', 'run']],
      ],
      [
        ['plain', 'run'],
        ['s', 'skip'],
        ['later', 'todo'],
      ],
    );
    assert.deepEqual(['in skipped', 'in todo', 'plain', 's', 'later'].map(outcome), ['skip', 'todo', 'null', 'skip', 'todo']);
  });

  it('with an .only: the .only benches and the benches of an .only describe, except where a sibling is .only', () => {
    const { outcome } = tree(
      [
        ['only suite', 'only', ['all of it', 'run'], ['but skip', 'skip']],
        ['mixed only', 'only', ['not this', 'run'], ['this', 'only']],
        ['skipped', 'skip', ['only in skipped', 'only']],
        ['other', 'run', ['left out', 'run']],
      ],
      [
        ['loose', 'run'],
        ['loose only', 'only'],
      ],
    );
    assert.deepEqual(['all of it', 'but skip', 'not this', 'this', 'only in skipped', 'left out', 'loose', 'loose only'].map(outcome), [
      'null',
      'skip',
      'not .only',
      'null',
      'skip',
      'not .only',
      'not .only',
      'null',
    ]);
  });
});

describe('the vitest stand-in', () => {
  // The notes the file gets (the parent prints each once, prefixed with the file).
  let printed: string[] = [];
  testBeforeEach(() => {
    printed = resetRegistry('v.bench.ts').notes;
  });

  it('declares describe.each cases under their $field names, with the case given to the function', async () => {
    const seen: unknown[] = [];
    vDescribe.each([
      { lib: 'fast', size: 10 },
      { lib: 'slow', size: 100 },
    ])('$lib with $size items', ({ lib, size }: { lib: string; size: number }) => {
      seen.push([lib, size]);
      bench('parse', () => size);
    });
    await settled();
    assert.deepEqual(seen, [
      ['fast', 10],
      ['slow', 100],
    ]);
    assert.deepEqual(ids(), ["'fast' with 10 items/parse", "'slow' with 100 items/parse"]);
  });

  it('gives bench.each the case elements as arguments, describe.each of a template table its row, and for() the case itself', async () => {
    bench.each([
      [1, 2],
      [3, 4],
    ])('add %i + %i', (a: number, b: number) => a + b);
    vDescribe.each`
      op       | n
      ${'sum'} | ${2}
    `('table $op $n', ({ op, n }: { op: string; n: number }) => bench(`${op} ${n}`, () => n));
    bench.for([[5, 6]])('for %s', (pair: number[]) => pair.length);
    await settled();
    assert.deepEqual(ids(), ['add 1 + 2', 'add 3 + 4', "table 'sum' 2/sum 2", 'for 5']);
    assert.equal((byName('add 3 + 4').body as () => number)(), 7);
    assert.equal((byName('for 5').body as () => number)(), 2);
  });

  it('measures only the .only benches when there is one, and says in one line which it did not', async () => {
    vDescribe('g', () => {
      bench('a', () => 1);
      bench.skip('skipped', () => 2);
      bench.todo('later');
      bench.only('chosen', () => 3);
      bench.skipIf(true)('skipIf', () => 4);
      bench.runIf(false)('runIf', () => 5);
    });
    bench('no body');
    vDescribe.only.each([1])('only %s', () => bench('x', () => 1));
    await settled();
    assert.deepEqual(ids(), ['g/chosen', 'only 1/x']);
    assert.deepEqual(printed, ['not measured, as vitest would not run them: "g/a" (not .only), "g/skipped" (skip), "g/later" (todo), "g/skipIf" (skip), "g/runIf" (skip), "no body" (not .only)']);
  });

  it('keeps skipIf(false)/runIf(true), chains (bench.skip.only runs), and notes ignored describe modifiers', async () => {
    bench.skipIf(false)('kept', () => 1);
    bench.runIf(true)('also kept', () => 1);
    vDescribe.concurrent.shuffle('c', () => bench('in c', () => 1));
    vDescribe('opts', { retry: 2 }, () => bench('in opts', () => 1));
    bench('empty');
    await settled();
    assert.deepEqual(ids(), ['kept', 'also kept', 'c/in c', 'opts/in opts']);
    assert.equal(printed.length, 2);
    assert.match(printed[0]!, /"empty" \(no function\)/);
    assert.match(printed[1]!, /describe\.concurrent, describe\.shuffle, describe's option "retry": no meaning here, ignored/);
  });

  it('takes back a benchmark declared before a top-level await when an .only comes after it', async () => {
    bench('early', () => 1);
    await settled();
    assert.deepEqual(ids(), ['early']);
    bench.only('late', () => 2);
    await settled();
    assert.deepEqual(ids(), ['late']);
  });

  it('makes each name unique in its describe', async () => {
    vDescribe.each([1, 2])('same', () => bench('b', () => 1));
    await settled();
    assert.deepEqual(ids(), ['same/b', 'same/b (2)']);
    assert.match(printed.join('\n'), /measured as "b \(2\)": the name was already taken/);
  });

  it('runs the hooks of every enclosing describe around each sample in vitest order, wherever they were registered', async () => {
    const log: string[] = [];
    beforeAll(() => {
      log.push('file beforeAll');
      return () => log.push('file cleanup');
    });
    vDescribe('d', () => {
      bench('b', () => log.push('run'), { setup: (_task, mode) => log.push(`setup ${mode}`), teardown: () => log.push('teardown') });
      beforeEach(() => log.push('d beforeEach'));
      afterEach(() => log.push('d afterEach 1'));
      afterEach(async () => {
        await null;
        log.push('d afterEach 2');
      });
      beforeAll(() => log.push('d beforeAll'));
    });
    afterAll(() => log.push('file afterAll'));
    bench('plain', () => 1);
    await settled();
    const b = byName('b');
    assert.equal(b.kind, 'setup');
    await sample(b);
    assert.deepEqual(log, ['file beforeAll', 'd beforeAll', 'd beforeEach', 'setup run', 'run', 'teardown', 'd afterEach 2', 'd afterEach 1', 'file afterAll', 'file cleanup']);
    assert.equal(byName('plain').kind, 'setup');
    assert.match(printed.join('\n'), /beforeAll\/afterAll\/beforeEach\/afterEach run before and after every sample/);
  });

  it('refuses an unknown option for its bench only, and ignores budget options', async () => {
    bench('odd', () => 1, { repeat: 2 } as never);
    bench('budget', () => 1, { time: 5, iterations: 3, warmupTime: 1, warmupIterations: 1, throws: true });
    await settled();
    assert.equal(byName('budget').kind, 'plain');
    assert.throws(
      () => (byName('odd').body as () => unknown)(),
      (e: unknown) => e instanceof ForeignFeatureError && /the option "repeat" is not mapped/.test(e.message),
    );
  });

  it("runs describe functions once the file's synchronous code is over, so they may read what is declared below them", async () => {
    const ran: number[] = [];
    vDescribe('outer', () => {
      ran.push(later);
      vDescribe('inner', () => bench('b', () => later));
    });
    const later = 5;
    assert.deepEqual(ran, []);
    await settled();
    assert.deepEqual(ran, [5]);
    assert.deepEqual(ids(), ['outer/inner/b']);
    assert.equal(takeDeferredLoadError(), undefined);
  });

  it("keeps an error of a describe function (an async one too) for the file's load error, and declares nothing", async () => {
    vDescribe('fine', () => bench('b', () => 1));
    vDescribe('a', async () => undefined);
    await settled();
    const kept = takeDeferredLoadError();
    assert.ok(kept?.error instanceof DeclarationError);
    assert.match(kept.error.message, /describe "a": an async function is not mapped to ubench/);
    assert.deepEqual(ids(), []);
  });

  it('refuses cases that are not an array and a hook without a function, each in one line', () => {
    assert.throws(() => vDescribe.each(5 as never), /the cases must be an array or a template table, got number/);
    assert.throws(() => beforeAll(undefined as never), /beforeAll\(\) needs a function/);
  });

  it("fails only the bench that calls vitest's expect or assert, whatever member it calls", async () => {
    bench('asserts', () => assert2.deepEqual!([1], [1]));
    bench('expects', () => expect(1));
    await settled();
    assert.throws(() => (byName('asserts').body as () => unknown)(), /vitest's assert\.deepEqual\(\) is not provided by ubench's stand-in/);
    assert.throws(() => (byName('expects').body as () => unknown)(), /vitest's expect\(\) is not provided/);
  });

  it('refuses a hook after a top-level await that would miss benchmarks declared without it', async () => {
    bench('first', () => 1);
    await settled();
    assert.throws(() => afterAll(() => undefined), /comes after a top-level await/);
  });
});
