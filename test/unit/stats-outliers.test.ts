import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TUKEY_MILD_FACTOR, TUKEY_SEVERE_FACTOR, tukeyOutliers, withinSevereFences } from '../../src/stats/index.js';
import { ODD, EVEN, SKEW } from '../helpers/stats-data.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 160251439;

/** Two low outliers: 85 is mild, 50 severe. */
const LOW = [50, 95, 96, 97, 98, 99, 100, 101, 102, 103, 85];

/**
 * numpy 2.4 reference, for each data set d:
 *   q1, q3 = np.quantile(d, [0.25, 0.75]); iqr = q3 - q1
 *   f = [q1 - 3*iqr, q1 - 1.5*iqr, q3 + 1.5*iqr, q3 + 3*iqr]
 *   counts = [np.sum(d < f[0]), np.sum((d >= f[0]) & (d < f[1])),
 *             np.sum((d > f[2]) & (d <= f[3])), np.sum(d > f[3])]
 */
const NUMPY_TUKEY: [string, number[], number[], number[]][] = [
  ['ODD', ODD, [-8.45, -0.7999999999999998, 19.599999999999998, 27.25], [0, 0, 1, 0]],
  ['EVEN', EVEN, [92.125, 95.875, 105.875, 109.625], [0, 0, 0, 2]],
  ['SKEW', SKEW, [83.41500000000005, 95.29500000000003, 126.97499999999998, 138.85499999999996], [0, 0, 0, 0]],
  ['LOW', LOW, [80.5, 88.0, 108.0, 115.5], [1, 1, 0, 0]],
];

function total(o: ReturnType<typeof tukeyOutliers>): number {
  return o.lowSevere + o.lowMild + o.highMild + o.highSevere;
}

test("fence factors are Tukey's 1.5 and 3", () => {
  assert.equal(TUKEY_MILD_FACTOR, 1.5);
  assert.equal(TUKEY_SEVERE_FACTOR, 3);
});

test('fences and counts match a numpy computation', () => {
  for (const [name, data, fences, counts] of NUMPY_TUKEY) {
    const o = tukeyOutliers(data);
    const actual = [o.fences.lowSevere, o.fences.lowMild, o.fences.highMild, o.fences.highSevere];
    actual.forEach((f, i) => assert.ok(Math.abs(f - fences[i]!) < 1e-9, `${name} fence ${i}: ${f}`));
    assert.deepEqual([o.lowSevere, o.lowMild, o.highMild, o.highSevere], counts, name);
  }
});

test('a value exactly on a fence belongs to the milder class', () => {
  // Sorted [1..8, x]: q1 = 3, q3 = 7, IQR = 4, so highMild = 13 and highSevere = 19.
  const base = [1, 2, 3, 4, 5, 6, 7, 8];
  const classify = (x: number) => {
    const o = tukeyOutliers([...base, x]);
    return [o.lowSevere, o.lowMild, o.highMild, o.highSevere];
  };
  assert.deepEqual(classify(13), [0, 0, 0, 0]);
  assert.deepEqual(classify(13.5), [0, 0, 1, 0]);
  assert.deepEqual(classify(19), [0, 0, 1, 0]);
  assert.deepEqual(classify(19.5), [0, 0, 0, 1]);
});

test('outlier counts never exceed n', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 100 }), (values) => {
      const o = tukeyOutliers(values);
      assert.ok(total(o) <= values.length);
      assert.ok(o.fences.lowSevere <= o.fences.lowMild && o.fences.lowMild <= o.fences.highMild);
      assert.ok(o.fences.highMild <= o.fences.highSevere);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('constant-spaced and constant data have no outliers', () => {
  fc.assert(
    fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e3, noNaN: true }), fc.integer({ min: 1, max: 200 }), (start, step, n) => {
      // A step below the floating-point spacing at `start` (e.g. 2^19 + i·3e-13) does not give
      // evenly spaced values at all: rounding makes a staircase. Such inputs are outside the claim.
      fc.pre(step === 0 || step > Math.abs(start) * 1e-12);
      const values = Array.from({ length: n }, (_, i) => start + i * step);
      assert.equal(total(tukeyOutliers(values)), 0);
      assert.equal(total(tukeyOutliers(values.reverse())), 0);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('edge cases: empty input throws RangeError, n = 1 has no outliers', () => {
  assert.throws(() => tukeyOutliers([]), RangeError);
  assert.throws(() => tukeyOutliers([1, Number.NaN]), RangeError);
  const one = tukeyOutliers([7]);
  assert.equal(total(one), 0);
  assert.deepEqual(one.fences, { lowSevere: 7, lowMild: 7, highMild: 7, highSevere: 7 });
  // IQR = 0: anything off the quartile is severe.
  const spike = tukeyOutliers([5, 5, 5, 5, 5, 5, 5, 9]);
  assert.equal(spike.highSevere, 1);
});

test('the bulk within the severe fences: LOW loses its severe 50 and keeps the mild 85, in order', () => {
  assert.deepEqual(withinSevereFences(LOW), [95, 96, 97, 98, 99, 100, 101, 102, 103, 85]);
});

test('the bulk is the values less the severe outliers tukeyOutliers counts', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 100 }), (values) => {
      const o = tukeyOutliers(values);
      const bulk = withinSevereFences(values);
      assert.equal(bulk.length, values.length - o.lowSevere - o.highSevere);
      assert.ok(bulk.every((v) => values.includes(v)));
    }),
    { seed: PROPERTY_SEED },
  );
});
