import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mannWhitneyU, minimumPValue } from '../../src/stats/mann-whitney.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 976678547;

/** numpy.random.default_rng(7): normal(100, 5) × 40 and normal(103, 5) × 45, rounded to 3 decimals. */
const X40 = [
  100.006, 101.494, 98.629, 95.547, 97.727, 95.042, 100.301, 106.701, 97.539, 96.898, 102.449, 101.784, 100.527, 95.348, 99.854, 103.477, 93.279, 97.712, 90.494, 93.552, 90.791, 98.825, 93.663,
  101.356, 100.784, 99.065, 87.416, 97.307, 99.757, 100.567, 92.349, 97.611, 95.107, 95.956, 105.304, 95.962, 99.837, 104.422, 97.082, 99.441,
];
const Y45 = [
  103.552, 103.319, 96.875, 103.381, 109.794, 95.264, 107.297, 103.597, 99.793, 113.002, 106.811, 97.004, 103.373, 105.883, 102.056, 106.415, 102.667, 106.336, 110.193, 99.622, 104.016, 100.683,
  103.636, 97.064, 100.103, 102.019, 107.494, 108.726, 96.382, 99.027, 106.235, 93.038, 100.684, 102.514, 109.285, 106.447, 101.364, 101.157, 101.749, 110.618, 100.86, 101.482, 104.763, 102.396,
  102.014,
];

const close = (actual: number, expected: number, relative = 1e-9): void => {
  assert.ok(Math.abs(actual - expected) <= relative * Math.abs(expected), `${actual} vs ${expected}`);
};

describe('mannWhitneyU against scipy.stats.mannwhitneyu (scipy 1.17)', () => {
  it('exact: complete separation of 5 and 5 gives 2/252', () => {
    const r = mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    assert.equal(r.u, 0);
    assert.equal(r.method, 'exact');
    close(r.pValue, 0.007936507936507936);
  });
  it('exact: interleaved samples of 6 and 7', () => {
    const r = mannWhitneyU([1.1, 2.5, 3.3, 4.8, 5.2, 7.7], [2.2, 6.1, 6.6, 8.4, 9.9, 10.5, 12.0]);
    assert.equal(r.u, 7);
    close(r.pValue, 0.05128205128205128);
  });
  it('exact: 12 and 10', () => {
    const r = mannWhitneyU([5.0, 3.1, 4.4, 2.9, 6.0, 5.5, 4.9, 3.3, 4.1, 5.8, 4.6, 3.9], [4.0, 3.0, 5.1, 4.5, 3.7, 4.2, 4.8, 3.5, 2.8, 4.3]);
    assert.equal(r.u, 77);
    close(r.pValue, 0.28293378448177214);
  });
  it('exact for 40 and 45 (1 800 pairs, no ties)', () => {
    const r = mannWhitneyU(X40, Y45);
    assert.equal(r.method, 'exact');
    assert.equal(r.u, 347);
    close(r.pValue, 3.7821268912569795e-7, 1e-8);
  });
  it('asymptotic with continuity and tie corrections for 60 and 55 (repeated values)', () => {
    const r = mannWhitneyU([...X40, ...X40.slice(0, 20)], [...Y45, ...Y45.slice(0, 10)]);
    assert.equal(r.method, 'asymptotic');
    assert.equal(r.u, 668);
    close(r.pValue, 3.892292380939513e-8, 1e-8);
  });
  it('asymptotic with the tie-corrected variance', () => {
    const r = mannWhitneyU([1, 2, 2, 3, 3, 3, 4], [3, 4, 4, 5, 5, 6]);
    assert.equal(r.method, 'asymptotic');
    assert.equal(r.u, 3.5);
    close(r.pValue, 0.012999854364387305, 1e-9);
  });
  it('gives p = 1 for identical constant samples', () => {
    assert.equal(mannWhitneyU([3, 3, 3], [3, 3]).pValue, 1);
  });
});

describe('mannWhitneyU properties', () => {
  const sample = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 });
  it('is symmetric in its samples and p lies in (0, 1]', () => {
    fc.assert(
      fc.property(sample, sample, (a, b) => {
        const ab = mannWhitneyU(a, b);
        const ba = mannWhitneyU(b, a);
        assert.ok(ab.pValue > 0 && ab.pValue <= 1);
        assert.ok(Math.abs(ab.pValue - ba.pValue) < 1e-12);
        assert.ok(Math.abs(ab.u + ba.u - a.length * b.length) < 1e-9);
      }),
      { seed: PROPERTY_SEED },
    );
  });
  it('never goes below the minimum p-value of its sizes', () => {
    fc.assert(
      fc.property(sample, sample, (a, b) => {
        assert.ok(mannWhitneyU(a, b).pValue >= minimumPValue(a.length, b.length) * (1 - 1e-9));
      }),
      { seed: PROPERTY_SEED },
    );
  });
});

describe('minimumPValue', () => {
  it('is 2 / C(m + n, m)', () => {
    close(minimumPValue(5, 5), 2 / 252);
    close(minimumPValue(3, 3), 0.1);
    close(minimumPValue(1, 1), 1);
    assert.ok(minimumPValue(40, 40) < 1e-20);
  });
});
