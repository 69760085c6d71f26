import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  bootstrapMedianDifference,
  bootstrapMedianRatio,
  createRng,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  median,
  medianConfidenceInterval,
  quantileSorted,
  sortAscending,
  twoLevelBootstrapMedian,
  type Rng,
} from '../../src/stats/index.js';
import { medianFromCounts } from '../../src/stats/resample-median.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 141659066;

const positiveValues = fc.array(fc.double({ min: 1e-3, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 40 });

function exponentialSample(rng: Rng, n: number, scale: number): number[] {
  return Array.from({ length: n }, () => -scale * Math.log(1 - rng()));
}

test('default resample count is 10 000', () => {
  assert.equal(DEFAULT_BOOTSTRAP_RESAMPLES, 10_000);
});

test('medianFromCounts equals the type-7 median of the multiset it encodes', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 4 })), {
        minLength: 1,
        maxLength: 40,
      }),
      (pairs) => {
        fc.pre(pairs.some(([, count]) => count > 0));
        const sorted = Float64Array.from(pairs.map(([v]) => v)).sort();
        const counts = Uint32Array.from(pairs.map(([, c]) => c));
        const multiset: number[] = [];
        sorted.forEach((v, i) => {
          for (let c = 0; c < counts[i]!; c++) multiset.push(v);
        });
        const expected = quantileSorted(sortAscending(multiset), 0.5);
        assert.equal(medianFromCounts(sorted, counts, multiset.length), expected);
      },
    ),
    { seed: PROPERTY_SEED },
  );
});

test('bootstrapMedianRatio: same seed gives identical output; interval holds the estimate', () => {
  fc.assert(
    fc.property(positiveValues, positiveValues, fc.integer({ min: 0, max: 2 ** 31 }), (a, b, seed) => {
      const options = { resamples: 200, confidence: 0.95 };
      const first = bootstrapMedianRatio(a, b, { ...options, rng: createRng(seed) });
      const second = bootstrapMedianRatio(a, b, { ...options, rng: createRng(seed) });
      assert.deepEqual(first, second);
      assert.equal(first.ratio, median(a) / median(b));
      assert.ok(first.lower <= first.ratio && first.ratio <= first.upper, JSON.stringify(first));
    }),
    { seed: PROPERTY_SEED, numRuns: 60 },
  );
});

test('twoLevelBootstrapMedian: same seed gives identical output; interval holds the estimate', () => {
  fc.assert(
    fc.property(fc.array(positiveValues, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 2 ** 31 }), (groups, seed) => {
      const first = twoLevelBootstrapMedian(groups, { resamples: 200, rng: createRng(seed) });
      const second = twoLevelBootstrapMedian(groups, { resamples: 200, rng: createRng(seed) });
      assert.deepEqual(first, second);
      assert.equal(first.estimate, median(groups.flat()));
      assert.ok(first.lower <= first.estimate && first.estimate <= first.upper, JSON.stringify(first));
    }),
    { seed: PROPERTY_SEED, numRuns: 60 },
  );
});

/**
 * Straightforward (slow) bootstraps written with sorting, consuming the generator in the order the
 * library documents for reproducibility. The library must agree with them exactly: same medians,
 * same equal-tailed type-7 percentile bounds.
 */
function naiveRatioBootstrap(a: number[], b: number[], resamples: number, confidence: number, rng: Rng) {
  const sortedA = sortAscending(a);
  const sortedB = sortAscending(b);
  const draw = (sorted: number[]) => sorted.map(() => sorted[Math.floor(rng() * sorted.length)]!);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const medianA = median(draw(sortedA));
    ratios.push(medianA / median(draw(sortedB)));
  }
  const sorted = sortAscending(ratios);
  const tail = (1 - confidence) / 2;
  return { lower: quantileSorted(sorted, tail), upper: quantileSorted(sorted, 1 - tail) };
}

function naiveTwoLevelBootstrap(groups: number[][], resamples: number, confidence: number, rng: Rng) {
  const medians: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const pooled: number[] = [];
    for (let g = 0; g < groups.length; g++) {
      const group = groups[Math.floor(rng() * groups.length)]!;
      for (let j = 0; j < group.length; j++) pooled.push(group[Math.floor(rng() * group.length)]!);
    }
    medians.push(median(pooled));
  }
  const sorted = sortAscending(medians);
  const tail = (1 - confidence) / 2;
  return { lower: quantileSorted(sorted, tail), upper: quantileSorted(sorted, 1 - tail) };
}

test('bootstraps agree exactly with naive sorting implementations', () => {
  const rng = createRng(11);
  const a = exponentialSample(rng, 31, 50);
  const b = exponentialSample(rng, 24, 40);
  for (const confidence of [0.9, 0.95, 0.99]) {
    const fast = bootstrapMedianRatio(a, b, { resamples: 300, confidence, rng: createRng(4) });
    const slow = naiveRatioBootstrap(a, b, 300, confidence, createRng(4));
    assert.deepEqual([fast.lower, fast.upper], [slow.lower, slow.upper], `ratio at ${confidence}`);
    const groups = [a.slice(0, 10), a.slice(10, 13), a.slice(13), b];
    const fast2 = twoLevelBootstrapMedian(groups, { resamples: 300, confidence, rng: createRng(4) });
    const slow2 = naiveTwoLevelBootstrap(groups, 300, confidence, createRng(4));
    assert.deepEqual([fast2.lower, fast2.upper], [slow2.lower, slow2.upper], `two-level at ${confidence}`);
  }
});

