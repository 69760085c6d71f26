import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { binomialCdf, binomialLogPmf, binomialPmf } from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 402962719;

function assertRelative(actual: number, expected: number, tolerance: number, label: string): void {
  const error = Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(error <= tolerance, `${label}: expected ${expected}, got ${actual} (relative error ${error})`);
}

/**
 * [k, n, p, scipy.stats.binom.cdf(k, n, p)] with scipy 1.17. scipy itself is only good to ~1e-12
 * relative in places (e.g. (5, 1e5, 1e-4) is off by 1.1e-12 against the exact sum below), so the
 * tolerance is 1e-11; EXACT_CDF checks tighter.
 */
const SCIPY_CDF: [number, number, number, number][] = [
  [3, 10, 0.5, 0.171875],
  [0, 10, 0.3, 0.028247524900000005],
  [7, 20, 0.37, 0.5265422550406346],
  [20, 50, 0.37, 0.723613211502489],
  [70, 100, 0.5, 0.9999839199923521],
  [29, 30, 0.5, 0.9999999990686774],
  [49000, 100000, 0.5, 1.2943580191734472e-10],
  [49999, 100000, 0.5, 0.4987384368929022],
  [50000, 100000, 0.5, 0.5012615631070978],
  [50500, 100000, 0.5, 0.9992258201845774],
  [48000, 100000, 0.5, 5.765469333363917e-37],
  [5, 100000, 1e-4, 0.06707650449736074],
  [99990, 100000, 0.9999, 0.5420765413843014],
  [1, 100000, 1e-6, 0.9953212005572933],
];

/**
 * [k, n, p, P(X ≤ k)], exact to double precision, from 60-digit decimal arithmetic:
 *   from decimal import Decimal as D, getcontext; getcontext().prec = 60
 *   P = D(p); float(sum(D(math.comb(n, j)) * P**j * (1 - P)**(n - j) for j in range(k + 1)))
 */
const EXACT_CDF: [number, number, number, number][] = [
  [5, 100000, 1e-4, 0.06707650449728682],
  [1, 100000, 1e-6, 0.9953212005572933],
  [7, 20, 0.37, 0.5265422550406343],
  [20, 50, 0.37, 0.7236132115024889],
  [70, 100, 0.5, 0.9999839199923521],
  [200, 1000, 0.25, 0.00010898019880887953],
];

/**
 * [k, n, p, ln P(X = k)], exact to double precision, from big-integer arithmetic (scipy's logpmf
 * is off by ~2e-10 at n = 1e5, so it is not used as the reference here):
 *   from decimal import Decimal as D, getcontext; getcontext().prec = 50
 *   float(D(math.comb(n, k)).ln() + k * D(p).ln() + (n - k) * (1 - D(p)).ln())
 */
const EXACT_LOG_PMF: [number, number, number, number][] = [
  [3, 10, 0.5, -2.1439800628174073],
  [7, 20, 0.37, -1.7079356415976834],
  [20, 50, 0.37, -2.2621951125847164],
  [29, 30, 0.5, -17.393218035136204],
  [50000, 100000, 0.5, -5.982256585129842],
  [49000, 100000, 0.5, -25.983390093165433],
  [48000, 100000, 0.5, -86.00280294816942],
  [5, 100000, 1e-4, -3.274666287646018],
  [99990, 100000, 0.9999, -2.0785116407182334],
  [1, 100000, 1e-6, -2.4025841429935793],
];

test('binomialCdf matches scipy.stats.binom.cdf, including n = 100 000', () => {
  for (const [k, n, p, expected] of SCIPY_CDF) {
    assertRelative(binomialCdf(k, n, p), expected, 1e-11, `cdf(${k}, ${n}, ${p})`);
  }
});

test('binomialCdf matches exact decimal sums to ~1e-14', () => {
  for (const [k, n, p, expected] of EXACT_CDF) {
    assertRelative(binomialCdf(k, n, p), expected, 1e-13, `cdf(${k}, ${n}, ${p})`);
  }
});

test('binomialLogPmf is accurate to ~1e-14 absolute for large n', () => {
  for (const [k, n, p, expected] of EXACT_LOG_PMF) {
    const actual = binomialLogPmf(k, n, p);
    assert.ok(Math.abs(actual - expected) < 1e-13, `logpmf(${k}, ${n}, ${p}) = ${actual}, expected ${expected}`);
  }
});

test('binomialCdf handles extreme tails without underflow trouble', () => {
  // The lower tail at n = 1e5 is ~1e-880: not representable, must come out as 0, not NaN.
  assert.equal(binomialCdf(40000, 100000, 0.5), 0);
  assert.equal(binomialCdf(60000, 100000, 0.5), 1);
  assert.ok(Number.isFinite(binomialLogPmf(40000, 100000, 0.5)));
});

test('pmf sums to 1 and cdf is the running sum of the pmf', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 300 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p) => {
      let running = 0;
      for (let k = 0; k <= n; k++) {
        running += binomialPmf(k, n, p);
        assert.ok(Math.abs(binomialCdf(k, n, p) - Math.min(1, running)) < 1e-12, `k=${k}`);
      }
      assert.ok(Math.abs(running - 1) < 1e-12, `total ${running}`);
    }),
    { seed: PROPERTY_SEED, numRuns: 60 },
  );
});

test('binomialCdf is non-decreasing in k', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p, u) => {
      const k = Math.floor(u * n);
      assert.ok(binomialCdf(k, n, p) <= binomialCdf(k + 1, n, p));
    }),
    { seed: PROPERTY_SEED },
  );
});

test('edge cases', () => {
  assert.equal(binomialCdf(-1, 10, 0.5), 0);
  assert.equal(binomialCdf(10, 10, 0.5), 1);
  assert.equal(binomialCdf(3.7, 10, 0.5), binomialCdf(3, 10, 0.5));
  assert.equal(binomialCdf(0, 0, 0.5), 1);
  assert.equal(binomialCdf(0, 5, 0), 1);
  assert.equal(binomialCdf(4, 5, 1), 0);
  assert.equal(binomialPmf(6, 5, 0.5), 0);
  assert.equal(binomialPmf(2.5, 5, 0.5), 0);
  assert.equal(binomialLogPmf(0, 5, 0), 0);
  assert.throws(() => binomialCdf(1, -1, 0.5), RangeError);
  assert.throws(() => binomialCdf(1, 2.5, 0.5), RangeError);
  assert.throws(() => binomialCdf(1, 10, 1.5), RangeError);
  assert.throws(() => binomialCdf(Number.NaN, 10, 0.5), RangeError);
});
