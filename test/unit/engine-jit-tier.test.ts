import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeTier, ensureOptimized, reading, STATUS, STATUS_V8_15, statusLayout, v8Control } from '../../src/engine/loop/jit-tier.js';
import { jscControl, jscReading } from '../../src/engine/loop/jsc-control.js';

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
    assert.deepEqual(reading(1 | 8 | 32768), { status: 32777, tier: 'baseline', maybeDeopted: true, markedForOptimization: false });
    assert.equal(reading(1 | 128 | 256).markedForOptimization, true);
    assert.equal(reading(1 | 64 | 128, STATUS_V8_15).markedForOptimization, true);
  });

  it('asks for optimization only when the code is not optimized and may be', () => {
    const asked: unknown[] = [];
    const control = (status: number) =>
      v8Control(
        () => status,
        (fn) => asked.push(fn),
        STATUS,
      );
    assert.equal(ensureOptimized(control(81), 'a'), false);
    assert.equal(ensureOptimized(control(1 | STATUS.neverOptimize | STATUS.baseline), 'b'), false);
    assert.equal(ensureOptimized(control(32769), 'c'), true);
    // Maglev code is asked for TurboFan: it is V8's middle tier, not the steady state.
    assert.equal(ensureOptimized(control(1 | 16 | 32), 'd'), true);
    assert.deepEqual(asked, ['c', 'd']);
  });

  it('reads a function V8 keeps no status for (a bound function: the native returns nothing) as unknown, and never asks for it', () => {
    const asked: unknown[] = [];
    const control = v8Control(
      () => undefined as unknown as number,
      (fn) => asked.push(fn),
      STATUS,
    );
    assert.deepEqual(control.read('bound'), { status: 0, tier: 'unknown', maybeDeopted: false, markedForOptimization: false });
    assert.equal(ensureOptimized(control, 'bound'), false);
    assert.deepEqual(asked, []);
  });

  it('tells the V8 15 layout (no kAlwaysOptimize bit) from the older one by a function never called', () => {
    // A lazy function reads 1 + 2^18 on Node 20, 22 and 24; 1 + 2^17 on Deno 2.9.6 (V8 15.0) and Chromium 156.
    assert.equal(statusLayout(1 + 2 ** 18), STATUS);
    assert.equal(statusLayout(1 + 2 ** 17), STATUS_V8_15);
    assert.equal(statusLayout(1), STATUS, 'unknown: the layout of every supported Node');
    assert.equal(decodeTier(41, STATUS_V8_15), 'turbofan');
    assert.equal(decodeTier(41), 'maglev'); // what the old table made of it: why the layout must be told
    assert.equal(decodeTier(1 | 8 | 16 | 128, STATUS_V8_15), 'maglev');
    assert.equal(decodeTier(1 | (1 << 17), STATUS_V8_15), 'not-compiled');
    assert.deepEqual(reading(1 | 4 | (1 << 14), STATUS_V8_15), { status: 16389, tier: 'baseline', maybeDeopted: true, markedForOptimization: false });
    const asked: unknown[] = [];
    const control = v8Control(
      () => 41,
      (fn) => asked.push(fn),
      STATUS_V8_15,
    );
    assert.equal(ensureOptimized(control, 'tf'), false);
    assert.deepEqual(asked, []);
  });

  it("reads JavaScriptCore's tiers from bun:jsc's counts and asks only for functions DFG has not compiled", () => {
    assert.deepEqual(jscReading(0, 0), { status: 0, tier: 'unoptimized', maybeDeopted: false, markedForOptimization: false });
    assert.deepEqual(jscReading(2, 1), { status: 2, tier: 'dfg', maybeDeopted: true, markedForOptimization: false });
    const compiles = new Map<unknown, number>([
      ['hot', 1],
      ['cold', 0],
    ]);
    const asked: unknown[] = [];
    const control = jscControl({ numberOfDFGCompiles: (fn) => compiles.get(fn) ?? 0, optimizeNextInvocation: (fn) => asked.push(fn), reoptimizationRetryCount: () => 0 });
    assert.equal(ensureOptimized(control, 'hot'), false);
    assert.equal(ensureOptimized(control, 'cold'), true);
    assert.deepEqual(asked, ['cold']);
    assert.equal(control.read('hot').tier, 'dfg');
  });
});