test('different seeds give different resampling', () => {
  const rng = createRng(1);
  const a = exponentialSample(rng, 50, 10);
  const b = exponentialSample(rng, 50, 10);
  const x = bootstrapMedianRatio(a, b, { resamples: 500, rng: createRng(1) });
  const y = bootstrapMedianRatio(a, b, { resamples: 500, rng: createRng(2) });
  assert.equal(x.ratio, y.ratio);
  assert.notDeepEqual([x.lower, x.upper], [y.lower, y.upper]);
});

test('ratio interval brackets the true ratio of a 2x slowdown', () => {
  // b has twice the scale of a, so the population median ratio is exactly 0.5.
  const rng = createRng(99);
  const a = exponentialSample(rng, 200, 100);
  const b = exponentialSample(rng, 200, 200);
  const result = bootstrapMedianRatio(a, b, { rng: createRng(5) });
  assert.ok(result.lower < 0.5 && 0.5 < result.upper, JSON.stringify(result));
  assert.ok(result.upper - result.lower < 0.5, 'interval should be informative at n = 200');
});

test('with one group the bootstrap interval is close to the order-statistic interval', () => {
  const rng = createRng(2024);
  const sample = exponentialSample(rng, 400, 1);
  const exact = medianConfidenceInterval(sample, 0.95);
  assert.ok(exact !== null);
  const boot = twoLevelBootstrapMedian([sample], { rng: createRng(3) });
  const width = exact.upper - exact.lower;
  assert.ok(Math.abs(boot.lower - exact.lower) < 0.35 * width, `lower ${boot.lower} vs ${exact.lower}`);
  assert.ok(Math.abs(boot.upper - exact.upper) < 0.35 * width, `upper ${boot.upper} vs ${exact.upper}`);
});

test('two-level resampling widens the interval when processes differ', () => {
  // Eight "processes" whose levels differ by a few percent, each with small within-process noise.
  const rng = createRng(8);
  const groups = Array.from({ length: 8 }, (_, g) => {
    const level = 100 + 3 * ((g * 5) % 8);
    return Array.from({ length: 30 }, () => level + rng() - 0.5);
  });
  const twoLevel = twoLevelBootstrapMedian(groups, { resamples: 2000, rng: createRng(1) });
  const pooledOnly = twoLevelBootstrapMedian([groups.flat()], { resamples: 2000, rng: createRng(1) });
  assert.equal(twoLevel.estimate, pooledOnly.estimate);
  const wide = twoLevel.upper - twoLevel.lower;
  const narrow = pooledOnly.upper - pooledOnly.lower;
  assert.ok(wide > 2 * narrow, `two-level width ${wide} vs pooled ${narrow}`);
});

test('edge cases: empty inputs and invalid options throw', () => {
  const rng = createRng(1);
  assert.throws(() => bootstrapMedianRatio([], [1], { rng }), RangeError);
  assert.throws(() => bootstrapMedianRatio([1], [], { rng }), RangeError);
  assert.throws(() => bootstrapMedianRatio([1], [0, 1], { rng }), RangeError);
  assert.throws(() => bootstrapMedianRatio([1], [1], { rng, resamples: 0 }), RangeError);
  assert.throws(() => bootstrapMedianRatio([1], [1], { rng, resamples: 1.5 }), RangeError);
  assert.throws(() => bootstrapMedianRatio([1], [1], { rng, confidence: 1 }), RangeError);
  assert.throws(() => bootstrapMedianRatio([1], [1], {} as { rng: Rng }), TypeError);
  assert.throws(() => twoLevelBootstrapMedian([], { rng }), RangeError);
  assert.throws(() => twoLevelBootstrapMedian([[1], []], { rng }), RangeError);
  assert.throws(() => twoLevelBootstrapMedian([[1, Number.NaN]], { rng }), RangeError);
  // n = 1: every resample is the value itself.
  assert.deepEqual(bootstrapMedianRatio([3], [2], { rng, resamples: 50 }), { ratio: 1.5, lower: 1.5, upper: 1.5 });
  assert.deepEqual(twoLevelBootstrapMedian([[4]], { rng, resamples: 50 }), { estimate: 4, lower: 4, upper: 4 });
});

test('bootstrapMedianDifference: exact point estimate, and a shifted copy gives exactly the shift', () => {
  const rng = createRng(11);
  const a = exponentialSample(rng, 50, 10);
  const shifted = a.map((v) => v - 3);
  const d = bootstrapMedianDifference(a, shifted, { rng: createRng(5), resamples: 2000 });
  assert.ok(Math.abs(d.difference - 3) < 1e-9);
  assert.ok(d.lower <= 3 + 1e-9 && d.upper >= 3 - 1e-9, `[${d.lower}, ${d.upper}]`);
  const reference = bootstrapMedianDifference([1, 2, 3], [10, 20], { rng: createRng(1), resamples: 10 });
  assert.equal(reference.difference, 2 - 15);
});

test('bootstrapMedianDifference: antisymmetric and reproducible per seed', () => {
  fc.assert(
    fc.property(positiveValues, positiveValues, fc.integer({ min: 1, max: 1000 }), (a, b, seed) => {
      const ab = bootstrapMedianDifference(a, b, { rng: createRng(seed), resamples: 200 });
      const again = bootstrapMedianDifference(a, b, { rng: createRng(seed), resamples: 200 });
      assert.deepEqual(ab, again);
      assert.ok(ab.lower <= ab.upper);
      assert.equal(ab.difference, median(a) - median(b));
    }),
    { seed: PROPERTY_SEED },
  );
  assert.throws(() => bootstrapMedianDifference([], [1], { rng: createRng(1) }), RangeError);
});
