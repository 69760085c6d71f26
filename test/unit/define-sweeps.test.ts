import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { bench } from '../../src/define/bench.js';
import { DeclarationError } from '../../src/define/declaration-error.js';
import { MAX_RANGE_VALUES, parseRange, range } from '../../src/define/param-range.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';
import { parseArgsFlags } from '../../src/cli/sweep-options.js';
import { UsageError } from '../../src/runner/usage-error.js';

const setupBody = { setup: () => 0, run: () => 0 };

describe('range', () => {
  it('multiplies from start up to end, integers when start is one', () => {
    assert.deepEqual(range(1000, 1e6, 4), [1000, 4000, 16000, 64000, 256000]);
    assert.deepEqual(range(1000, 1e6, 10), [1000, 10000, 100000, 1000000]);
    assert.deepEqual(range(1, 10, 1.5), [1, 2, 3, 5, 8]);
    assert.deepEqual(range(0.5, 2, 2), [0.5, 1, 2]);
  });

  it('rejects a factor ≤ 1, a start ≤ 0, an end below start and too many values', () => {
    assert.throws(() => range(10, 100, 1), /factor must be > 1/);
    assert.throws(() => range(0, 100, 2), /start must be > 0/);
    assert.throws(() => range(100, 10, 2), /below start/);
    assert.throws(() => range(1, 2 ** 70, 2), new RegExp(`more than ${MAX_RANGE_VALUES} values`));
  });

  it('parses start..end:xF and start..end:+S', () => {
    assert.deepEqual(parseRange('1000..1e6:x4'), [1000, 4000, 16000, 64000, 256000]);
    assert.deepEqual(parseRange('0..50:+10'), [0, 10, 20, 30, 40, 50]);
    assert.deepEqual(parseRange(' 512 .. 8388608 : x4 ').length, 8);
  });

  it('names the text in every syntax error', () => {
    for (const bad of ['1000-1e6:x4', '1000..1e6', '1000..1e6:y4', 'a..1e6:x4', '10..1000:x0.5', '1..1e6:+1']) {
      assert.throws(
        () => parseRange(bad),
        (e: unknown) => e instanceof DeclarationError && e.message.includes(`"${bad}"`),
        bad,
      );
    }
  });
});

describe('bench options for sweeps', () => {
  afterEach(() => resetRegistry('<test>'));

  it('expands a range string in args', () => {
    resetRegistry('f.bench.ts');
    bench('sum', setupBody, { args: { n: '10..1000:x10' } });
    assert.deepEqual(
      getRegistry().benchmarks.map((b) => b.params['n']),
      [10, 100, 1000],
    );
  });

  it('takes the --args values instead of the declared ones, for the keys given', () => {
    resetRegistry('f.bench.ts', { n: [1, 2] });
    bench('sum', setupBody, { args: { n: [10, 20, 30], kind: ['a'] } });
    bench('other', setupBody, { args: { m: [5] } });
    assert.deepEqual(
      getRegistry().benchmarks.map((b) => b.name),
      ['sum(n=1, kind=a)', 'sum(n=2, kind=a)', 'other(m=5)'],
    );
  });

  it('records bytesPerItem, and rejects one that is not a positive finite number', () => {
    resetRegistry('f.bench.ts');
    bench('sum', setupBody, { args: { n: [1, 2] }, bytesPerItem: 8 });
    assert.deepEqual(
      getRegistry().benchmarks.map((b) => b.bytesPerItem),
      [8, 8],
    );
    bench('plain', () => 0);
    assert.equal(getRegistry().benchmarks.at(-1)!.bytesPerItem, null);
    for (const bad of [0, -8, Number.NaN, Number.POSITIVE_INFINITY, '8']) {
      assert.throws(() => bench(`bad ${String(bad)}`, setupBody, { bytesPerItem: bad as number }), /bytesPerItem must be a positive finite number/);
    }
  });

  it('names the benchmark and the key in a bad range string', () => {
    resetRegistry('f.bench.ts');
    assert.throws(() => bench('sum', setupBody, { args: { n: '10..1:x2' } }), /bench "sum": args\.n: range "10\.\.1:x2": end 1 is below start 10/);
  });
});

describe('--args', () => {
  it('parses ranges and lists, numbers as numbers', () => {
    assert.deepEqual(parseArgsFlags(['n=1000..1e6:x10', 'kind=a,b', 'm=1,2.5']), { n: [1000, 10000, 100000, 1000000], kind: ['a', 'b'], m: [1, 2.5] });
  });

  it('is a one-line usage error when malformed', () => {
    for (const [bad, message] of [
      [['=1,2'], /expected key=values/],
      [['n'], /expected key=values/],
      [['n=1', 'n=2'], /n is given twice/],
      [['n=1,,2'], /empty value/],
      [['n=1,1'], /listed twice/],
      [['n=1..10:x1'], /--args n: range "1\.\.10:x1": the factor must be > 1/],
    ] as const) {
      assert.throws(
        () => parseArgsFlags(bad),
        (e: unknown) => e instanceof UsageError && message.test(e.message) && !e.message.includes('\n'),
        bad.join(' '),
      );
    }
  });
});
