import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { median, medianInPlace, quantileSorted, selectKth, sortAscending } from '../../src/stats/index.js';
import { ODD, EVEN, SKEW, assertClose } from '../helpers/stats-data.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 930557231;

const PS = [0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1];

/**
 * numpy 2.4 reference (default method='linear', i.e. R type 7):
 *   ps = [0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1]
 *   [float(v) for v in np.quantile(data, ps)]
 */
const NUMPY_QUANTILES: [string, number[], number[]][] = [
  ['ODD', ODD, [3.1, 3.1, 3.1, 6.85, 9.0, 11.95, 15.2, 22.130000000000003, 22.9]],
  ['EVEN', EVEN, [97.0, 97.1575, 98.575, 99.625, 100.375, 102.125, 141.99999999999994, 239.20000000000002, 250.0]],
  ['SKEW', SKEW, [104.77, 104.8519, 105.699, 107.17500000000001, 110.315, 115.095, 118.589, 124.0141, 124.72]],
];

/** `+ 0` turns -0 into 0: the two compare equal, so sorts and selections may return either (fast-check found [0, -0, 0]). */
const finiteValues = fc.array(
  fc.double({ min: -1e9, max: 1e9, noNaN: true }).map((v) => v + 0),
  { minLength: 1, maxLength: 60 },
);

test('quantileSorted matches numpy type-7 quantiles', () => {
  for (const [name, data, expected] of NUMPY_QUANTILES) {
    const sorted = sortAscending(data);
    PS.forEach((p, i) => assertClose(quantileSorted(sorted, p), expected[i]!, 1e-13, `${name} p=${p}`));
  }
});

test('median matches numpy and equals the type-7 0.5-quantile exactly', () => {
  assert.equal(median(ODD), 9.0);
  assert.equal(median(EVEN), 100.375);
  assert.equal(median(SKEW), 110.315);
  fc.assert(
    fc.property(finiteValues, (values) => {
      const viaSort = quantileSorted(sortAscending(values), 0.5);
      assert.equal(median(values), viaSort);
      assert.equal(medianInPlace(values.slice()), viaSort);
      assert.equal(medianInPlace(Float64Array.from(values)), viaSort);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('median lies between min and max', () => {
  fc.assert(
    fc.property(finiteValues, (values) => {
      const m = median(values);
      assert.ok(m >= Math.min(...values) && m <= Math.max(...values), `median ${m}`);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('quantile is monotone in p, with the extremes at p = 0 and 1', () => {
  fc.assert(
    fc.property(finiteValues, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (values, p1, p2) => {
      const sorted = sortAscending(values);
      const [lo, hi] = p1 <= p2 ? [p1, p2] : [p2, p1];
      assert.ok(quantileSorted(sorted, lo) <= quantileSorted(sorted, hi));
      assert.equal(quantileSorted(sorted, 0), sorted[0]);
      assert.equal(quantileSorted(sorted, 1), sorted[sorted.length - 1]);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('sortAscending sorts numerically and leaves its input alone', () => {
  const input = [10, 9, 100, -1, 2.5, 1e-3];
  const copy = input.slice();
  assert.deepEqual(sortAscending(input), [-1, 1e-3, 2.5, 9, 10, 100]);
  assert.deepEqual(input, copy);
  assert.deepEqual(sortAscending([]), []);
  assert.throws(() => sortAscending([1, Number.NaN]), RangeError);
});

test('selectKth returns the k-th order statistic and partitions around it', () => {
  fc.assert(
    fc.property(
      // Few distinct values so ties are common, as with coarse timers.
      fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 300 }),
      fc.nat(),
      (values, seed) => {
        const k = seed % values.length;
        const sorted = sortAscending(values);
        const buffer = values.slice();
        const result = selectKth(buffer, k);
        assert.equal(result, sorted[k]);
        assert.equal(buffer[k], sorted[k]);
        for (let i = 0; i < k; i++) assert.ok(buffer[i]! <= result);
        for (let i = k + 1; i < buffer.length; i++) assert.ok(buffer[i]! >= result);
        assert.deepEqual(sortAscending(buffer), sorted, 'must be a permutation');
      },
    ),
    { seed: PROPERTY_SEED },
  );
});

test('selectKth handles adversarial orders (sorted, reversed, organ-pipe) of large inputs', () => {
  const n = 20_001;
  const ascending = Array.from({ length: n }, (_, i) => i);
  const organPipe = Array.from({ length: n }, (_, i) => Math.min(i, n - 1 - i));
  for (const input of [ascending, ascending.slice().reverse(), organPipe]) {
    const sorted = sortAscending(input);
    for (const k of [0, 1, 7_000, 10_000, n - 1]) {
      assert.equal(selectKth(input.slice(), k), sorted[k]);
    }
  }
});

test('selectKth and medianInPlace honour a count prefix and leave the rest untouched', () => {
  const buffer = [5, 1, 4, 2, 3, 99, -99];
  assert.equal(medianInPlace(buffer, 5), 3);
  assert.deepEqual(buffer.slice(5), [99, -99]);
  assert.equal(selectKth(buffer, 4, 5), 5);
  assert.equal(medianInPlace([4, 1, 3, 2]), 2.5);
});

test('edge cases: empty input throws RangeError, n = 1 returns the value', () => {
  assert.throws(() => median([]), RangeError);
  assert.throws(() => median([1, Number.NaN]), RangeError);
  assert.throws(() => quantileSorted([], 0.5), RangeError);
  assert.throws(() => quantileSorted([1, 2], 1.5), RangeError);
  assert.throws(() => quantileSorted([1, 2], Number.NaN), RangeError);
  assert.throws(() => selectKth([], 0), RangeError);
  assert.throws(() => selectKth([1, 2], 2), RangeError);
  assert.throws(() => selectKth([1, 2], 0.5), RangeError);
  assert.throws(() => medianInPlace([]), RangeError);
  assert.throws(() => medianInPlace([1, 2], 3), RangeError);
  assert.equal(median([42]), 42);
  assert.equal(quantileSorted([42], 0.99), 42);
  assert.equal(selectKth([42], 0), 42);
  assert.equal(medianInPlace([42]), 42);
});
