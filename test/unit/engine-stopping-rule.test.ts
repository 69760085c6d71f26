import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { sample, type MeasureConfig } from '../../src/engine/loop/measure.js';
import {
  HOST_LIMIT_CHECKS_PER_DOUBLING,
  HOST_LIMIT_MIN_BUDGET_SHARE,
  MAX_SAMPLES,
  HOST_LIMIT_MIN_HALF,
  MIN_SAMPLES,
  MIN_SAMPLES_FOR_CI,
  narrowing,
  shouldStop,
  type StoppingConfig,
} from '../../src/engine/loop/stopping-rule.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';
import { runsTest } from '../../src/stats/runs-test.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 33;

/** Budgets in samples: each sample takes one unit of time, the budget `budget` units. */
const config = (budget: number): StoppingConfig => ({ precisionTarget: 0.01, timeBudgetNs: budget, minSamples: MIN_SAMPLES, maxSamples: MAX_SAMPLES });

type Series = (rng: () => number) => (i: number, budget: number) => number;

/** Feeds a series sample by sample to the rule, one time unit each, until it says stop. */
function runRule(series: Series, seed: number, budget: number): { reason: string; count: number } {
  const rng = createRng(seed);
  const next = series(rng);
  const values: number[] = [];
  for (;;) {
    values.push(next(values.length, budget));
    const reason = shouldStop(values, values.length, config(budget));
    if (reason !== null) return { reason, count: values.length };
  }
}

function outcomes(series: Series, budget: number, seeds = 50): Map<string, number> {
  const counts = new Map<string, number>();
  for (let seed = 1; seed <= seeds; seed++) {
    const { reason } = runRule(series, seed, budget);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return counts;
}

const stationary =
  (cv: number): Series =>
  (rng) =>
  () =>
    100 * (1 + cv * normalDeviate(rng));
const levelShift: Series = (rng) => (i, budget) => 100 * (i > 0.3 * budget ? 1.3 : 1) * (1 + 0.05 * normalDeviate(rng));
const slowSteps: Series = (rng) => {
  let level = 1;
  return (i) => {
    if (i % 15 === 0) level = 1 + 0.3 * rng();
    return 100 * level * (1 + 0.03 * normalDeviate(rng));
  };
};

describe('stopping rule: the host limit', () => {
  it('keeps a stationary noisy series sampling to the budget: its interval still narrows', () => {
    for (const budget of [100, 300]) {
      const seen = outcomes(stationary(0.2), budget);
      assert.ok((seen.get('host-limit') ?? 0) <= 1, `budget ${budget}: ${[...seen]}`);
      assert.ok((seen.get('budget') ?? 0) >= 49, `budget ${budget}: ${[...seen]}`);
    }
  });

  it('lets a stationary series with little noise sample until the precision target', () => {
    const seen = outcomes(stationary(0.05), 300);
    assert.ok((seen.get('precision') ?? 0) >= 48, `${[...seen]}`);
  });

  it('stops a series with a level shift or slow steps early, as host-limit', () => {
    for (const series of [levelShift, slowSteps]) {
      const stops = Array.from({ length: 50 }, (_, k) => runRule(series, k + 1, 100));
      const limited = stops.filter((s) => s.reason === 'host-limit');
      assert.ok(limited.length >= 40, `${limited.length} of 50`);
      assert.ok(
        limited.every((s) => s.count < 100 && s.count >= 2 * HOST_LIMIT_MIN_HALF && s.count >= MIN_SAMPLES),
        `${limited.map((s) => s.count)}`,
      );
    }
  });

  it('reads the narrowing rate of independent samples near ½ and of a shifted series near 0 or below', () => {
    const rng = createRng(11);
    const independent = Array.from({ length: 400 }, () => 100 * (1 + 0.1 * normalDeviate(rng)));
    const rate = narrowing(independent, 1, config(1))!.rate;
    assert.ok(rate > 0.25 && rate < 0.8, `independent ${rate}`);
    const shifted = independent.map((v, i) => (i >= 200 ? v * 1.3 : v));
    assert.ok(narrowing(shifted, 1, config(1))!.rate < 0.1);
    assert.equal(narrowing(independent.slice(0, 2 * HOST_LIMIT_MIN_HALF - 1), 1, config(1)), null);
  });

  it('never stops before the minimum sample count, and never as host-limit before twice that or a quarter of the budget (fast-check)', () => {
    // Arbitrary values, or a noisy level that shifts part-way (the case the host limit is for).
    const arbitrary = fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 160 });
    const shifted = fc
      .record({
        n: fc.integer({ min: 2 * HOST_LIMIT_MIN_HALF, max: 160 }),
        at: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        factor: fc.double({ min: 1.1, max: 3, noNaN: true }),
        noise: fc.double({ min: 0.01, max: 0.2, noNaN: true }),
        seed: fc.integer({ min: 1, max: 1e6 }),
      })
      .map(({ n, at, factor, noise, seed }) => {
        const rng = createRng(seed);
        return Array.from({ length: n }, (_, i) => 100 * (i >= at * n ? factor : 1) * (1 + noise * (2 * rng() - 1)));
      });
    let limited = 0;
    fc.assert(
      fc.property(fc.oneof(arbitrary, shifted), fc.integer({ min: 0, max: 200 }), (values, percent) => {
        const share = percent / 100;
        const budget = 1e9;
        const reason = shouldStop(values, share * budget, config(budget));
        if (values.length < MIN_SAMPLES_FOR_CI) assert.equal(reason, null);
        if (values.length < MIN_SAMPLES) assert.ok(reason === null || reason === 'budget');
        if (reason === 'host-limit') {
          limited++;
          assert.ok(values.length >= 2 * HOST_LIMIT_MIN_HALF && values.length >= MIN_SAMPLES);
          assert.ok(share >= HOST_LIMIT_MIN_BUDGET_SHARE && share < 1);
          assert.equal(values.length % Math.max(1, Math.floor(values.length / HOST_LIMIT_CHECKS_PER_DOUBLING)), 0);
        }
        // The budget is a maximum: once spent, with enough values for an interval, sampling ends.
        if (share >= 1 && values.length >= MIN_SAMPLES_FOR_CI) assert.notEqual(reason, null);
      }),
      { seed: PROPERTY_SEED, numRuns: 600 },
    );
    // The host-limit branch was exercised, so the assertions on it can fail.
    assert.ok(limited >= 5, `host-limit in ${limited} cases`);
  });

  it('ends sampling as host-limit on a fake clock when the host steps between samples', async () => {
    // A 10 ns body whose speed steps by up to 30% every 15 samples, each sample ~10 ms.
    const rng = createRng(5);
    let clock = 1e9;
    let samples = 0;
    let level = 1;
    const stepping = {
      now: () => clock,
      rng: createRng(7),
      runBatch(n: number): number {
        if (samples++ % 15 === 0) level = 1 + 0.3 * rng();
        const elapsed = n * 10 * level * (1 + 0.05 * normalDeviate(rng));
        clock += elapsed;
        return elapsed;
      },
    };
    const measureConfig: MeasureConfig = { ...config(2e9), warmupMaxNs: 1e9, sampleTargetNs: 10e6 };
    const result = await sample(stepping, measureConfig, 10);
    assert.equal(result.precision.stopReason, 'host-limit');
    assert.ok(
      result.precision.durationNs < 2e9 && result.samples.length >= 2 * HOST_LIMIT_MIN_HALF && result.samples.length >= MIN_SAMPLES,
      `${result.precision.durationNs} ns, ${result.samples.length} samples`,
    );
    assert.ok(result.precision.reached! > 0.01);
  });
});

