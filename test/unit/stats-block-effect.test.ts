import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BLOCK_EFFECT_PERMUTATIONS, blockEffect } from '../../src/stats/block-effect.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 810246335;

const close = (actual: number, expected: number, tolerance = 1e-12): void => {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} vs ${expected}`);
};

/** blocks × treatments with the given relative effects, block factors and log-normal noise. */
function table(effects: number[], blocks: number, noise: number, seed: number, blockFactors: number[] = []): number[][] {
  const rng = createRng(seed);
  return Array.from({ length: blocks }, (_, b) => effects.map((e) => 100 * e * (blockFactors[b] ?? 1) * Math.exp(noise * normalDeviate(rng))));
}

describe('blockEffect', () => {
  it('hand-computed figures of a 2 × 2 table', () => {
    // logs: block 0 [0, ln 2], block 1 [ln 3, ln 6] → centred ±ln2/2 in both blocks.
    const r = blockEffect([
      [1, 2],
      [3, 6],
    ]);
    close(r.relative[1]! / r.relative[0]!, 2);
    close(r.noise, 0);
    // effects ±ln2/2, sample variance (k − 1 = 1): 2·(ln2/2)² = ln²2/2.
    close(r.spread, Math.sqrt((Math.LN2 * Math.LN2) / 2));
  });

  it('removes what moved a whole block (a host step between passes)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(fc.double({ min: 0.2, max: 5, noNaN: true }), { minLength: 3, maxLength: 3 }), (seed, factors) => {
        const plain = blockEffect(table([1, 1.3, 0.8, 1, 2, 1, 1, 1], 3, 0.05, seed), 7);
        const stepped = blockEffect(table([1, 1.3, 0.8, 1, 2, 1, 1, 1], 3, 0.05, seed, factors), 7);
        close(stepped.spread, plain.spread, 1e-9);
        close(stepped.noise, plain.noise, 1e-9);
        assert.equal(stepped.pValue, plain.pValue);
      }),
      { seed: PROPERTY_SEED, numRuns: 50 },
    );
  });

  it('without noise, the spread is the standard deviation of the log effects', () => {
    const effects = [1, 2, 1, 2, 1, 2, 1, 2];
    const r = blockEffect(table(effects, 3, 0, 1));
    const logs = effects.map(Math.log);
    const mean = logs.reduce((a, b) => a + b) / logs.length;
    close(r.spread, Math.sqrt(logs.reduce((s, v) => s + (v - mean) ** 2, 0) / (logs.length - 1)), 1e-9);
    assert.equal(r.pValue, 1 / (1 + BLOCK_EFFECT_PERMUTATIONS));
  });

  it('finds alternating 1×/2× work, and one treatment in eight at 6× with four blocks (not three: 1/64 is the best p then)', () => {
    assert.ok(blockEffect(table([1, 2, 1, 2, 1, 2, 1, 2], 3, 0.08, 3)).pValue < 0.01);
    const rare = blockEffect(table([1, 1, 1, 1, 1, 1, 1, 6], 4, 0.08, 4));
    assert.ok(rare.pValue < 0.01, String(rare.pValue));
    assert.ok(rare.relative[7]! > 4);
    assert.ok(blockEffect(table([1, 1, 1, 1, 1, 1, 1, 6], 3, 0.08, 4)).pValue > 1 / 64 - 0.01);
  });

  it('holds its level under the null: p < 0.05 in about 5% of noise-only tables', () => {
    let below = 0;
    const tables = 300;
    for (let seed = 1; seed <= tables; seed++) if (blockEffect(table(Array(8).fill(1), 3, 0.1, seed), seed, 499).pValue < 0.05) below++;
    // Binomial(300, 0.05): mean 15, 99.9% of outcomes within 4..29.
    assert.ok(below >= 4 && below <= 29, `${below} of ${tables}`);
  });

  it('reports no spread for noise alone, most of the time', () => {
    const spreads = Array.from({ length: 50 }, (_, i) => blockEffect(table(Array(8).fill(1), 3, 0.05, 100 + i), 1, 99).spread);
    const median = [...spreads].sort((a, b) => a - b)[25]!;
    assert.ok(median < 0.02, `median spread ${median} for 5% noise`);
  });

  it('is reproducible for a seed and refuses bad tables', () => {
    const t = table([1, 1.05, 1, 1.1], 3, 0.05, 9);
    assert.equal(blockEffect(t, 5).pValue, blockEffect(t, 5).pValue);
    assert.throws(() => blockEffect([[1, 2]]), RangeError);
    assert.throws(() => blockEffect([[1, 2], [1]]), RangeError);
    assert.throws(
      () =>
        blockEffect([
          [1, 0],
          [1, 2],
        ]),
      RangeError,
    );
    assert.throws(
      () =>
        blockEffect([
          [1, NaN],
          [1, 2],
        ]),
      RangeError,
    );
  });
});
