import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { describe, MAD_NORMAL_SCALE, mean, medianAbsoluteDeviation, stddev, variance } from '../../src/stats/index.js';
import { ODD, EVEN, SKEW, assertClose } from '../helpers/stats-data.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 48569633;

/**
 * numpy 2.4 / scipy 1.17 reference, for data in (ODD, EVEN, SKEW):
 *   float(np.mean(d)), float(np.std(d, ddof=1)), float(np.var(d, ddof=1)),
 *   float(scipy.stats.median_abs_deviation(d, scale='normal')),
 *   float(scipy.stats.median_abs_deviation(d, scale=1.0))
 * scipy's scale='normal' divides by Φ⁻¹(3/4), i.e. multiplies by 1.482602218505602, whereas
 * MAD_NORMAL_SCALE is the conventional rounded 1.4826 (relative difference 1.5e-6). So the default
 * scale is compared with a 2e-6 relative tolerance, and the exact constant (passed explicitly) and
 * the raw MAD (scale 1) with 1e-12.
 */
const SCIPY_MOMENTS: [string, number[], { mean: number; std: number; variance: number; madNormal: number; mad1: number }][] = [
  ['ODD', ODD, { mean: 9.98181818181818, std: 5.662299564985622, variance: 32.06163636363636, madNormal: 4.447806655516806, mad1: 3.0 }],
  ['EVEN', EVEN, { mean: 117.95, std: 47.37128760007363, variance: 2244.0388888888892, madNormal: 1.8532527731320025, mad1: 1.25 }],
  ['SKEW', SKEW, { mean: 111.56649999999999, std: 5.4577075820606265, variance: 29.786572051282047, madNormal: 5.174281742584543, mad1: 3.489999999999995 }],
];
/** scipy.special.ndtri(0.75) ** -1, the constant behind scipy's scale='normal'. */
const SCIPY_NORMAL_SCALE = 1.482602218505602;

test('mean, variance and stddev match numpy (ddof = 1)', () => {
  for (const [name, data, ref] of SCIPY_MOMENTS) {
    assertClose(mean(data), ref.mean, 1e-14, `${name} mean`);
    assertClose(variance(data), ref.variance, 1e-12, `${name} variance`);
    assertClose(stddev(data), ref.std, 1e-12, `${name} stddev`);
  }
});

test('variance survives a large common offset', () => {
  // np.var(1e9 + np.array([1., 2., 3., 4.]), ddof=1) == 1.6666666666666667
  const data = [1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4];
  assertClose(variance(data), 1.6666666666666667, 1e-12, 'offset variance');
  assert.equal(mean(data), 1e9 + 2.5);
});

test('medianAbsoluteDeviation matches scipy.stats.median_abs_deviation', () => {
  assert.equal(MAD_NORMAL_SCALE, 1.4826);
  for (const [name, data, ref] of SCIPY_MOMENTS) {
    assertClose(medianAbsoluteDeviation(data, 1), ref.mad1, 1e-12, `${name} raw`);
    assertClose(medianAbsoluteDeviation(data, SCIPY_NORMAL_SCALE), ref.madNormal, 1e-12, `${name} scipy scale`);
    const relative = Math.abs(medianAbsoluteDeviation(data) / ref.madNormal - 1);
    assert.ok(relative < 2e-6, `${name} default scale off by ${relative}`);
  }
});

test('describe agrees with the individual estimators and the references', () => {
  const d = describe(EVEN);
  assert.equal(d.sampleCount, 10);
  assert.equal(d.min, 97);
  assert.equal(d.max, 250);
  assert.equal(d.median, 100.375);
  // np.quantile(EVEN, [0.25, 0.75, 0.99]) == [99.625, 102.125, 239.20000000000002]
  assertClose(d.p25, 99.625, 1e-13);
  assertClose(d.p75, 102.125, 1e-13);
  assertClose(d.p99, 239.20000000000002, 1e-13);
  assertClose(d.mean, 117.95, 1e-14);
  assertClose(d.stddev, 47.37128760007363, 1e-12);
  assertClose(d.mad, 1.25 * 1.4826, 1e-12);
  assertClose(d.cv, 47.37128760007363 / 117.95, 1e-12);
});

test('describe of a constant array has zero spread', () => {
  fc.assert(
    fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer({ min: 1, max: 50 }), (value, n) => {
      const d = describe(new Array<number>(n).fill(value));
      assert.equal(d.stddev, 0);
      assert.equal(d.cv, 0);
      assert.equal(d.mad, 0);
      assert.equal(d.mean, value);
      assert.equal(d.median, value);
      assert.equal(d.p99, value);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('describe: spread is non-negative and min <= p25 <= median <= p75 <= p99 <= max', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 80 }), (values) => {
      const d = describe(values);
      assert.ok(d.min <= d.p25 && d.p25 <= d.median && d.median <= d.p75 && d.p75 <= d.p99 && d.p99 <= d.max);
      assert.ok(d.stddev >= 0 && d.mad >= 0);
      assert.ok(d.mean >= d.min && d.mean <= d.max);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('edge cases: empty input throws RangeError, n = 1', () => {
  for (const fn of [mean, variance, stddev, medianAbsoluteDeviation, describe]) {
    assert.throws(() => fn([]), RangeError, fn.name);
    assert.throws(() => fn([1, Number.NaN]), RangeError, fn.name);
  }
  assert.throws(() => medianAbsoluteDeviation([1, 2], -1), RangeError);
  assert.equal(variance([5]), 0);
  assert.equal(stddev([5]), 0);
  const one = describe([5]);
  assert.deepEqual(one, {
    sampleCount: 1,
    median: 5,
    mean: 5,
    min: 5,
    max: 5,
    p25: 5,
    p75: 5,
    p99: 5,
    stddev: 0,
    mad: 0,
    cv: 0,
  });
  // A zero mean gives cv = 0 by definition instead of a division by zero.
  assert.equal(describe([-1, 1]).cv, 0);
});
