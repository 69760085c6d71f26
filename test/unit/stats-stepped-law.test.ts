import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fitComplexity, MAX_STEP, modelTerm, predict, type ComplexityModel, type SizedEstimate } from '../../src/stats/complexity-fit.js';
import { cliffsFromSteps } from '../../src/stats/cost-cliffs.js';
import { levelAt, stepSets } from '../../src/stats/stepped-law.js';
import { createRng } from '../../src/stats/random.js';
import { normalDeviate } from '../../src/stats/normal.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 149000238;

/** 64 to 65,536, ×2: the sweeps of corpus/sweeps. */
const WIDE = Array.from({ length: 11 }, (_, i) => 64 * 2 ** i);
/** 64 to 65,536, ×4: the sweeps of issue 28's examples. */
const COARSE = [64, 256, 1024, 4096, 16384, 65536];

/** Points of `M(n)·(constant + coefficient·f(n))` with seeded multiplicative noise, each with a 95% CI of ±2·noise. */
function stepped(model: ComplexityModel, sizes: number[], level: (n: number) => number, options: { constant?: number; coefficient?: number; noise?: number; seed?: number } = {}): SizedEstimate[] {
  const { constant = 20, coefficient = 2, noise = 0.02, seed = 11 } = options;
  const rng = createRng(seed);
  return sizes.map((n) => {
    const law = model === 'O(1)' ? constant : constant + coefficient * modelTerm(model, n);
    const t = level(n) * law * (1 + noise * normalDeviate(rng));
    return { n, nsPerOp: t, ciLower: t * (1 - 2 * noise), ciUpper: t * (1 + 2 * noise) };
  });
}

const exact = (sizes: number[], times: number[]): SizedEstimate[] => sizes.map((n, i) => ({ n, nsPerOp: times[i]!, ciLower: times[i]! * 0.99, ciUpper: times[i]! * 1.01 }));

test("a sort that leaves a cache reads as O(n log n) with the step as a cliff, not 'no law fits' (issue 28's heapsort)", () => {
  // Per n·log n: 2.3 ns up to 1,024, then 3.3, 5.0, 5.1.
  const perTerm = [2.3, 2.3, 2.3, 3.3, 5.0, 5.1];
  const verdict = fitComplexity(
    exact(
      COARSE,
      COARSE.map((n, i) => perTerm[i]! * n * Math.log2(n)),
    ),
  )!;
  assert.equal(verdict.best.model, 'O(n log n)');
  assert.equal(verdict.status, 'clear');
  assert.deepEqual(
    verdict.best.steps.map((s) => [s.fromN, s.toN]),
    [
      [1024, 4096],
      [4096, 16384],
    ],
  );
  assert.ok(Math.abs(verdict.best.steps[0]!.multiplier - 3.3 / 2.3) < 0.05, String(verdict.best.steps[0]!.multiplier));
});

test("a flat lookup with a late cliff reads as O(1) with its cliffs (issue 28's Map lookup)", () => {
  const verdict = fitComplexity(exact(COARSE, [5.3, 5.3, 5.3, 5.3, 7.9, 23.8]))!;
  assert.equal(verdict.best.model, 'O(1)');
  assert.equal(verdict.status, 'clear');
  const last = verdict.best.steps.at(-1)!;
  assert.deepEqual([last.fromN, last.toN], [16384, 65536]);
  assert.ok(Math.abs(last.multiplier - 23.8 / 7.9) < 0.05, String(last.multiplier));
});

test('a sort over 11 sizes with one noisy cache step: the law, and the step where it is, over seeds', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const verdict = fitComplexity(stepped('O(n log n)', WIDE, (n) => (n > 4096 ? 1.5 : 1), { seed }))!;
    assert.equal(verdict.best.model, 'O(n log n)', `seed ${seed}`);
    assert.equal(verdict.status, 'clear', `seed ${seed}: ${verdict.indistinct.join(', ')}`);
    assert.deepEqual(
      verdict.best.steps.map((s) => [s.fromN, s.toN]),
      [[4096, 8192]],
      `seed ${seed}`,
    );
  }
});

