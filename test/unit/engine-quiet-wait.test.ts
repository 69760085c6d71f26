import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { QUIET_WAIT_IMPLAUSIBLE, quietMayStillCome } from '../../src/engine/loop/quiet-wait.js';
import { QUIET_MIN_SAMPLES } from '../../src/results/quiet-samples.js';
import type { Sample } from '../../src/results/sample-types.js';

/** n samples of 10 ms, the first `quiet` of which read the host quiet (410 ns) and the rest busy (580 ns). */
const samples = (n: number, quiet: number): Sample[] => Array.from({ length: n }, (_, i) => ({ iterations: 1000, elapsedNs: 10e6, hostThroughputNs: i < quiet ? 410 : 580 }));
const MS10 = 10e6;
/** fast-check's seed, fixed so that a failure repeats. */
const PROPERTY_SEED = 45;

describe('waiting for the quiet rounds (engine/loop/quiet-wait.ts)', () => {
  it('waits while the quiet rounds so far could bring the missing ones in the rest of the budget', () => {
    // 3 quiet of 30, 70 samples left: 3 more need 3/70; P(Bin(30, 0.043) ≤ 3) ≈ 0.96.
    assert.equal(quietMayStillCome(samples(30, 3), 30 * MS10, 1e9), true);
    // 1 quiet of 30, 70 left: 5 more need 0.071; P(Bin(30, 0.071) ≤ 1) ≈ 0.36.
    assert.equal(quietMayStillCome(samples(30, 1), 30 * MS10, 1e9), true);
  });

  it('stops waiting once so few quiet rounds would be improbable at the rate needed', () => {
    // 1 quiet of 50, 50 left: 5 more need 0.1; P(Bin(50, 0.1) ≤ 1) ≈ 0.034 < 0.05.
    assert.ok(Math.abs(QUIET_WAIT_IMPLAUSIBLE - 0.05) < 1e-12);
    assert.equal(quietMayStillCome(samples(50, 1), 50 * MS10, 1e9), false);
    // 1 quiet of 30 with 5 samples left: 5 of 5 would all have to be quiet.
    assert.equal(quietMayStillCome(samples(30, 1), 30 * MS10, 0.35e9), false);
  });

  it('never waits past the budget, and has nothing to wait for with enough quiet rounds', () => {
    assert.equal(quietMayStillCome(samples(30, 3), 1e9, 1e9), false);
    assert.equal(quietMayStillCome(samples(30, QUIET_MIN_SAMPLES), 1e9, 1e9), true);
    assert.equal(quietMayStillCome([], 0, 1e9), false);
  });

  it('waits no longer with fewer quiet rounds among the same samples (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 90 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 }), (n, quiet, fewer) => {
        const less = Math.max(1, quiet - fewer);
        const spent = n * MS10;
        return !quietMayStillCome(samples(n, less), spent, 1e9) || quietMayStillCome(samples(n, quiet), spent, 1e9);
      }),
      { seed: PROPERTY_SEED },
    );
  });
});
