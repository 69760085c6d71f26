// Collections a bench file asks for outside the timing (mitata's .gc()): the engine's part
// (src/engine/memory/forced-collections.ts) and the finding that says so beside ubench's GC figures
// (src/analysis/diagnostics/bench-forced-gc.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forcedGc } from '../../src/analysis/diagnostics/bench-forced-gc.js';
import type { OkResult } from '../../src/analysis/diagnostics/rule.js';
import { ForcedCollections } from '../../src/engine/memory/forced-collections.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

describe('forced collections', () => {
  it('runs one before every sample for every-sample, one in all for once, none after stop(), and times them', () => {
    const every = ForcedCollections.of({ mode: 'every-sample', by: "mitata .gc('inner')" })!;
    const once = ForcedCollections.of({ mode: 'once', by: "mitata .gc('once')" })!;
    assert.equal(every.reading(), null);
    for (let i = 0; i < 3; i++) {
      every.beforeSample();
      once.beforeSample();
    }
    every.stop();
    every.beforeSample();
    const reading = every.reading()!;
    assert.equal(reading.count, 3);
    assert.equal(reading.mode, 'every-sample');
    assert.ok(reading.totalNs > 0 && reading.minNs <= reading.maxNs && reading.maxNs <= reading.totalNs);
    assert.equal(once.reading()!.count, 1);
    assert.equal(ForcedCollections.of(undefined), null);
  });
});

describe('forced-gc finding', () => {
  const result = (forced: OkResult['forcedGc']): OkResult => ({ ...syntheticResult({ perOp: [10, 10, 10, 10, 10, 10] }), ...(forced === undefined ? {} : { forcedGc: forced }) }) as OkResult;
  const context = { clock: null, precisionTarget: 0.01 };

  it('says who asked, when, how many collections and their time, as information with a hint', () => {
    const [finding] = forcedGc.check(result({ mode: 'every-sample', by: "mitata .gc('inner')", count: 40, totalNs: 120e6, minNs: 2e6, maxNs: 5e6 }), context);
    assert.equal(finding?.code, 'forced-gc');
    assert.equal(finding?.severity, 'info');
    assert.match(finding!.message, /^mitata \.gc\('inner'\): ubench ran a full collection before every sample, outside the timing \(40 full collections, 120\.0 ms in all, 2\.000 ms–5\.000 ms each/);
    assert.match(finding!.hint, /remove \.gc\('inner'\)/);
    const [once] = forcedGc.check(result({ mode: 'once', by: "mitata .gc('once')", count: 1, totalNs: 3e6, minNs: 3e6, maxNs: 3e6 }), context);
    assert.match(once!.message, /once, before its first sample, outside the timing \(1 full collection, 3\.000 ms in all;.*warm-up’s garbage/);
  });

  it('says nothing when the file asked for none', () => {
    assert.deepEqual(forcedGc.check(result(undefined), context), []);
  });
});
