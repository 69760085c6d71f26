import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createRng, theilSen } from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 143403517;

/**
 * [xs, ys, slope, intercept, slopeLower, slopeUpper] from scipy 1.17:
 *   from scipy.stats import theilslopes
 *   r = theilslopes(y, x, 0.95, method='joint'); r.slope, r.intercept, r.low_slope, r.high_slope
 */
const SCIPY: [number[], number[], number, number, number, number][] = [
  [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2.1, 3.9, 6.2, 8.1, 9.8, 12.2, 13.9, 16.1, 18.0, 20.3], 2.0142857142857142, 0.014285714285715123, 1.9666666666666668, 2.05],
  [[1, 1, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32], [100, 103, 101, 99, 104, 108, 109, 111, 118, 121, 133, 140], 1.2041666666666666, 99.275, 1.0, 1.4],
  [[1, 2, 4, 8, 16, 32, 64, 1, 2, 4, 8, 16, 32, 64], [5.0, 5.2, 5.1, 5.9, 6.3, 8.1, 11.4, 5.3, 4.9, 5.4, 5.6, 6.5, 7.7, 12.0], 0.1, 4.9, 0.08666666666666666, 0.11],
];

const close = (actual: number, expected: number): void => assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${actual} vs ${expected}`);

test('theilSen matches scipy.stats.theilslopes (slope, joint intercept, Sen interval)', () => {
  for (const [xs, ys, slope, intercept, lower, upper] of SCIPY) {
    const fit = theilSen(xs, ys)!;
    close(fit.slope, slope);
    close(fit.intercept, intercept);
    close(fit.slopeLower, lower);
    close(fit.slopeUpper, upper);
    assert.ok(fit.interceptLower <= fit.intercept && fit.intercept <= fit.interceptUpper);
  }
});

test('theilSen: null with fewer than 3 points or equal xs; throws on NaN and unequal lengths', () => {
  assert.equal(theilSen([1, 2], [1, 2]), null);
  assert.equal(theilSen([3, 3, 3], [1, 2, 3]), null);
  assert.throws(() => theilSen([1, 2, 3], [1, Number.NaN, 3]), RangeError);
  assert.throws(() => theilSen([1, 2, 3], [1, 2]), RangeError);
});

test('theilSen recovers a fixed cost and a per-item slope from spread n with a few wild points', () => {
  const rng = createRng(7);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k < 60; k++) {
    const x = 2 ** (k % 7) * 20_000;
    xs.push(x);
    // 10 ms fixed cost, 20 ns per item, ±5% noise on the fixed part, one sample in ten 10× long (a GC)
    ys.push(10e6 * (0.95 + 0.1 * rng()) + 20 * x + (k % 10 === 3 ? 100e6 : 0));
  }
  const fit = theilSen(xs, ys)!;
  assert.ok(Math.abs(fit.slope / 20 - 1) < 0.1, `slope ${fit.slope}`);
  assert.ok(Math.abs(fit.intercept / 10e6 - 1) < 0.05, `intercept ${fit.intercept}`);
  assert.ok(fit.slopeLower <= 20 && 20 <= fit.slopeUpper);
});

test('theilSen is exact on points on a line, and its intervals hold their estimates (fast-check)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 3, maxLength: 30 }),
      fc.double({ min: -100, max: 100, noNaN: true }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      (xs, slope, intercept) => {
        if (new Set(xs).size < 2) return;
        const fit = theilSen(
          xs,
          xs.map((x) => intercept + slope * x),
        )!;
        const tolerance = 1e-6 * (Math.abs(slope) + 1);
        assert.ok(Math.abs(fit.slope - slope) <= tolerance);
        assert.ok(Math.abs(fit.intercept - intercept) <= 1e-6 * (Math.abs(intercept) + Math.abs(slope) * 1_000 + 1));
        assert.ok(fit.slopeLower <= fit.slope && fit.slope <= fit.slopeUpper);
        assert.ok(fit.interceptLower <= fit.intercept && fit.intercept <= fit.interceptUpper);
      },
    ),
    { seed: PROPERTY_SEED },
  );
});