describe('runs test about the median', () => {
  it('matches the textbook counts: 2 runs for a sorted series, n runs alternating', () => {
    const sorted = Array.from({ length: 40 }, (_, i) => i);
    const s = runsTest(sorted);
    assert.equal(s.runs, 2);
    assert.equal(s.expected, 21); // 2·20·20/40 + 1
    // variance 2·20·20·(800 − 40)/(40²·39) = 9.744, z = (2 − 21)/3.1215
    assert.ok(Math.abs(s.z - -6.0868) < 1e-3, `${s.z}`);
    const alternating = sorted.map((_, i) => (i % 2 === 0 ? 1 : 3));
    const a = runsTest(alternating);
    assert.equal(a.runs, 40);
    assert.ok(a.z > 5 && a.pClustered > 0.999);
  });

  it('does not judge fewer than 10 values on a side', () => {
    assert.deepEqual(runsTest([1, 2, 3, 4, 5, 6]).pClustered, 1);
    assert.equal(runsTest([]).pClustered, 1);
  });

  it('gives exchangeable values a p-value that is not small, whatever their order (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const rng = createRng(seed);
        const values = Array.from({ length: 200 }, () => rng());
        const { z } = runsTest(values);
        // |z| ≤ 4.5 has probability 1 − 7e-6 for exchangeable values.
        assert.ok(Math.abs(z) < 4.5, `z ${z}`);
      }),
      { seed: PROPERTY_SEED, numRuns: 200 },
    );
  });
});
