import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { bench } from '../../src/define/bench.js';
import { readBodySignature } from '../../src/define/body-signature.js';
import { DeclarationError } from '../../src/define/declaration-error.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';
import { createBatchRunner } from '../../src/engine/loop/batch-runner.js';

const declared = () => getRegistry().benchmarks;
const noHooks = { enter: () => undefined, leave: () => undefined };

describe('function bodies: params, manual or refused', () => {
  beforeEach(() => resetRegistry('x.bench.ts'));

  it('reads ({ n }) with args { n } as the params form: the declared n, not the iteration count', async () => {
    const seen: number[] = [];
    bench(
      'sum to n',
      ({ n }) => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += i;
        seen.push(n);
        return sum;
      },
      { args: { n: [100, 10000] } },
    );
    assert.deepEqual(
      declared().map((b) => [b.name, b.kind]),
      [
        ['sum to n(n=100)', 'params'],
        ['sum to n(n=10000)', 'params'],
      ],
    );
    const runner = await createBatchRunner(declared()[1]!, () => 0, { value: undefined }, noHooks);
    seen.length = 0;
    await runner.runBatch(3);
    assert.deepEqual(seen, [10000, 10000, 10000]);
    assert.equal(runner.mode, 'sync');
  });

  it('passes one params object, made before the loop, to every iteration', async () => {
    const objects = new Set<unknown>();
    bench(
      'p',
      function ({ size }) {
        // biome-ignore lint/complexity/noArguments: the object the loop passes, seen without naming the parameter
        objects.add(arguments[0]);
        return size;
      },
      { args: { size: [7] } },
    );
    assert.equal(declared()[0]!.kind, 'params');
    const runner = await createBatchRunner(declared()[0]!, () => 0, { value: undefined }, noHooks);
    objects.clear();
    await runner.runBatch(4);
    await runner.runBatch(4);
    assert.deepEqual([...objects], [{ size: 7 }]);
  });

  it('awaits an async params body', async () => {
    const seen: string[] = [];
    bench(
      'async',
      async ({ kind }) => {
        await null;
        seen.push(kind);
      },
      { args: { kind: ['a'] } },
    );
    const runner = await createBatchRunner(declared()[0]!, () => 0, { value: undefined }, noHooks);
    seen.length = 0;
    await runner.runBatch(2);
    assert.equal(runner.mode, 'async');
    assert.deepEqual(seen, ['a', 'a']);
  });

  it('keeps the manual form for b.n / b.args bodies and ({ n }) without args', () => {
    bench('m1', (b) => {
      for (let i = 0; i < b.n; i++) b.args;
    });
    bench(
      'm2',
      (b) => {
        for (let i = 0; i < b.n; i++) (b.args.size as number) + 1;
      },
      { args: { size: [1] } },
    );
    bench('m3', ({ n }) => {
      for (let i = 0; i < n; i++);
    });
    bench('m4', function manual(ctx) {
      const { n } = ctx;
      for (let i = 0; i < n; i++);
    });
    bench(
      'm5',
      ({ n, args }) => {
        for (let i = 0; i < n; i++) args.size;
      },
      { args: { size: [1] } },
    );
    assert.deepEqual(
      declared().map((b) => b.kind),
      ['manual', 'manual', 'manual', 'manual', 'manual'],
    );
  });

  it('reads p.<args key> as the params form', () => {
    bench('p', (p) => (p.size as number) * 2, { args: { size: [1] } });
    assert.equal(declared()[0]!.kind, 'params');
  });

  const refused: [string, () => void, RegExp][] = [
    [
      'a parameter named n (taken for a number)',
      () =>
        bench('a', ((n: number) => {
          for (let i = 0; i < n; i++);
        }) as never),
      /parameter is named "n"/,
    ],
    [
      'a parameter used as a number',
      () =>
        bench('a', ((count: number) => {
          for (let i = 0; i < count; i++);
        }) as never),
      /uses its parameter "count" as a value/,
    ],
    ['a parameter never used as the context', () => bench('a', (x) => x), /uses its parameter "x" as a value/],
    ['a parameter with no use', () => bench('a', (_b) => 1), /never reads _b\.n/],
    ['destructured names without args', () => bench('a', (({ size }: { size: number }) => size) as never), /destructures "size" but no args are declared/],
    ['destructured names mixing args and context', () => bench('a', ({ n, size }) => n + (size as number), { args: { size: [1] } }), /both declared args and members of the manual context/],
    ['destructured unknown names', () => bench('a', (({ sise }: { sise: number }) => sise) as never, { args: { size: [1] } }), /destructures "sise", which are neither declared args/],
    [
      'b.n when an arg is named n',
      () =>
        bench(
          'a',
          (b) => {
            for (let i = 0; i < b.n; i++);
          },
          { args: { n: [1] } },
        ),
      /could be the manual context's member or the declared arg/,
    ],
    [
      'a parameter read as both',
      () =>
        bench(
          'a',
          (b) => {
            for (let i = 0; i < b.n; i++) b.size;
          },
          { args: { size: [1] } },
        ),
      /cannot tell from its uses/,
    ],
    ['a parameter handed on whole with args', () => bench('a', (b) => String(b), { args: { size: [1] } }), /cannot tell from its uses/],
    ['...rest', () => bench('a', ({ ...rest }) => rest, { args: { size: [1] } }), /\.\.\.rest or computed keys/],
    ['a bound function with a parameter', () => bench('a', ((b: { n: number }) => b.n).bind(null) as never, { args: { size: [1] } }), /cannot be read/],
    ['a body without parameters given args', () => bench('a', () => 0, { args: { n: [1] } }), /cannot receive args/],
  ];
  for (const [what, declare, message] of refused) {
    it(`refuses ${what}, showing both forms`, () => {
      assert.throws(
        declare,
        (error: unknown) =>
          error instanceof DeclarationError &&
          message.test(error.message) &&
          /\(\{ size \}\) => work\(size\)/.test(error.message) &&
          /b\.n iterations yourself/.test(error.message) &&
          !error.message.includes('\n'),
      );
    });
  }
});

describe('readBodySignature', () => {
  it('reads arrows, functions, methods, defaults, renames and comments', () => {
    assert.deepEqual(readBodySignature(() => 0).first, { form: 'none' });
    assert.deepEqual(readBodySignature(async () => 0).first, { form: 'none' });
    assert.deepEqual(readBodySignature((({ a, b: c, d = 1 }: { a: number; b: number; d?: number }) => [a, c, d]) as never).first, { form: 'object', names: ['a', 'b', 'd'], exact: true });
    assert.deepEqual(
      readBodySignature(function named(/* (b) */ { size }: never) {
        return size;
      }).first,
      { form: 'object', names: ['size'], exact: true },
    );
    const method = {
      run(ctx: { n: number }) {
        return ctx.n;
      },
    };
    assert.deepEqual(readBodySignature(method.run as never).first, { form: 'identifier', name: 'ctx', members: new Set(['n']), whole: false, bare: false });
    const arrow = readBodySignature(((b: { n: number }) => {
      // b.size in a comment, 'b.args' in a string
      return helper(b) + b.n;
    }) as never).first;
    assert.deepEqual(arrow, { form: 'identifier', name: 'b', members: new Set(['n']), whole: true, bare: false });
    assert.equal(readBodySignature(((a: number, b: number) => a + b) as never).count, 2);
  });
});

function helper(value: unknown): number {
  return value === null ? 0 : 1;
}
