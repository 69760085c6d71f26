import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createRng, median, medianConfidenceInterval, medianConfidenceRanks } from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 487434181;

/**
 * [confidence, n, [lowerRank, upperRank, coverage] | null], from an independent Python
 * implementation of benchstat's rule with exact binomial probabilities: grow a band of outcomes of
 * B ~ Binomial(n, 1/2) outward from the mode, adding the more probable neighbour (the lower one on
 * a tie), until its mass reaches the confidence; band [l, r) gives 1-based ranks (l, r).
 *
 *   from scipy.stats import binom
 *   def ranks(n, conf):
 *       pmf = lambda k: binom.pmf(k, n, 0.5) if 0 <= k <= n else 0.0
 *       l = n // 2; r = l + 1; acc = pmf(l)
 *       while acc < conf and (pmf(l - 1) > 0 or pmf(r) > 0):
 *           if pmf(l - 1) >= pmf(r) * (1 - 1e-9): l -= 1; acc += pmf(l)  # rounding-level tie
 *           else: acc += pmf(r); r += 1
 *       if l < 1 or r > n: return None
 *       return l, r, binom.cdf(r - 1, n, 0.5) - binom.cdf(l - 1, n, 0.5)
 */
const SCIPY_RANKS: [number, number, [number, number, number] | null][] = [
  [0.95, 2, null],
  [0.95, 4, null],
  [0.95, 5, null],
  [0.95, 6, [1, 6, 0.96875]],
  [0.95, 7, [1, 7, 0.984375]],
  [0.95, 8, [1, 7, 0.9609375]],
  [0.95, 9, [2, 8, 0.9609375]],
  [0.95, 10, [2, 9, 0.978515625]],
  [0.95, 11, [2, 9, 0.96142578125]],
  [0.95, 12, [3, 10, 0.96142578125]],
  [0.95, 15, [4, 12, 0.96484375]],
  [0.95, 20, [6, 15, 0.9586105346679688]],
  [0.95, 30, [10, 21, 0.9572260547429323]],
  [0.95, 31, [10, 22, 0.9705506265163422]],
  [0.95, 50, [18, 32, 0.9511261076817297]],
  [0.95, 51, [19, 33, 0.9511261076817297]],
  [0.95, 100, [40, 60, 0.9539559330706572]],
  [0.95, 1000, [469, 531, 0.9500154764972458]],
  [0.95, 10000, [4902, 5099, 0.9511670501036189]],
  [0.99, 2, null],
  [0.99, 4, null],
  [0.99, 5, null],
  [0.99, 6, null],
  [0.99, 7, null],
  [0.99, 8, [1, 8, 0.9921875]],
  [0.99, 9, [1, 9, 0.99609375]],
  [0.99, 10, [1, 10, 0.998046875]],
  [0.99, 11, [1, 10, 0.99365234375]],
  [0.99, 12, [2, 11, 0.99365234375]],
  [0.99, 15, [3, 13, 0.99261474609375]],
  [0.99, 20, [4, 16, 0.992802619934082]],
  [0.99, 30, [8, 23, 0.9947771206498146]],
  [0.99, 31, [8, 23, 0.9929996333085]],
  [0.99, 50, [16, 35, 0.9933995520331891]],
  [0.99, 51, [16, 35, 0.9922125636942565]],
  [0.99, 100, [37, 63, 0.9906649518793552]],
  [0.99, 1000, [459, 541, 0.9904859597157918]],
  [0.99, 10000, [4871, 5129, 0.9901197572662053]],
  [0.9, 2, null],
  [0.9, 4, null],
  [0.9, 5, [1, 5, 0.9375]],
  [0.9, 6, [1, 6, 0.96875]],
  [0.9, 7, [1, 6, 0.9296875]],
  [0.9, 8, [2, 7, 0.9296875]],
  [0.9, 9, [2, 8, 0.9609375]],
  [0.9, 10, [2, 8, 0.9345703125]],
  [0.9, 11, [3, 9, 0.9345703125]],
  [0.9, 12, [3, 9, 0.90771484375]],
  [0.9, 15, [4, 11, 0.923187255859375]],
  [0.9, 20, [6, 14, 0.9216461181640625]],
  [0.9, 30, [11, 20, 0.901262853294611]],
  [0.9, 31, [11, 21, 0.9292444540187716]],
  [0.9, 50, [19, 31, 0.9080854501841458]],
  [0.9, 51, [20, 32, 0.9080854501841458]],
  [0.9, 100, [42, 59, 0.9113739198859325]],
  [0.9, 1000, [474, 527, 0.9063127085245035]],
  [0.9, 10000, [4918, 5083, 0.9010619081672018]],
];

test('ranks and coverage match the scipy reference (benchstat rule, exact binomial)', () => {
  for (const [confidence, n, expected] of SCIPY_RANKS) {
    const actual = medianConfidenceRanks(n, confidence);
    if (expected === null) {
      assert.equal(actual, null, `n=${n} at ${confidence}`);
      continue;
    }
    assert.ok(actual !== null, `n=${n} at ${confidence}`);
    assert.deepEqual([actual.lowerRank, actual.upperRank], expected.slice(0, 2), `n=${n} at ${confidence}`);
    assert.ok(Math.abs(actual.achievedConfidence - expected[2]) < 1e-12, `coverage n=${n} at ${confidence}`);
  }
});

