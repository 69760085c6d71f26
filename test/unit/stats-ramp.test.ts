import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { rampShape } from '../../src/stats/ramp.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 593813310;

const noisy = (base: (i: number) => number, n: number, cv: number, seed: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => base(i) * (1 + cv * normalDeviate(rng)));
};

describe('rampShape', () => {
  it('medians of four parts and the change, by hand', () => {
    const r = rampShape([1, 1, 2, 2, 3, 3, 4, 4]);
    assert.deepEqual(r.medians, [1, 2, 3, 4]);
    assert.equal(r.change, 3);
    assert.equal(r.monotone, true);
    assert.equal(rampShape([4, 4, 3, 3, 2, 2, 1, 1]).monotone, true);
  });
  it('the last part takes the remainder', () => {
    assert.deepEqual(rampShape([1, 1, 2, 2, 3, 3, 4, 4, 9]).medians, [1, 2, 3, 4]);
  });
  it('a linear ramp of 30% through 3% noise is a ramp; one step of 20% is not', () => {
    let ramps = 0;
    let steps = 0;
    for (let seed = 1; seed <= 200; seed++) {
      if (rampShape(noisy((i) => 1 + 0.3 * (i / 59), 60, 0.03, seed)).monotone) ramps++;
      if (rampShape(noisy((i) => (i < 60 * (0.2 + (0.6 * ((seed * 37) % 100)) / 100) ? 1 : 1.2), 60, 0.03, seed)).monotone) steps++;
    }
    assert.ok(ramps >= 185, `${ramps} of 200 ramps`);
    assert.ok(steps <= 6, `${steps} of 200 single steps taken for a ramp`);
  });
  it('growth that sets in at the middle and goes on is still moving at the end; a late step is not', () => {
    let hockey = 0;
    let late = 0;
    for (let seed = 1; seed <= 200; seed++) {
      if (rampShape(noisy((i) => (i < 30 ? 1 : 1 + 0.6 * ((i - 30) / 30)), 60, 0.03, seed)).continuing) hockey++;
      const shape = rampShape(noisy((i) => (i < 48 ? 1 : 1.2), 60, 0.03, seed));
      if (shape.continuing || shape.monotone) late++;
    }
    assert.ok(hockey >= 190, `${hockey} of 200`);
    assert.ok(late <= 10, `${late} of 200 late steps taken for growth`);
  });
  it('steep growth that sets in late, its noise growing with its level, is still moving at the end', () => {
    // As the drift trap measured once (corpus, run 9): flat at 2% noise for 70% of the samples, then
    // up 8× with 10% relative noise, so the steep end's spread in ns dwarfs the flat start's.
    let caught = 0;
    let linear = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const rng = createRng(seed);
      const values = Array.from({ length: 68 }, (_, i) => {
        const level = i < 46 ? 1 : 1.2 + (i - 46) / 3;
        return 30 * level * (1 + (i < 46 ? 0.02 : 0.1) * normalDeviate(rng));
      });
      if (rampShape(values).continuing) caught++;
      if (rampShape(values.map((v) => v - 1000)).continuing) linear++;
    }
    // Measured: 145 of 200 on the log scale, 22 of 200 judged on the linear scale.
    assert.ok(caught >= 120, `${caught} of 200`);
    assert.ok(linear <= 60, `judged on the linear scale (shifted below 0): ${linear} of 200`);
  });
  it('a level series is not a ramp, and too short a series never is', () => {
    fc.assert(
      fc.property(fc.array(fc.constant(5), { minLength: 1, maxLength: 40 }), (xs) => !rampShape(xs).monotone),
      { seed: PROPERTY_SEED },
    );
    assert.equal(rampShape([1, 2, 3, 4, 5, 6, 7]).monotone, false);
  });
  it('reversing the series does not change whether it is a ramp (parts of equal length)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }).chain((k) => fc.array(fc.double({ min: 1, max: 100, noNaN: true }), { minLength: 4 * k, maxLength: 4 * k })),
        (xs) => rampShape([...xs].reverse()).monotone === rampShape(xs).monotone,
      ),
      { seed: PROPERTY_SEED },
    );
  });
});
