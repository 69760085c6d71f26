import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { thirdsShift } from '../../src/stats/level-shift.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 841329915;

describe('thirdsShift', () => {
  it('measures a step between the first and last thirds relative to the overall median', () => {
    // First third median 1, last third median 2, overall median 2 → (2 − 1) / 2.
    assert.equal(thirdsShift([1, 1, 1, 2, 2, 2, 2, 2, 2]), 0.5);
    assert.equal(thirdsShift([2, 2, 2, 2, 2, 2, 1, 1, 1]), -0.5);
  });

  it('is 0 for too few values and for constant series', () => {
    assert.equal(thirdsShift([1, 5, 9]), 0);
    assert.equal(thirdsShift(Array(30).fill(7)), 0);
  });

  it('is unchanged by scaling and negated by reversing', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 9, maxLength: 200 }), fc.double({ min: 0.5, max: 1e3, noNaN: true }), (values, k) => {
        const a = thirdsShift(values);
        assert.ok(Math.abs(thirdsShift(values.map((v) => v * k)) - a) <= 1e-9 * Math.max(1, Math.abs(a)));
        assert.ok(Math.abs(thirdsShift([...values].reverse()) + a) <= 1e-9 * Math.max(1, Math.abs(a)));
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('rejects empty input', () => {
    assert.throws(() => thirdsShift([]), RangeError);
  });
});