test('a clean quadratic and a clean O(log n) get no steps', () => {
  for (const seed of [1, 2, 3]) {
    const quadratic = fitComplexity(stepped('O(n^2)', [16, 32, 64, 128, 256, 512, 1024, 2048], () => 1, { seed }))!;
    assert.equal(quadratic.best.model, 'O(n^2)');
    assert.equal(quadratic.status, 'clear');
    assert.deepEqual(quadratic.best.steps, []);
    const log = fitComplexity(stepped('O(log n)', WIDE, () => 1, { constant: 5, coefficient: 3, seed }))!;
    assert.equal(log.best.model, 'O(log n)');
    assert.deepEqual(log.best.steps, []);
  }
});

test('noise of 2% (sd) makes no cliff and no other law, whatever the seed (property)', () => {
  fc.assert(
    fc.property(fc.constantFrom<ComplexityModel>('O(1)', 'O(n)', 'O(n log n)'), fc.integer({ min: 1, max: 10_000 }), (model, seed) => {
      const verdict = fitComplexity(stepped(model, WIDE, () => 1, { seed, constant: 30 }))!;
      assert.deepEqual(verdict.best.steps, [], `seed ${seed}`);
      assert.equal(verdict.best.model, model, `seed ${seed}`);
    }),
    { seed: PROPERTY_SEED, numRuns: 60 },
  );
});

test('steps never go below ×1.15, and a fit keeps two degrees of freedom: four sizes get no step', () => {
  const verdict = fitComplexity(exact([100, 200, 400, 800], [100, 200, 400, 1600]))!;
  assert.deepEqual(verdict.best.steps, []);
  for (const fit of fitComplexity(stepped('O(n)', WIDE, (n) => (n > 1000 ? 2 : 1)))!.fits) for (const s of fit.steps) assert.ok(s.multiplier >= 1.15, `${fit.model}: ×${s.multiplier}`);
});

test('the steps scale the prediction past them, and become cliffs with the ratio of the estimates', () => {
  const points = stepped('O(n)', WIDE, (n) => (n > 2048 ? 2 : 1), { noise: 0, constant: 0 });
  const verdict = fitComplexity(points)!;
  assert.equal(verdict.best.model, 'O(n)');
  assert.equal(verdict.best.steps.length, 1);
  for (const p of points) assert.ok(Math.abs(predict(verdict.best, p.n) / p.nsPerOp - 1) < 1e-6, `n=${p.n}`);
  const cliffs = cliffsFromSteps(points, verdict.best);
  assert.equal(cliffs.length, 1);
  assert.deepEqual([cliffs[0]!.fromN, cliffs[0]!.toN], [2048, 4096]);
  assert.ok(Math.abs(cliffs[0]!.ratio - 2) < 1e-9 && Math.abs(cliffs[0]!.jump! - 2) < 1e-6 && Math.abs(cliffs[0]!.expected - 1) < 1e-6);
  assert.equal(levelAt(verdict.best.steps, 2048), 1);
  assert.ok(Math.abs(levelAt(verdict.best.steps, 65536) - 2) < 1e-6);
});

test('stepSets lists every set of up to k gaps once', () => {
  assert.deepEqual(stepSets(3, 2), [[], [0], [0, 1], [0, 2], [1], [1, 2], [2]]);
  assert.equal(stepSets(10, 3).length, 1 + 10 + 45 + 120);
});

test('a quadratic whose CIs a busy host widened on some sizes is O(n²), not O(1) with steps standing in for its growth', () => {
  // An insertion sort of 32…4,096 elements measured on a busy host (tuning half of corpus/sweeps): ns per call and CI half-widths.
  const sizes = [32, 64, 128, 256, 512, 1024, 2048, 4096];
  const times = [344.3, 1321.1, 5171.6, 19960.7, 77016.7, 309301.3, 1179288.3, 6390568.5];
  const halfWidths = [0.04, 0.49, 0.4, 0.01, 0.02, 0.47, 0.01, 0.32];
  const points = sizes.map((n, i) => ({ n, nsPerOp: times[i]!, ciLower: times[i]! * (1 - halfWidths[i]!), ciUpper: times[i]! * (1 + halfWidths[i]!) }));
  const verdict = fitComplexity(points)!;
  assert.equal(verdict.best.model, 'O(n^2)');
  assert.ok(verdict.status === 'clear' || verdict.status === 'cannot-tell', verdict.status);
  for (const fit of verdict.fits) for (const s of fit.steps) assert.ok(s.multiplier <= MAX_STEP, `${fit.model}: ×${s.multiplier}`);
  // The precise sizes carry the fit: the noise is not the median ±36%.
  assert.ok(verdict.noise < 0.1, String(verdict.noise));
});
