/**
 * Allocation in every space, the GC share over whole cycles, and leak against garbage, on fake GC
 * statistics and synthetic readings (no timing, no real GC).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { allocatedBetweenGcs } from '../../src/engine/memory/allocation-meter.js';
import { allocationFigures, OLD_GENERATION_MIN_BYTES_PER_OP } from '../../src/engine/memory/memory-phase.js';
import { GC_APART_MAJORS, gcApartWorthwhile, shareOverCycles, type GcEvent } from '../../src/engine/memory/gc-share-apart.js';
import { withPretenuringOff } from '../../src/analysis/pretenuring-off.js';
import { planPretenuringOff } from '../../src/runner/passes/pretenuring-off/pretenuring-off-pass.js';
import { bytesPerOpText } from '../../src/results/text/bytes-per-op-text.js';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import type { RuleContext } from '../../src/analysis/diagnostics/rule.js';
import type { MemoryAccounting, MemoryInfo } from '../../src/results/types.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 198968449;

describe('allocatedBetweenGcs', () => {
  it('counts a pretenured body in the old generation, between GCs, leaving out what GCs move and free', () => {
    // 104 B/op × 10 000 ops born old; a scavenge in the middle promotes 500 kB (old grows inside the GC),
    // then the old generation grows 540 000 more before the end.
    const entry = { young: 2_000_000, old: 30_000_000 };
    const gcs = [{ before: { young: 2_100_000, old: 30_500_000 }, after: { young: 100_000, old: 31_000_000 } }];
    const end = { young: 100_000, old: 31_540_000 };
    assert.deepEqual(allocatedBetweenGcs(entry, gcs, end), { young: 100_000, old: 1_040_000 });
  });

  it('a major GC that frees the old generation takes nothing off the count', () => {
    const gcs = [{ before: { young: 0, old: 50e6 }, after: { young: 0, old: 20e6 } }];
    assert.deepEqual(allocatedBetweenGcs({ young: 0, old: 40e6 }, gcs, { young: 0, old: 25e6 }), { young: 0, old: 15e6 });
  });

  it('equals the sum of the growth between GCs, whatever the GCs do (property)', () => {
    const point = fc.record({ young: fc.nat(1e8), old: fc.nat(1e9) });
    fc.assert(
      fc.property(fc.array(fc.record({ grow: point, after: point }), { maxLength: 8 }), point, point, (steps, entry, tail) => {
        let at = entry;
        let young = 0;
        let old = 0;
        const gcs = steps.map((s) => {
          const before = { young: at.young + s.grow.young, old: at.old + s.grow.old };
          young += s.grow.young;
          old += s.grow.old;
          at = s.after;
          return { before, after: s.after };
        });
        const end = { young: at.young + tail.young, old: at.old + tail.old };
        assert.deepEqual(allocatedBetweenGcs(entry, gcs, end), { young: young + tail.young, old: old + tail.old });
      }),
      { seed: PROPERTY_SEED },
    );
  });
});

describe('allocationFigures', () => {
  const readings = (perOp: number[], oldPerOp: number[], withGc = false) => ({ perOp, oldPerOp, externalPerOp: perOp.map(() => 0), withGc });

  it('counts old-generation growth at or above the threshold, as a lower bound that is not exact', () => {
    const figures = allocationFigures(readings([0, 0, 0], [104.3, 103.1, 98.5]));
    assert.equal(figures.bytesPerOp, 103.1);
    assert.equal(figures.accounting?.heapSource, 'young-and-old');
    assert.equal(figures.accounting?.heapExact, false);
    assert.deepEqual(figures.readings, [104.3, 103.1, 98.5]);
  });

  it('leaves old-generation movement below the threshold out, and calls agreeing GC-free young readings exact', () => {
    const below = OLD_GENERATION_MIN_BYTES_PER_OP * 0.9;
    const figures = allocationFigures(readings([96, 96, 96], [below, below, below]));
    assert.equal(figures.bytesPerOp, 96);
    assert.equal(figures.accounting?.heapSource, 'young');
    assert.equal(figures.accounting?.heapExact, true);
    assert.equal(figures.accounting?.externalExact, true);
  });

  it('is not exact, heap or off-heap, when the readings had GCs in their regions', () => {
    const figures = allocationFigures(readings([96, 96, 96], [0, 0, 0], true));
    assert.equal(figures.accounting?.heapExact, false);
    assert.equal(figures.accounting?.externalExact, false);
  });
});

const accounting = (overrides: Partial<MemoryAccounting>): MemoryAccounting => ({
  heapSource: 'young-and-old',
  heapExact: false,
  oldGenerationBytesPerOp: 104.3,
  inProcessBytesPerOp: 104.3,
  externalExact: true,
  pretenuringOff: null,
  ...overrides,
});
const memory = (overrides: Partial<MemoryInfo> = {}): MemoryInfo => ({
  bytesPerOp: 104.3,
  externalBytesPerOp: 0,
  deterministic: false,
  iterations: 36_641,
  readings: [104.3, 103.1, 98.5],
  gcCount: 4,
  gcTimeNs: 4e7,
  gcShare: 0.12,
  footprint: { heapUsedBytes: 1e8, heapTotalBytes: 1.5e8, externalBytes: 1e6, rssBytes: 2e8, peakHeapUsedBytes: 1e8, peakRssBytes: 2e8, retainedBytes: 27e6, heapUsedAfterSamples: [] },
  gcCost: null,
  allocationSites: null,
  accounting: accounting({}),
  ...overrides,
});

describe('the pretenuring-off reading', () => {
  const reading = { status: 'measured' as const, reason: null, bytesPerOp: 104, exact: true, deterministic: true, iterations: 62_344, readings: [104, 104, 104], oldGenerationBytesPerOp: 0 };

  it('replaces the heap figure and keeps the timing process’s in the accounting', () => {
    const merged = withPretenuringOff(memory(), reading);
    assert.equal(merged.bytesPerOp, 104);
    assert.equal(merged.accounting?.heapSource, 'pretenuring-off');
    assert.equal(merged.accounting?.heapExact, true);
    assert.equal(merged.accounting?.inProcessBytesPerOp, 104.3);
  });

  it('keeps the lower bound when the pass failed, and leaves older results alone', () => {
    const failed = withPretenuringOff(memory(), { ...reading, status: 'failed', reason: 'crashed' });
    assert.equal(failed.bytesPerOp, 104.3);
    assert.equal(failed.accounting?.heapSource, 'young-and-old');
    const older = memory({ accounting: undefined });
    assert.equal(withPretenuringOff(older, reading), older);
  });

  it('is planned only for benchmarks whose allocation was born old', () => {
    const named = (id: string, m: MemoryInfo) => ({ ...syntheticResult({ perOp: noisy(30, 53, 0.01), overrides: { memory: m } }), id });
    const ring = named('ring', memory());
    const young = named('young', memory({ accounting: accounting({ heapSource: 'young', heapExact: true }) }));
    const older = named('older', memory({ accounting: undefined }));
    assert.deepEqual(Object.keys(planPretenuringOff([ring, young, older])?.plans ?? {}), ['ring']);
    assert.equal(planPretenuringOff([young, older]), null);
  });

  it('is marked in the reports: ≥ for a lower bound, ~ where GCs ran in every region, nothing when exact', () => {
    assert.equal(bytesPerOpText(memory()), '≥104 B');
    assert.equal(bytesPerOpText(memory({ bytesPerOp: 104, accounting: accounting({ heapSource: 'pretenuring-off', heapExact: true }) })), '104 B');
    assert.equal(bytesPerOpText(memory({ bytesPerOp: 88, externalBytesPerOp: 1_048_576, accounting: accounting({ heapSource: 'young', externalExact: false }) })), '~88 B +~1.00 MiB ext');
    assert.equal(bytesPerOpText(memory({ bytesPerOp: 88, accounting: undefined })), '88 B');
  });
});

describe('shareOverCycles', () => {
  const major = (startMs: number, durationMs: number): GcEvent => ({ startMs, durationMs, major: true });
  const minor = (startMs: number, durationMs: number): GcEvent => ({ startMs, durationMs, major: false });

  it('ends the window with the third major GC and counts every pause up to it', () => {
    const gcs = [minor(50, 2), major(100, 10), major(300, 20), minor(350, 2), major(500, 16), major(700, 50)];
    const apart = shareOverCycles(gcs, 0, 800);
    assert.equal(apart.majorGcCount, GC_APART_MAJORS);
    assert.equal(apart.gcCount, 5);
    assert.ok(Math.abs(apart.share - 50 / 516) < 1e-12);
  });

  it('without major GCs spans the whole window; GCs before its start are not counted', () => {
    const apart = shareOverCycles([minor(-5, 30), minor(10, 1), minor(20, 1)], 0, 100);
    assert.equal(apart.gcCount, 2);
    assert.ok(Math.abs(apart.share - 0.02) < 1e-12);
  });

  it('does not depend on what follows the third major GC (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.integer({ min: 1000, max: 5000 }), d: fc.integer({ min: 0, max: 100 }), major: fc.boolean() }), { maxLength: 10 }), (later) => {
        const cycles = [major(100, 10), major(300, 20), major(500, 16)];
        const extra = later.map((g) => ({ startMs: g.at, durationMs: g.d, major: g.major }));
        assert.deepEqual(shareOverCycles([...cycles, ...extra], 0, 6000), shareOverCycles(cycles, 0, 6000));
      }),
      { seed: PROPERTY_SEED },
    );
  });
});

describe('leak against garbage waiting for a major GC', () => {
  const context: RuleContext = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
  // Garbage piling up in the old generation raises the heap after every sample; a full GC takes it back.
  const garbageRising = Array.from({ length: 6 }, (_, i) => 60e6 + i * 12e6);
  const withFootprint = (retainedBytes: number, settledHeapUsed: number[] | undefined) =>
    memory({ footprint: { ...memory().footprint, retainedBytes, heapUsedAfterSamples: garbageRising, ...(settledHeapUsed === undefined ? {} : { settledHeapUsed }) } });
  const leakOf = (m: MemoryInfo) => diagnose(syntheticResult({ perOp: noisy(30, 53, 0.01), overrides: { memory: m } }), context).find((d) => d.code === 'leak');

  it('a bounded ring (27 MB kept, settled heap flat) is no leak, though the unsettled heap rose', () => {
    assert.equal(leakOf(withFootprint(27e6, [87e6, 87e6 + 152, 87e6 + 152, 87e6 + 152, 87e6 + 152, 87e6 + 152])), undefined);
  });

  it('a real leak raises the settled heap and is flagged', () => {
    const d = leakOf(
      withFootprint(
        450e6,
        [0, 1.5e6, 3.0e6, 4.5e6, 6.0e6, 7.5e6].map((v) => 90e6 + v),
      ),
    );
    assert.ok(d);
    assert.match(d.message, /kept growing after a full GC after each sample/);
  });

  it('a file without settled readings is judged on the heap after each sample, as before', () => {
    assert.ok(leakOf(withFootprint(27e6, undefined)));
  });
});

describe('the GC share apart runs only where GC could matter', () => {
  it('skips a body that fills too little young generation in its budget, unless GC was seen or is born old', () => {
    // A number[] sum boxing 16 B every 6 µs: 2.7 MB in a 1 s budget.
    assert.equal(gcApartWorthwhile(16, 6000, 1e9, false, 0), false);
    assert.equal(gcApartWorthwhile(16, 6000, 1e9, true, 0), true, 'born old: major GCs are due');
    assert.equal(gcApartWorthwhile(16, 6000, 1e9, false, 0.03), true, 'the samples already paid GC pauses');
    // A ring of records: 48 B every 25 ns, 1.9 GB a second.
    assert.equal(gcApartWorthwhile(48, 25, 1e9, false, 0), true);
    assert.equal(gcApartWorthwhile(48, 25, 1e9, false, null), true);
  });
});
