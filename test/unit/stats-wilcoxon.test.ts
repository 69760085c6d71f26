import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hodgesLehmannInterval, minimumSignedRankPValue, signedRankDistribution, wilcoxonSignedRank } from '../../src/stats/wilcoxon-signed-rank.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 75760445;

const close = (actual: number, expected: number, relative = 1e-9): void => {
  assert.ok(Math.abs(actual - expected) <= relative * Math.abs(expected), `${actual} vs ${expected}`);
};
/** round(sin(i·1.7)·0.05 + 0.004, 6) for i < 60. */
const N60 = Array.from({ length: 60 }, (_, i) => Math.round((Math.sin(i * 1.7) * 0.05 + 0.004) * 1e6) / 1e6);

describe('wilcoxonSignedRank against scipy.stats.wilcoxon (scipy 1.17)', () => {
  it('exact, n = 6: one negative difference of rank 1', () => {
    const r = wilcoxonSignedRank([0.3, -0.1, 0.5, 0.2, 0.7, 0.4]);
    assert.equal(r.wPlus, 20);
    assert.equal(r.method, 'exact');
    close(r.pValue, 0.0625);
  });
  it('exact, n = 10 and n = 12', () => {
    close(wilcoxonSignedRank([-0.0041, -0.0197, 0.0125, 0.0326, 0.0541, 0.0233, 0.0034, -0.0035, 0.0425, 0.069]).pValue, 0.083984375);
    const r = wilcoxonSignedRank([0.02, 0.042371, -0.009811, 0.037353, 0.026687, -0.006264, 0.048311, 0.008538, 0.006963, 0.048835, -0.005387, 0.024994]);
    assert.equal(78 - r.wPlus, 8);
    close(r.pValue, 0.01220703125);
  });
  it('drops zeros (Wilcoxon’s method)', () => {
    const r = wilcoxonSignedRank([0, 0, 1.5, 2.5, -0.5, 3.5, 4.5, 5.5]);
    assert.equal(r.n, 6);
    close(r.pValue, 0.0625);
  });
  it('asymptotic with the tie correction when |d| ties', () => {
    const r = wilcoxonSignedRank([1, 2, 2, -3, 4, 4, 4, 5, -1, 6]);
    assert.equal(r.method, 'asymptotic');
    assert.equal(r.wPlus, 48.5);
    close(r.pValue, 0.03164177738597928, 1e-7);
  });
  it('asymptotic above 50 pairs', () => {
    const r = wilcoxonSignedRank(N60);
    assert.equal(r.method, 'asymptotic');
    assert.equal(Math.min(r.wPlus, 1830 - r.wPlus), 775);
    close(r.pValue, 0.3027169797922159, 1e-7);
  });
  it('gives p = 1 when every difference is zero, and refuses NaN or nothing', () => {
    assert.equal(wilcoxonSignedRank([0, 0, 0]).pValue, 1);
    assert.throws(() => wilcoxonSignedRank([]), RangeError);
    assert.throws(() => wilcoxonSignedRank([1, NaN]), RangeError);
  });
});

describe('signedRankDistribution', () => {
  it('sums to 1 and matches the cumulative values of the exact null for n = 10', () => {
    const d = signedRankDistribution(10);
    close(
      d.reduce((s, v) => s + v, 0),
      1,
      1e-12,
    );
    const below = (t: number): number => d.slice(0, t + 1).reduce((s, v) => s + v, 0);
    close(below(8), 25 / 1024);
    close(below(9), 33 / 1024);
  });
  it('the smallest p-value: 2/2ⁿ (no interval or significance below 6 pairs)', () => {
    assert.equal(minimumSignedRankPValue(5), 0.0625);
    assert.equal(minimumSignedRankPValue(6), 0.03125);
  });
});

describe('hodgesLehmannInterval', () => {
  it('n = 6 at 95%: the extreme Walsh averages (the range), with coverage 1 − 2/64', () => {
    const r = hodgesLehmannInterval([0.3, -0.1, 0.5, 0.2, 0.7, 0.4], 0.95);
    assert.equal(r.lower, -0.1);
    assert.equal(r.upper, 0.7);
    close(r.coverage!, 1 - 2 / 64);
    close(r.estimate, 0.35);
  });
  it('n = 10 at 95%: the 9th smallest and largest of 55 Walsh averages, coverage 1 − 2·25/1024', () => {
    const d = [-0.0041, -0.0197, 0.0125, 0.0326, 0.0541, 0.0233, 0.0034, -0.0035, 0.0425, 0.069];
    const walsh: number[] = [];
    for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) walsh.push((d[i]! + d[j]!) / 2);
    walsh.sort((x, y) => x - y);
    const r = hodgesLehmannInterval(d, 0.95);
    assert.equal(r.lower, walsh[8]);
    assert.equal(r.upper, walsh[46]);
    close(r.coverage!, 1 - 50 / 1024);
    assert.equal(r.estimate, walsh[27]);
  });
  it('no interval with 5 pairs at 95%', () => {
    const r = hodgesLehmannInterval([1, 2, 3, 4, 5], 0.95);
    assert.equal(r.lower, null);
    assert.equal(r.estimate, 3);
  });
  it('brackets the estimate, for any sample (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 1, maxLength: 70 }), (d) => {
        const r = hodgesLehmannInterval(d, 0.95);
        return r.lower === null || (r.lower <= r.estimate && r.estimate <= r.upper!);
      }),
      { seed: PROPERTY_SEED },
    );
  });
  it('covers the true centre in about 95% of simulated samples (exact and normal regimes)', () => {
    for (const n of [10, 60]) {
      const rng = createRng(n);
      const trials = 2000;
      let covered = 0;
      for (let t = 0; t < trials; t++) {
        const r = hodgesLehmannInterval(
          Array.from({ length: n }, () => 0.05 + 0.02 * normalDeviate(rng)),
          0.95,
        );
        if (r.lower! <= 0.05 && 0.05 <= r.upper!) covered++;
      }
      assert.ok(covered / trials > 0.93 && covered / trials < 0.975, `n=${n}: ${covered / trials}`);
    }
  });
});
