/**
 * The detaching protector's witness, on this process's own V8 (no timing involved): optimized
 * typed-array code is thrown away when an ArrayBuffer is detached, and not before. A file of its own:
 * the fall is for good in the process that sees it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DetachProbe, ProtectorWitness } from '../../../src/engine/host/detach-probe.js';
import { createJitControl, type JitControl } from '../../../src/engine/loop/jit-tier.js';
import type { TierReading } from '../../../src/results/types.js';

const tier = (t: TierReading['tier']): TierReading => ({ status: 0, tier: t, maybeDeopted: false, markedForOptimization: false });

describe('the protector witness', () => {
  it('is absent without natives, or when a witness does not reach TurboFan', () => {
    assert.equal(ProtectorWitness.create(null), null);
    const stuck: JitControl = { read: () => tier('maglev'), settled: () => false, optimizeOnNextCall: () => undefined, settledIsTopTier: true };
    assert.equal(ProtectorWitness.create(stuck), null);
  });

  it('reads a fall only when every witness lost its optimized code', () => {
    const lost = new Set<unknown>();
    const fns: unknown[] = [];
    const jit: JitControl = {
      read: (fn) => tier(lost.has(fn) ? 'interpreted' : 'turbofan'),
      settled: () => true,
      optimizeOnNextCall: (fn) => void fns.push(fn),
      settledIsTopTier: true,
    };
    const witness = ProtectorWitness.create(jit)!;
    assert.equal(fns.length, 2);
    assert.equal(witness.fell(), false);
    lost.add(fns[0]);
    assert.equal(witness.fell(), false, 'one witness deoptimized alone is not a fall');
    lost.add(fns[1]);
    assert.equal(witness.fell(), true);
  });

  it('on this V8: intact through typed-array work and transfers of nothing, fallen after a real transfer', () => {
    const jit = createJitControl();
    assert.ok(jit !== null, 'natives can be enabled in Node');
    let clock = 0;
    const probe = new DetachProbe(() => (clock += 1), jit);
    probe.start();
    const work = new Float64Array(1024).map((_, i) => i);
    let sum = 0;
    for (let r = 0; r < 200; r++) for (const v of work) sum += v;
    structuredClone(new ArrayBuffer(8), { transfer: [] });
    new Uint8Array(new ArrayBuffer(64)).set([1, 2, 3]);
    assert.equal(probe.fall(), null, `intact (sum ${sum})`);
    const buffer = new ArrayBuffer(8);
    structuredClone(buffer, { transfer: [buffer] });
    assert.equal(buffer.byteLength, 0);
    assert.notEqual(probe.fall(), null);
  });
});
