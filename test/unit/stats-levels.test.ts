/**
 * Levels in a series of times: mixtures of separate levels are found, with their shares and their
 * arrangement in time; one wide spread (normal, log-normal, uniform) and rare tails are not. Rates
 * on seeded simulations, not single cases.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { findLevels, LEVEL_MIN_SHARE, LEVELS_MIN_VALUES } from '../../src/stats/level-clusters.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng, type Rng } from '../../src/stats/random.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 626272145;

const TRIALS = 300;

function rate(rng: Rng, n: number, value: (i: number, rng: Rng) => number): number {
  let found = 0;
  for (let t = 0; t < TRIALS; t++) if (findLevels(Array.from({ length: n }, (_, i) => value(i, rng))) !== null) found++;
  return found / TRIALS;
}

/** A body that is `ratio`× slower during every other `window` (in fast samples' lengths); each sample has a fixed number of operations, so samples straddle the switches. */
function timeAlternating(rng: Rng, n: number, window: number, ratio: number): number[] {
  let t = rng() * 2 * window;
  return Array.from({ length: n }, () => {
    let ops = 1;
    let spent = 0;
    while (ops > 1e-9) {
      const cost = Math.floor(t / window) % 2 === 1 ? ratio : 1;
      const done = Math.min((window - (t % window)) / cost, ops);
      ops -= done;
      spent += done * cost;
      t += done * cost + 1e-12;
    }
    return spent * (1 + 0.03 * normalDeviate(rng));
  });
}

describe('findLevels', () => {
  it('names two levels 8× apart that alternate every other sample, with their shares', () => {
    const rng = createRng(1);
    const values = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 1000 : 8000) * (1 + 0.05 * normalDeviate(rng)));
    const found = findLevels(values)!;
    assert.equal(found.levels.length, 2);
    assert.ok(Math.abs(found.levels[0]!.center / 1000 - 1) < 0.05 && Math.abs(found.levels[1]!.center / 8000 - 1) < 0.05, JSON.stringify(found.levels));
    assert.deepEqual(
      found.levels.map((l) => l.share),
      [0.5, 0.5],
    );
    assert.equal(found.arrangement, 'alternating');
    assert.equal(found.stretches, 100);
  });

  it('calls a single change of level a step, and three separate levels three', () => {
    const rng = createRng(2);
    const step = findLevels(Array.from({ length: 60 }, (_, i) => (i < 40 ? 3 : 12) * (1 + 0.02 * normalDeviate(rng))))!;
    assert.equal(step.arrangement, 'step');
    assert.equal(step.stretches, 2);
    assert.deepEqual(
      step.levels.map((l) => l.count),
      [40, 20],
    );
    const three = findLevels(Array.from({ length: 90 }, (_, i) => [1, 3, 9][Math.floor(i / 10) % 3]! * (1 + 0.03 * normalDeviate(rng))))!;
    assert.equal(three.levels.length, 3);
    assert.equal(three.arrangement, 'in-stretches');
  });

  it('tells levels in random order (mixed) from levels held in stretches of time', () => {
    const rng = createRng(7);
    const arrangements = new Map<string, number>();
    for (let t = 0; t < 100; t++) {
      const found = findLevels(Array.from({ length: 100 }, () => (rng() < 0.5 ? 1 : 5) * (1 + 0.02 * normalDeviate(rng))));
      arrangements.set(found?.arrangement ?? 'none', (arrangements.get(found?.arrangement ?? 'none') ?? 0) + 1);
    }
    // A random order leaves the runs test beyond ±3 standard scores in about 0.3% of series.
    assert.ok((arrangements.get('mixed') ?? 0) >= 97, JSON.stringify([...arrangements]));
    assert.equal(findLevels(timeAlternating(createRng(8), 200, 10, 8))?.arrangement, 'in-stretches');
  });

  it('finds levels that switch in time though the slow one is smeared by samples straddling the switches', () => {
    const rng = createRng(3);
    let found = 0;
    for (let t = 0; t < TRIALS; t++) if (findLevels(timeAlternating(rng, 200, 10, 8)) !== null) found++;
    assert.ok(found / TRIALS >= 0.99, String(found / TRIALS));
  });

  it('finds no levels in one wide spread: normal never, log-normal and uniform 1×–4× rarely', () => {
    const rng = createRng(4);
    for (const n of [LEVELS_MIN_VALUES, 50, 200]) {
      assert.equal(
        rate(rng, n, (_, r) => 1 + 0.1 * normalDeviate(r)),
        0,
      );
      // Simulated with 1000 trials: ≤ 2% (log-normal σ 0.5) and ≤ 8% (uniform 1×–4×) at n = 30, ≤ 1% from n = 50.
      const lognormal = rate(rng, n, (_, r) => Math.exp(0.5 * normalDeviate(r)));
      const uniform = rate(rng, n, (_, r) => 1 + 3 * r());
      assert.ok(lognormal <= (n < 50 ? 0.04 : 0.015), `log-normal n=${n}: ${lognormal}`);
      assert.ok(uniform <= (n < 50 ? 0.12 : 0.02), `uniform n=${n}: ${uniform}`);
    }
  });

  it('leaves a rare slow sample to the outliers rule: a group under the minimum share is no level', () => {
    const rng = createRng(5);
    const every = Math.ceil(1 / LEVEL_MIN_SHARE) + 10;
    assert.equal(
      rate(rng, 200, (i, r) => (i % every === 0 ? 6 : 1) * (1 + 0.03 * normalDeviate(r))),
      0,
    );
  });

  it('judges no fewer than LEVELS_MIN_VALUES values, and no step under LEVEL_MIN_RATIO (what a thread sharing the core does)', () => {
    assert.equal(findLevels(Array.from({ length: LEVELS_MIN_VALUES - 1 }, (_, i) => (i % 2 === 0 ? 1 : 8))), null);
    const rng = createRng(6);
    assert.equal(
      rate(rng, 200, (i, r) => (i % 2 === 0 ? 1 : 1.3) * (1 + 0.01 * normalDeviate(r))),
      0,
    );
    assert.equal(
      rate(rng, 200, (i, r) => (i % 2 === 0 ? 1 : 2) * (1 + 0.01 * normalDeviate(r))),
      0,
    );
  });

  it('is unchanged by scaling the values', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e-3, max: 1e6, noNaN: true }), (seed, k) => {
        const rng = createRng(seed);
        const values = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 5 : 1) * (1 + 0.05 * normalDeviate(rng)));
        const a = findLevels(values);
        const b = findLevels(values.map((v) => v * k));
        assert.equal(a === null, b === null);
        if (a !== null && b !== null) assert.deepEqual(a.labels, b.labels);
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('rejects empty input', () => {
    assert.throws(() => findLevels([]), RangeError);
  });
});
