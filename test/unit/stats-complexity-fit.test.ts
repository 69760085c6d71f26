import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { COMPLEXITY_MODELS, fitComplexity, modelTerm, type ComplexityModel, type SizedEstimate } from '../../src/stats/complexity-fit.js';
import { findCostCliffs } from '../../src/stats/cost-cliffs.js';
import { createRng } from '../../src/stats/random.js';
import { normalDeviate } from '../../src/stats/normal.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 858628272;

/** Six sizes, ×4 apart: the usual sweep. */
const SIZES = [16, 64, 256, 1024, 4096, 16384];

/**
 * Points of `constant + coefficient·f(n)` with multiplicative normal noise of `noise` (relative sd),
 * each with a 95% CI of ±2·noise, from a seeded generator.
 */
function synthetic(model: ComplexityModel, options: { sizes?: number[]; constant?: number; coefficient?: number; noise?: number; seed?: number } = {}): SizedEstimate[] {
  const { sizes = SIZES, constant = 20, coefficient = 3, noise = 0.02, seed = 7 } = options;
  const rng = createRng(seed);
  return sizes.map((n) => {
    const exact = model === 'O(1)' ? constant : constant + coefficient * modelTerm(model, n);
    const t = exact * (1 + noise * normalDeviate(rng));
    return { n, nsPerOp: t, ciLower: t * (1 - 2 * noise), ciUpper: t * (1 + 2 * noise) };
  });
}

for (const model of COMPLEXITY_MODELS) {
  test(`fitComplexity recognises ${model} on noisy synthetic data, clearly`, () => {
    for (const seed of [1, 2, 3]) {
      const verdict = fitComplexity(synthetic(model, { seed }));
      assert.ok(verdict !== null);
      assert.equal(verdict.best.model, model, `seed ${seed}: chose ${verdict.best.model} (${JSON.stringify(verdict.fits.map((f) => [f.model, f.rms.toFixed(3), f.growthShare.toFixed(2)]))})`);
      assert.equal(verdict.status, 'clear', `seed ${seed}: ${verdict.status}, indistinct ${verdict.indistinct.join(', ')}`);
      assert.ok(verdict.best.rms < 0.05, `rms ${verdict.best.rms}`);
      // O(1): every growth law's term is too small to count, so there is no runner-up. Models are compared by their penalized rms.
      assert.ok(model === 'O(1)' ? verdict.runnerUp === null : verdict.runnerUp !== null && verdict.runnerUp.penalizedRms > verdict.tolerance);
    }
  });
}

test('fitComplexity recovers the coefficient and the fixed cost of exact data', () => {
  const points = synthetic('O(n log n)', { noise: 0, constant: 50, coefficient: 1.5 });
  const verdict = fitComplexity(points)!;
  assert.equal(verdict.best.model, 'O(n log n)');
  assert.ok(Math.abs(verdict.best.coefficientNs - 1.5) < 1e-9, String(verdict.best.coefficientNs));
  assert.ok(Math.abs(verdict.best.constantNs - 50) < 1e-6, String(verdict.best.constantNs));
  assert.ok(verdict.best.rms < 1e-9);
});

test('fitComplexity cannot tell O(n) from O(n log n) over a narrow range of sizes', () => {
  const verdict = fitComplexity(synthetic('O(n log n)', { sizes: [1000, 1050, 1100, 1150, 1200, 1250], noise: 0.02 }))!;
  assert.equal(verdict.status, 'cannot-tell');
  const told = [verdict.best.model, ...verdict.indistinct];
  assert.ok(told.includes('O(n)') && told.includes('O(n log n)'), told.join(', '));
});

test('fitComplexity calls points with very wide CIs too noisy', () => {
  const points = synthetic('O(n)').map((p) => ({ ...p, ciLower: p.nsPerOp * 0.4, ciUpper: p.nsPerOp * 1.6 }));
  assert.equal(fitComplexity(points)!.status, 'too-noisy');
});

