/** The state-change probe's copy of a used state: plain data is copied deeply, anything else refused without an exception. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { plainCopy } from '../../src/engine/probes/setup-state/plain-copy.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 955394786;

describe('plainCopy', () => {
  it('tells a copied undefined from a value it cannot copy', () => {
    assert.deepEqual(plainCopy(undefined), { copy: undefined });
    assert.equal(
      plainCopy(() => 1),
      null,
    );
  });

  it('copies arrays, typed arrays, Maps, Sets and plain objects deeply, keeping cycles', () => {
    const state: Record<string, unknown> = { items: [3, 1, 2], f: Float64Array.of(1.5, 2.5), m: new Map([[1, { a: 1 }]]), s: new Set(['x']), at: new Date(5) };
    state['self'] = state;
    const copy = plainCopy(state)!.copy as typeof state;
    assert.notEqual(copy, state);
    assert.deepEqual(copy['items'], [3, 1, 2]);
    assert.notEqual(copy['items'], state['items']);
    assert.deepEqual([...(copy['f'] as Float64Array)], [1.5, 2.5]);
    assert.notEqual((copy['m'] as Map<number, object>).get(1), (state['m'] as Map<number, object>).get(1));
    assert.equal(copy['self'], copy);
  });

  it('refuses, without throwing, what is not plain data: functions, class instances, accessors, symbols', () => {
    class Queue {
      items = [1];
    }
    for (const value of [() => 1, new Queue(), { q: new Queue() }, Object.defineProperty({}, 'x', { get: () => 1, enumerable: true }), { [Symbol('k')]: 1 }, Symbol('s')]) {
      assert.equal(plainCopy(value), null);
    }
  });

  it('keeps an own __proto__ key a key', () => {
    const value = JSON.parse('{"__proto__": false, "a": {"__proto__": [1]}}') as object;
    const copy = plainCopy(value)?.copy as object;
    assert.deepEqual(copy, value);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  });

  it('copies any JSON value to an equal one (fast-check, seeded)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        assert.deepEqual(plainCopy(value)?.copy, value);
      }),
      { seed: PROPERTY_SEED, numRuns: 1000 },
    );
  });
});
