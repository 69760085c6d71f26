import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WarmupDetector, WARMUP_MIN_BATCHES, WARMUP_MIN_SIMILAR, type WarmupThresholds } from '../../src/engine/loop/warmup-detector.js';
import { ALLOCATION_FREE_BYTES_PER_S, settledEarlyCheck } from '../../src/engine/loop/early-settle.js';
import type { JitControl } from '../../src/engine/loop/jit-tier.js';
import { GC_APART_DECIDING_MINORS, GC_APART_MINORS, windowEnds, type GcEvent } from '../../src/engine/memory/gc-share-apart.js';

const thresholds: WarmupThresholds = { minBatches: WARMUP_MIN_BATCHES, minSimilar: WARMUP_MIN_SIMILAR, minDurationNs: 250e6, maxDurationNs: 2e9 };

/** Steady batches of 1 ms: the batch at which the detector converged, or -1. */
function convergedAt(settledEarly?: () => boolean): number {
  const detector = new WarmupDetector(thresholds);
  for (let i = 1; i <= 1000; i++) if (detector.push(10, i * 1e6, settledEarly) !== 'continue') return i;
  return -1;
}

/** A fake V8 control whose functions' tiers the test sets. */
function fakeJit(topTier = true): JitControl & { optimized: Set<unknown>; asks: number } {
  const optimized = new Set<unknown>();
  const jit = {
    optimized,
    asks: 0,
    settledIsTopTier: topTier,
    read: () => ({ status: 0, tier: 'unknown' as const, maybeDeopted: false, markedForOptimization: false }),
    settled: (fn: unknown) => optimized.has(fn),
    optimizeOnNextCall: () => undefined,
  };
  return jit;
}

/** A fake heap meter: totals the test moves. */
function fakeMeter() {
  const totals = { collections: 0, grownBytes: 0, timedNs: 0 };
  return { totals: () => ({ ...totals }), state: totals };
}

const loop = (): void => undefined;
const body = (): void => undefined;
const target = { target: 'loop' as const, fn: loop, functionName: 'ubench_loop_1', body: { fn: body, functionName: 'body' } };

describe('a warm-up may end before its minimum only when what the minimum waits for is read as done', () => {
  it('without the check, or with a check that says no, the minimum holds', () => {
    assert.equal(convergedAt(), 250);
    assert.equal(
      convergedAt(() => false),
      250,
    );
  });

  it('with a check that says yes, it ends as soon as the batches agree, and the check is not asked before', () => {
    let asked = 0;
    const at = convergedAt(() => {
      asked++;
      return true;
    });
    assert.equal(at, WARMUP_MIN_SIMILAR + 2);
    assert.equal(asked, 1);
  });

  it('reads nothing where the top tier cannot be told (JSC: DFG and FTL alike), nor without natives', () => {
    assert.equal(
      settledEarlyCheck(fakeJit(false), target, fakeMeter(), () => undefined),
      undefined,
    );
    assert.equal(
      settledEarlyCheck(null, target, fakeMeter(), () => undefined),
      undefined,
    );
  });

  it('asks once for optimization while the loop or the body is not at the top tier, and says no meanwhile', () => {
    const jit = fakeJit();
    const meter = fakeMeter();
    let asks = 0;
    const check = settledEarlyCheck(jit, target, meter, () => asks++)!;
    assert.equal(check(), false);
    assert.equal(check(), false);
    assert.equal(asks, 1);
    jit.optimized.add(loop);
    assert.equal(check(), false, 'the body is not optimized yet');
    jit.optimized.add(body);
    // The first reading at the top tier marks; the batches after it decide.
    assert.equal(check(), false);
    meter.state.timedNs += 2e6;
    assert.equal(check(), true);
  });

  it('says no after a GC, or at an allocation rate that could fill a young semi-space within the minimum', () => {
    const jit = fakeJit();
    jit.optimized.add(loop).add(body);
    const meter = fakeMeter();
    const check = settledEarlyCheck(jit, target, meter, () => undefined)!;
    check();
    meter.state.timedNs += 2e6;
    meter.state.collections++;
    assert.equal(check(), false, 'a GC in the batch');
    meter.state.timedNs += 2e6;
    meter.state.grownBytes += ALLOCATION_FREE_BYTES_PER_S * 2e-3 * 1.01;
    assert.equal(check(), false, 'just over the rate');
    meter.state.timedNs += 2e6;
    meter.state.grownBytes += ALLOCATION_FREE_BYTES_PER_S * 2e-3 * 0.5;
    assert.equal(check(), true, 'half the rate: the harness’s own readings, not the body');
  });

  it('a body V8 optimizes as itself (a manual body: no separate body function) needs only its own tier', () => {
    const jit = fakeJit();
    const meter = fakeMeter();
    const check = settledEarlyCheck(jit, { target: 'body', fn: body, functionName: 'body', body: null }, meter, () => undefined)!;
    jit.optimized.add(body);
    check();
    meter.state.timedNs += 1e6;
    assert.equal(check(), true);
  });
});

const young = (startMs: number, durationMs: number): GcEvent => ({ startMs, durationMs, major: false });

describe('the GC share apart ends when it is decided', () => {
  it('a young-only window far under the gc-heavy line ends at the deciding count', () => {
    const gcs = Array.from({ length: GC_APART_DECIDING_MINORS }, (_, i) => young(10 * i, 0.1));
    assert.equal(windowEnds(gcs.slice(0, -1), 50, false, 1000, 2000), false);
    assert.equal(windowEnds(gcs, 50, false, 1000, 2000), true);
  });

  it('a young-only window whose share could reach the line goes on to the full count', () => {
    const gcs = Array.from({ length: GC_APART_DECIDING_MINORS }, (_, i) => young(10 * i, 2));
    assert.equal(windowEnds(gcs, 50, false, 1000, 2000), false);
    const full = Array.from({ length: GC_APART_MINORS }, (_, i) => young(10 * i, 2));
    assert.equal(windowEnds(full, 200, false, 1000, 2000), true);
  });

  it('a window with majors due waits for its major cycles or its cap, however small its young share', () => {
    const gcs = Array.from({ length: GC_APART_MINORS }, (_, i) => young(10 * i, 0.1));
    assert.equal(windowEnds(gcs, 200, true, 1000, 2000), false);
    assert.equal(windowEnds(gcs, 2000, true, 1000, 2000), true);
  });
});
