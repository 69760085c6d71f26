import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import fc from 'fast-check';
import { linearFit } from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 247884123;

function assertRelative(actual: number, expected: number, tolerance: number, label: string): void {
  const error = Math.abs(actual - expected) / Math.max(1e-300, Math.abs(expected));
  assert.ok(error <= tolerance, `${label}: expected ${expected}, got ${actual} (relative error ${error})`);
}

test('linearFit matches scipy.stats.linregress on timing-like data', () => {
  // xs = [1000, 2000, 3000, 5000, 8000, 13000, 21000, 34000]
  // ys = [52310, 101200, 149900, 251000, 398700, 652100, 1049000, 1701500]
  // r = scipy.stats.linregress(xs, ys); r.slope, r.intercept, r.rvalue**2
  const fit = linearFit([1000, 2000, 3000, 5000, 8000, 13000, 21000, 34000], [52310, 101200, 149900, 251000, 398700, 652100, 1049000, 1701500]);
  assert.ok(fit !== null);
  assertRelative(fit.slope, 49.99373019097928, 1e-12, 'slope');
  assertRelative(fit.intercept, 781.9341731003951, 1e-10, 'intercept');
  assertRelative(fit.r2, 0.9999943535138478, 1e-12, 'r2');
});

test('linearFit stays accurate with a large offset in x (centring)', () => {
  // xs2 = 1e9 + np.arange(10.)
  // ys2 = 3.0 + 0.5 * np.arange(10) + [0.01, -0.02, 0.0, 0.03, -0.01, 0.02, -0.03, 0.0, 0.01, -0.01]
  // r = scipy.stats.linregress(xs2, ys2)
  const xs = Array.from({ length: 10 }, (_, i) => 1e9 + i);
  const ys = [3.01, 3.48, 4.0, 4.53, 4.99, 5.52, 5.97, 6.5, 7.01, 7.49];
  const fit = linearFit(xs, ys);
  assert.ok(fit !== null);
  assertRelative(fit.slope, 0.49927272727272726, 1e-9, 'slope');
  assertRelative(fit.intercept, -499272724.26945454, 1e-9, 'intercept');
  assertRelative(fit.r2, 0.9998562639227747, 1e-9, 'r2');
});

test('linearFit recovers exact lines y = a + b·x through distinct xs', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 50 }),
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((v) => v / 100),
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map((v) => v / 1000),
      (xs, a, b) => {
        const ys = xs.map((x) => a + b * x);
        const fit = linearFit(xs, ys);
        assert.ok(fit !== null);
        const maxX = Math.max(...xs);
        const spreadX = maxX - Math.min(...xs);
        const scale = Math.abs(a) + Math.abs(b) * maxX + 1;
        assert.ok(Math.abs(fit.slope - b) <= (1e-9 * scale) / spreadX, `slope ${fit.slope} vs ${b}`);
        assert.ok(Math.abs(fit.intercept - a) <= 1e-8 * scale, `intercept ${fit.intercept} vs ${a}`);
        assert.ok(fit.r2 > 1 - 1e-9, `r2 ${fit.r2}`);
      },
    ),
    { seed: PROPERTY_SEED },
  );
});

test('r2 stays within [0, 1] and a two-point fit is exact', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
        minLength: 2,
        maxLength: 40,
      }),
      (points) => {
        const fit = linearFit(
          points.map((p) => p[0]),
          points.map((p) => p[1]),
        );
        if (fit === null) return;
        assert.ok(fit.r2 >= 0 && fit.r2 <= 1, `r2 ${fit.r2}`);
      },
    ),
    { seed: PROPERTY_SEED },
  );
  const two = linearFit([1, 3], [10, 20]);
  assert.deepEqual(two, { slope: 5, intercept: 5, r2: 1 });
});

test('pure noise around a flat line gives a small r2', () => {
  // Alternating residuals with no trend: slope 0 exactly, r2 0.
  const fit = linearFit([1, 2, 3, 4], [1, -1, -1, 1]);
  assert.ok(fit !== null);
  assert.equal(fit.slope, 0);
  assert.equal(fit.r2, 0);
});

test('edge cases: null for < 2 points or equal xs; constant ys fit exactly', () => {
  assert.equal(linearFit([], []), null);
  assert.equal(linearFit([1], [2]), null);
  assert.equal(linearFit([3, 3, 3], [1, 2, 3]), null);
  assert.deepEqual(linearFit([1, 2, 3], [0.1, 0.1, 0.1]), { slope: 0, intercept: 0.1, r2: 1 });
  assert.throws(() => linearFit([1, 2], [1]), RangeError);
  assert.throws(() => linearFit([1, Number.NaN], [1, 2]), RangeError);
});

/** scipy's linregress(...).intercept_stderr for the data below. */
const REFERENCE_INTERCEPT_SE = 0.16653327995729902;

describe('interceptStandardError', () => {
  it('matches scipy linregress intercept_stderr on a reference data set', async () => {
    const { interceptStandardError } = await import('../../src/stats/regression.js');
    // python3 -c "from scipy.stats import linregress; r = linregress([1,2,3,4,5,6],[2.1,3.9,6.2,7.8,10.1,12.2]); print(repr(r.intercept_stderr))"
    const se = interceptStandardError([1, 2, 3, 4, 5, 6], [2.1, 3.9, 6.2, 7.8, 10.1, 12.2]);
    assert.ok(se !== null && Math.abs(se - REFERENCE_INTERCEPT_SE) < 1e-12, `got ${se}`);
  });

  it('is zero for points exactly on a line and null when undefined', async () => {
    const { interceptStandardError } = await import('../../src/stats/regression.js');
    assert.equal(interceptStandardError([1, 2, 3, 4], [3, 5, 7, 9]), 0);
    assert.equal(interceptStandardError([1, 2], [3, 5]), null);
    assert.equal(interceptStandardError([2, 2, 2], [1, 2, 3]), null);
  });
});
