import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeTier, ensureOptimized, reading, STATUS, type JitControl } from '../../src/engine/loop/jit-tier.js';

describe('JIT tier decoding (V8 %GetOptimizationStatus bits)', () => {
  it('decodes the statuses seen on this machine', () => {
    assert.equal(decodeTier(81), 'turbofan'); // IsFunction | Optimized | TurboFanned
    assert.equal(decodeTier(32769), 'baseline'); // IsFunction | Baseline
    assert.equal(decodeTier(129), 'interpreted'); // IsFunction | Interpreted
    assert.equal(decodeTier(262145), 'not-compiled'); // IsFunction | IsLazy
    assert.equal(decodeTier(1 | 32), 'maglev');
    assert.equal(decodeTier(1), 'unknown');
    assert.equal(decodeTier(0), 'unknown');
  });

  it('reports the MaybeDeopted bit', () => {
    assert.deepEqual(reading(1 | 8 | 32768), { status: 32777, tier: 'baseline', maybeDeopted: true });
  });

  it('asks for optimization only when the code is not optimized and may be', () => {
    const asked: unknown[] = [];
    const control = (status: number): JitControl => ({ status: () => status, optimizeOnNextCall: (fn) => asked.push(fn) });
    assert.equal(ensureOptimized(control(81), 'a'), false);
    assert.equal(ensureOptimized(control(1 | STATUS.neverOptimize | STATUS.baseline), 'b'), false);
    assert.equal(ensureOptimized(control(32769), 'c'), true);
    assert.deepEqual(asked, ['c']);
  });
});