test('fitComplexity calls a step no model follows a poor fit', () => {
  const points = SIZES.map((n, i) => {
    const t = i % 2 === 0 ? 10 * n : n;
    return { n, nsPerOp: t, ciLower: t * 0.99, ciUpper: t * 1.01 };
  });
  assert.equal(fitComplexity(points)!.status, 'poor-fit');
});

test('fitComplexity takes a constant that drifts a little as O(1), not as a weak growth law', () => {
  // +15% over the range: a cache warming, not log n.
  const points = SIZES.map((n, i) => {
    const t = 40 * (1 + 0.03 * i);
    return { n, nsPerOp: t, ciLower: t * 0.98, ciUpper: t * 1.02 };
  });
  const verdict = fitComplexity(points)!;
  assert.equal(verdict.best.model, 'O(1)');
});

test('fitComplexity needs four distinct sizes', () => {
  assert.equal(fitComplexity(synthetic('O(n)', { sizes: [10, 100, 1000] })), null);
  assert.throws(() => fitComplexity([{ n: 0, nsPerOp: 1, ciLower: 1, ciUpper: 1 }]), RangeError);
  assert.throws(() => fitComplexity([{ n: 1, nsPerOp: Number.NaN, ciLower: 1, ciUpper: 1 }]), RangeError);
});

test('fitComplexity is scale-invariant: k × every time keeps the model and the error, and scales the coefficients by k', () => {
  fc.assert(
    fc.property(fc.constantFrom(...COMPLEXITY_MODELS), fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (model, seed, k) => {
      const points = synthetic(model, { seed });
      const scaled = points.map((p) => ({ ...p, nsPerOp: p.nsPerOp * k, ciLower: p.ciLower * k, ciUpper: p.ciUpper * k }));
      const a = fitComplexity(points)!;
      const b = fitComplexity(scaled)!;
      assert.equal(b.best.model, a.best.model);
      assert.equal(b.status, a.status);
      assert.ok(Math.abs(b.best.rms - a.best.rms) <= 1e-9 + 1e-9 * a.best.rms);
      assert.ok(Math.abs(b.best.coefficientNs - k * a.best.coefficientNs) <= 1e-9 * Math.max(1e-300, k * a.best.coefficientNs) + 1e-12);
      assert.ok(Math.abs(b.best.constantNs - k * a.best.constantNs) <= 1e-9 * Math.max(1, k * a.best.constantNs));
    }),
    { seed: PROPERTY_SEED },
  );
});

test('findCostCliffs marks the step where the cost per element triples, and only that one', () => {
  const sizes = [512, 2048, 8192, 32768, 131072, 524288];
  const points = sizes.map((n) => {
    const t = n * (n > 10000 ? 0.9 : 0.3);
    return { n, nsPerOp: t, ciLower: t * 0.98, ciUpper: t * 1.02 };
  });
  const cliffs = findCostCliffs(points, null);
  assert.equal(cliffs.length, 1);
  assert.equal(cliffs[0]!.fromN, 8192);
  assert.equal(cliffs[0]!.toN, 32768);
  assert.ok(Math.abs(cliffs[0]!.ratio - 3) < 1e-9);
});

test('findCostCliffs sees no cliff in a smooth n log n against its own fit, nor one hidden by wide CIs', () => {
  const points = synthetic('O(n log n)', { noise: 0 });
  const fit = fitComplexity(points)!.best;
  assert.deepEqual(
    findCostCliffs(points, (n) => fit.constantNs + fit.coefficientNs * modelTerm(fit.model, n)),
    [],
  );
  const wide = [100, 200, 400, 800].map((n, i) => {
    const t = n * (i === 3 ? 1.4 : 1);
    return { n, nsPerOp: t, ciLower: t * 0.8, ciUpper: t * 1.2 };
  });
  assert.deepEqual(findCostCliffs(wide, null), []);
});
