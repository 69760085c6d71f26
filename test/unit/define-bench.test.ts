import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { bench, group } from '../../src/define/bench.js';
import { DeclarationError } from '../../src/define/declaration-error.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';

const declared = () => getRegistry().benchmarks;

describe('bench() and group()', () => {
  beforeEach(() => resetRegistry('x.bench.ts'));

  it('records plain, manual and setup bodies with file#group/name ids', () => {
    bench('plain', () => 1);
    group('g', () => {
      bench('manual', (b) => b.n);
      bench('setup', { setup: () => 1, run: (s: number) => s + 1, teardown: () => undefined });
    });
    assert.deepEqual(
      declared().map((b) => [b.id, b.kind, b.group]),
      [
        ['x.bench.ts#plain', 'plain', null],
        ['x.bench.ts#g/manual', 'manual', 'g'],
        ['x.bench.ts#g/setup', 'setup', 'g'],
      ],
    );
  });

  it("records state: 'per-call' and refuses other values, and a per-call state without setup", () => {
    bench('fresh', { setup: () => [3, 1, 2], run: (a: number[]) => a.sort(), state: 'per-call' });
    bench('shared', { setup: () => [3, 1, 2], run: (a: number[]) => a.length, state: 'per-sample' });
    assert.equal(declared()[0]!.statePerCall, true);
    assert.equal(declared()[1]!.statePerCall, undefined);
    assert.throws(() => bench('bad', { setup: () => 1, run: () => 1, state: 'each' as never }), /state must be 'per-sample' or 'per-call', got "each"/);
    assert.throws(() => bench('no setup', { run: () => 1, state: 'per-call' }), /state: 'per-call' needs a setup/);
  });

  it('expands args into the cartesian product, last key fastest, values in names and params', () => {
    bench('sort', { run: () => 0 }, { args: { size: [10, 100], kind: ['a', 'b'] } });
    assert.deepEqual(
      declared().map((b) => b.name),
      ['sort(size=10, kind=a)', 'sort(size=10, kind=b)', 'sort(size=100, kind=a)', 'sort(size=100, kind=b)'],
    );
    assert.deepEqual(declared()[3]!.params, { size: 100, kind: 'b' });
    assert.equal(declared()[3]!.baseName, 'sort');
  });

  it('nests groups with /', () => {
    group('outer', () => group('inner', () => bench('b', () => 0)));
    assert.equal(declared()[0]!.id, 'x.bench.ts#outer/inner/b');
  });

  const misuse: [string, () => void, RegExp][] = [
    [
      'duplicate names',
      () => {
        bench('a', () => 0);
        bench('a', () => 1);
      },
      /duplicate benchmark "a"/,
    ],
    ['non-function body', () => bench('a', 42 as never), /must be a function or \{ setup\?, run, teardown\? \}/],
    ['run missing', () => bench('a', { setup: () => 1 } as never), /run must be a function/],
    ['unknown setup key', () => bench('a', { run: () => 0, before: () => 0 } as never), /unknown key "before"/],
    ['empty args list', () => bench('a', { run: () => 0 }, { args: { size: [] } }), /args\.size is empty/],
    ['non-array args', () => bench('a', { run: () => 0 }, { args: { size: 3 as never } }), /args\.size must be an array/],
    ['object param values', () => bench('a', { run: () => 0 }, { args: { o: [{}] as never } }), /parameters must be strings, numbers/],
    ['args on a body that cannot receive them', () => bench('a', () => 0, { args: { n: [1] } }), /cannot receive args/],
    ['unknown option', () => bench('a', () => 0, { iterations: 5 } as never), /unknown option "iterations"/],
    ['empty name', () => bench('', () => 0), /non-empty name/],
    [
      'two baselines in a group',
      () =>
        group('g', () => {
          bench('a', () => 0, { baseline: true });
          bench('b', () => 0, { baseline: true });
        }),
      /already has a baseline/,
    ],
    ['async group', () => group('g', (async () => undefined) as never), /must be synchronous/],
    [
      'declaring while running',
      () => {
        getRegistry().running = true;
        bench('late', () => 0);
      },
      /while benchmarks are running/,
    ],
  ];
  for (const [what, declare, message] of misuse) {
    it(`rejects ${what} with a DeclarationError`, () => {
      assert.throws(declare, (error: unknown) => error instanceof DeclarationError && message.test(error.message));
    });
  }

  it('allows one baseline per parameter combination', () => {
    group('g', () => {
      bench('a', { run: () => 0 }, { args: { n: [1, 2] }, baseline: true });
      bench('b', { run: () => 0 }, { args: { n: [1, 2] } });
    });
    assert.equal(declared().filter((b) => b.baseline).length, 2);
  });

  it('shares one registry between module copies through a global symbol', async () => {
    const copy = (await import(`../../src/define/registry.js?copy=${Date.now()}`)) as typeof import('../../src/define/registry.js');
    bench('seen', () => 0);
    assert.equal(copy.getRegistry().benchmarks[0]!.name, 'seen');
  });
});