test('interval on a fixed data set', () => {
  // n = 40 at 95%: ranks (14, 27), coverage 0.9615226917157997 (same Python as above);
  // np.sort(SKEW)[[13, 26]] == [108.04, 112.9]
  const skew = [
    116.73, 122.73, 117.74, 106.15, 104.98, 110.34, 115.38, 112.9, 124.72, 114.56, 113.77, 106.94, 105.75, 121.01, 110.25, 115.0, 105.02, 108.04, 105.24, 106.79, 115.71, 104.77, 107.66, 110.85,
    107.16, 108.81, 108.95, 112.33, 108.06, 111.46, 110.29, 112.36, 111.19, 122.91, 107.18, 118.21, 108.18, 106.19, 118.32, 108.03,
  ];
  const ci = medianConfidenceInterval(skew);
  assert.ok(ci !== null);
  assert.equal(ci.lowerRank, 14);
  assert.equal(ci.upperRank, 27);
  assert.equal(ci.lower, 108.04);
  assert.equal(ci.upper, 112.9);
  assert.ok(Math.abs(ci.achievedConfidence - 0.9615226917157997) < 1e-12);
});

test('the interval contains the sample median, is ordered, and meets the level', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 400 }), fc.constantFrom(0.8, 0.9, 0.95, 0.99), (values, confidence) => {
      const ci = medianConfidenceInterval(values, confidence);
      const n = values.length;
      if (ci === null) {
        // Only when even [min, max] is not enough: 1 − 2^(1−n) < confidence.
        assert.ok(1 - 2 ** (1 - n) < confidence, `null for n=${n}`);
        return;
      }
      const m = median(values);
      assert.ok(ci.lower <= m && m <= ci.upper, `[${ci.lower}, ${ci.upper}] vs median ${m}`);
      assert.ok(ci.lowerRank >= 1 && ci.lowerRank < ci.upperRank && ci.upperRank <= n);
      assert.ok(ci.upperRank === n + 1 - ci.lowerRank || ci.upperRank === n - ci.lowerRank);
      assert.ok(ci.achievedConfidence >= confidence && ci.achievedConfidence <= 1);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('large n works (n = 100 000 at 95%)', () => {
  const ranks = medianConfidenceRanks(100_000);
  assert.ok(ranks !== null);
  // Normal approximation: 50 000 ± 1.96·√(100 000)/2 ≈ 50 000 ± 310.
  assert.ok(Math.abs(ranks.lowerRank - 49_690) <= 1, `lower ${ranks.lowerRank}`);
  assert.ok(ranks.upperRank - ranks.lowerRank <= 621);
  assert.ok(ranks.achievedConfidence >= 0.95 && ranks.achievedConfidence < 0.951);
});

/** Share of `trials` exponential(1) samples of size n whose 95% median interval covers ln 2. */
function empiricalCoverage(n: number, trials: number, seed: number): number {
  const rng = createRng(seed);
  const trueMedian = Math.LN2;
  let covered = 0;
  for (let t = 0; t < trials; t++) {
    const sample = Array.from({ length: n }, () => -Math.log(1 - rng()));
    const ci = medianConfidenceInterval(sample, 0.95);
    assert.ok(ci !== null);
    if (ci.lower <= trueMedian && trueMedian <= ci.upper) covered++;
  }
  return covered / trials;
}

test('empirical coverage on skewed data is close to nominal (seeded simulation)', () => {
  // Exponential(1) is strongly skewed; its median is ln 2. Exact coverage is 0.9572 for n = 30
  // (symmetric ranks 10, 21) and 0.9614 for n = 11 (ranks 2, 9); with 2000 trials the standard
  // error is ~0.0045, so [0.93, 0.985] fails only for a wrong interval (too narrow or too wide,
  // e.g. [min, max] would give ~1).
  for (const n of [30, 11]) {
    const coverage = empiricalCoverage(n, 2000, 20_240 + n);
    assert.ok(coverage >= 0.93 && coverage <= 0.985, `n=${n}: coverage ${coverage}`);
  }
});

test('edge cases: empty input and bad confidence throw RangeError, small n gives null', () => {
  assert.throws(() => medianConfidenceInterval([]), RangeError);
  assert.throws(() => medianConfidenceInterval([1, Number.NaN, 2, 3, 4, 5]), RangeError);
  assert.throws(() => medianConfidenceInterval([1, 2, 3, 4, 5, 6], 1), RangeError);
  assert.throws(() => medianConfidenceInterval([1, 2, 3, 4, 5, 6], 0), RangeError);
  assert.throws(() => medianConfidenceRanks(0), RangeError);
  assert.equal(medianConfidenceInterval([1]), null);
  assert.equal(medianConfidenceInterval([1, 2, 3, 4, 5]), null);
  const six = medianConfidenceInterval([6, 5, 4, 3, 2, 1]);
  assert.deepEqual(six, { lower: 1, upper: 6, lowerRank: 1, upperRank: 6, achievedConfidence: 0.96875 });
});

test('medianWithInterval: the median with its order-statistic interval, or [min, max] when n is too small', async () => {
  const { medianWithInterval, medianConfidenceInterval } = await import('../../src/stats/index.js');
  const values = [5, 1, 4, 2, 3, 9, 7, 8, 6, 10];
  const ci = medianConfidenceInterval(values)!;
  assert.deepEqual(medianWithInterval(values), { median: 5.5, lower: ci.lower, upper: ci.upper });
  assert.deepEqual(medianWithInterval([3, 1, 2]), { median: 2, lower: 1, upper: 3 });
});
