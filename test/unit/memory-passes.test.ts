/**
 * The memory passes' pure parts: GC-free pass planning, GC cost analysis, GC counting inside
 * timed regions, allocation-site aggregation, and the `memory-grew` baseline rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { GC_COST_NOISE_SHARE, gcCostOf, overheadOf } from '../../src/analysis/gc-cost.js';
import { memoryGrew } from '../../src/analysis/diagnostics/memory-grew.js';
import type { OkResult } from '../../src/analysis/diagnostics/rule.js';
import { aggregateSites, ALLOC_SITES_TOP, INLINED_BODY, type ProfileNode } from '../../src/engine/passes/alloc-sites/alloc-site-profile.js';
import { gcInRegions } from '../../src/engine/memory/gc-in-regions.js';
import { planAllocSites } from '../../src/runner/passes/alloc-sites/alloc-sites-pass.js';
import { MIN_NO_GC_SAMPLE_NS, NO_GC_SAMPLE_BYTES, planNoGc } from '../../src/runner/passes/gc-cost/gc-cost-pass.js';
import type { BenchmarkResult, MemoryInfo } from '../../src/results/types.js';
import { baselinePath } from '../../src/results/files/baseline-path.js';
import { noisy, samplesFrom, syntheticResult } from '../helpers/synthetic-result.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 461829801;

const footprint = { heapUsedBytes: 8e6, heapTotalBytes: 12e6, externalBytes: 1e6, rssBytes: 60e6, peakHeapUsedBytes: 9e6, peakRssBytes: 61e6, retainedBytes: 1024, heapUsedAfterSamples: [8e6, 8.1e6] };

function memoryOf(bytesPerOp: number, extra: Partial<MemoryInfo> = {}): MemoryInfo {
  return {
    bytesPerOp,
    externalBytesPerOp: 0,
    deterministic: true,
    iterations: 1000,
    readings: [bytesPerOp, bytesPerOp, bytesPerOp],
    gcCount: 0,
    gcTimeNs: 0,
    gcShare: 0,
    footprint,
    gcCost: null,
    allocationSites: null,
    ...extra,
  };
}

function resultWith(id: string, nsPerOp: number, memory: MemoryInfo | null): BenchmarkResult {
  const result = syntheticResult({ perOp: noisy(30, nsPerOp, 0.01) });
  return { ...result, id, name: id, memory };
}

describe('planNoGc: sizing GC-free samples', () => {
  it('caps iterations so a sample allocates at most the GC-free budget, and sizes the semi-space for it', () => {
    const plan = planNoGc([resultWith('a', 17, memoryOf(304))]);
    assert.ok(plan.pass !== null);
    const cap = plan.pass.maxIterations['a']!;
    assert.equal(cap, Math.floor(NO_GC_SAMPLE_BYTES / 304));
    assert.ok(cap * 304 <= NO_GC_SAMPLE_BYTES);
    assert.ok(plan.pass.semiSpaceMiB * 1024 * 1024 >= 2 * cap * 304, 'the semi-space holds two samples');
    assert.equal(plan.pass.semiSpaceMiB, 16);
  });

  it('does not cap a benchmark that allocates nothing', () => {
    const plan = planNoGc([resultWith('none', 3, memoryOf(0))]);
    assert.equal(plan.pass?.maxIterations['none'], null);
    assert.equal(plan.impossible.size, 0);
  });

  it('calls elimination impossible when a GC-free sample would be too short', () => {
    // 4 MiB per operation: two operations fit, 2 × 50 µs < the minimum sample.
    const plan = planNoGc([resultWith('huge', 50e3, memoryOf(4 * 1024 * 1024)), resultWith('ok', 17, memoryOf(304))]);
    assert.match(plan.impossible.get('huge')!, /allocates 4\.0 MiB per operation/);
    assert.ok(!('huge' in plan.pass!.maxIterations));
    assert.ok(2 * 50e3 < MIN_NO_GC_SAMPLE_NS);
  });

  it('skips failed benchmarks and those without memory figures', () => {
    const failed = { ...resultWith('f', 10, memoryOf(10)), status: 'error' as const };
    const plan = planNoGc([failed, resultWith('m', 10, null)]);
    assert.equal(plan.pass, null);
  });
});

describe('planAllocSites', () => {
  it('aims at a fixed byte volume, bounded by a share of the time budget, and skips non-allocating bodies', () => {
    const plan = planAllocSites([resultWith('a', 17, memoryOf(304)), resultWith('slow', 1e6, memoryOf(1)), resultWith('none', 1, memoryOf(0))], 1e9);
    assert.equal(plan.pass!.iterations['a'], Math.ceil((5 * 1024 * 1024) / 304));
    const slow = plan.pass!.iterations['slow']!;
    assert.ok(slow >= 245 && slow <= 252, `0.25 s of a ~1 ms body: ${slow}`);
    assert.match(plan.skipped.get('none')!, /allocates nothing/);
  });
});

describe('GC cost by elimination (analysis)', () => {
  const normal = noisy(60, 20, 0.03, 1);
  it('finds an overhead of 30% with a CI around it', () => {
    const noGc = noisy(60, 14, 0.03, 2);
    const o = overheadOf(normal, noGc, true, 0.95, 1);
    assert.ok(Math.abs(o.share - 0.3) < 0.02, `share ${o.share}`);
    assert.ok(o.shareCiLower > 0.25 && o.shareCiUpper < 0.35 && o.shareCiLower < o.share && o.share < o.shareCiUpper);
    assert.ok(o.ciLower < o.nsPerOp && o.nsPerOp < o.ciUpper && Math.abs(o.nsPerOp - 6) < 0.5);
    assert.equal(o.significant, true);
  });

  it('is not significant for samples from the same distribution, nor below the noise band, nor without allocation', () => {
    assert.equal(overheadOf(normal, noisy(60, 20, 0.03, 3), true, 0.95, 1).significant, false);
    const small = overheadOf(normal, noisy(60, 20 * (1 - GC_COST_NOISE_SHARE / 2), 0.001, 4), true, 0.95, 1);
    assert.ok(small.shareCiLower > 0, 'the CI excludes zero');
    assert.equal(small.significant, false, 'but the share is inside the between-process noise band');
    assert.equal(overheadOf(normal, noisy(60, 14, 0.03, 2), false, 0.95, 1).significant, false);
  });

  it('A/A: same-distribution pairs are rarely significant (seeded simulation)', () => {
    let positives = 0;
    for (let seed = 1; seed <= 100; seed++) {
      if (overheadOf(noisy(40, 20, 0.05, seed), noisy(40, 20, 0.05, seed + 1000), true, 0.95, seed).significant) positives++;
    }
    assert.ok(positives <= 5, `${positives} of 100`);
  });

  it('refuses a figure when GCs ran inside GC-free samples, and says why when impossible or failed', () => {
    const run = {
      samples: samplesFrom(noisy(30, 14, 0.01)),
      warmup: { batches: 1, iterations: 1, durationNs: 1, converged: true, restarts: 0 },
      calibration: { targetSampleNs: 1, baseIterations: 1 },
      precision: { target: 0.01, reached: 0.01, stopReason: 'precision' as const, durationNs: 1 },
      maxIterationsPerSample: 1000,
      semiSpaceMiB: 16,
    };
    const dirty = gcCostOf(normal, { status: 'done', run: { ...run, gcCountInSamples: 3 } }, true, 0.95, 1);
    assert.equal(dirty.status, 'failed');
    assert.equal(dirty.noGc, null);
    assert.match(dirty.reason!, /3 GC\(s\) still started/);
    const clean = gcCostOf(normal, { status: 'done', run: { ...run, gcCountInSamples: 0 } }, true, 0.95, 1);
    assert.equal(clean.status, 'measured');
    assert.ok(Math.abs(clean.noGc!.nsPerOp - 14) < 0.2);
    assert.equal(clean.overhead!.significant, true);
    assert.match(gcCostOf(normal, { status: 'impossible', reason: 'too big' }, true, 0.95, 1).reason!, /cannot be eliminated: too big/);
    assert.match(gcCostOf(normal, { status: 'failed', error: { message: 'boom', location: null, stack: null } }, true, 0.95, 1).reason!, /failed: boom/);
  });
});

describe('gcInRegions', () => {
  it('counts GCs that start inside a region, not between regions', () => {
    const starts = [10, 20, 30];
    const ends = [15, 25, 35];
    const gcs = [
      { startTime: 9, duration: 1 },
      { startTime: 10, duration: 0.5 },
      { startTime: 17, duration: 1 },
      { startTime: 25, duration: 0.25 },
      { startTime: 40, duration: 1 },
    ];
    assert.deepEqual(gcInRegions(gcs, starts, ends), { count: 2, pauseNs: 0.75e6 });
  });

  it('matches a linear scan on random regions', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 30 }), fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 20 }), (points, gcTimes) => {
        const sorted = [...points].sort((a, b) => a - b);
        const starts = sorted.filter((_, i) => i % 2 === 0);
        const ends = sorted.filter((_, i) => i % 2 === 1);
        const paired = starts.slice(0, ends.length);
        const gcs = gcTimes.map((startTime) => ({ startTime, duration: 1 }));
        const expected = gcs.filter((g) => paired.some((s, i) => s <= g.startTime && g.startTime <= ends[i]!)).length;
        assert.equal(gcInRegions(gcs, paired, ends).count, expected);
      }),
      { seed: PROPERTY_SEED },
    );
  });
});

describe('aggregateSites', () => {
  const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0) => ({ functionName, url, lineNumber, columnNumber });
  const node = (callFrame: ReturnType<typeof frame>, selfSize: number, children: ProfileNode[] = []): ProfileNode => ({ callFrame, selfSize, children });
  const profile = node(frame('(root)'), 0, [
    node(frame('runBatch', 'file:///pkg/dist/engine/batch-runner.js', 10, 2), 64, [
      node(frame('ubench_loop_3'), 0, [node(frame('makeArray', 'file:///proj/a.bench.js', 2, 18), 3000, [node(frame('repeat'), 2000)]), node(frame('', 'file:///proj/a.bench.js', 7, 4), 1000)]),
    ]),
    node(frame('post', 'node:inspector', 111, 6), 500),
  ]);
  const isHarness = (location: string) => location.startsWith('/pkg/');
  const { sampledBytesPerOp, sites } = aggregateSites(profile, 10, '/proj', isHarness);

  it("counts only allocations made under the benchmark's code, per operation", () => {
    assert.equal(sampledBytesPerOp, 600);
    assert.deepEqual(
      sites.map((s) => [s.function, s.bytesPerOp]),
      [
        ['makeArray', 300],
        ['repeat (built-in)', 200],
        ['(anonymous)', 100],
      ],
    );
    assert.ok(Math.abs(sites.reduce((sum, s) => sum + s.share, 0) - 1) < 1e-12);
  });

  it('gives user locations 1-based and relative, and callers up to the measured loop', () => {
    assert.equal(sites[0]!.location, 'a.bench.js:3:19');
    assert.deepEqual(sites[0]!.callers, ['measured loop']);
    assert.deepEqual(sites[1]!.callers, ['makeArray (a.bench.js:3:19)', 'measured loop']);
    assert.equal(sites[1]!.location, null);
  });

  it('names allocation by code inlined into the measured loop as the benchmark body', () => {
    const inlined = node(frame('(root)'), 0, [node(frame('ubench_loop_2'), 3040)]);
    const result = aggregateSites(inlined, 10, '/proj', isHarness);
    assert.deepEqual(
      result.sites.map((s) => [s.function, s.bytesPerOp, s.callers]),
      [[INLINED_BODY, 304, []]],
    );
  });

  it('lists at most ALLOC_SITES_TOP sites', () => {
    const many = node(frame('(root)'), 0, [
      node(
        frame('ubench_loop_1'),
        0,
        Array.from({ length: 15 }, (_, i) => node(frame(`f${i}`, 'file:///proj/x.js', i, 0), 100 + i)),
      ),
    ]);
    const result = aggregateSites(many, 1, '/proj', isHarness);
    assert.equal(result.sites.length, ALLOC_SITES_TOP);
    assert.equal(result.sites[0]!.function, 'f14');
  });
});

describe('memory-grew (baseline rule)', () => {
  const ok = (memory: MemoryInfo) => ({ ...resultWith('x', 10, memory) }) as OkResult;
  const context = (base: MemoryInfo | null) => ({ clock: null, precisionTarget: 0.01, baseline: base === null ? null : { label: 'base.json', result: resultWith('x', 10, base) } });

  it("warns when bytes/op grew beyond the readings' spread", () => {
    const [d] = memoryGrew.check(ok(memoryOf(344)), context(memoryOf(304)));
    assert.equal(d!.code, 'memory-grew');
    assert.equal(d!.severity, 'warning');
    assert.match(d!.message, /base\.json: heap bytes\/op 344 B, up from 304 B/);
  });

  it('stays quiet for equal or smaller allocation, within the spread, without a baseline', () => {
    assert.deepEqual(memoryGrew.check(ok(memoryOf(304.3)), context(memoryOf(304))), []);
    assert.deepEqual(memoryGrew.check(ok(memoryOf(200)), context(memoryOf(304))), []);
    const spread = memoryOf(110, { readings: [100, 110, 120], deterministic: false });
    assert.deepEqual(memoryGrew.check(ok(memoryOf(115, { readings: [112, 115, 118], deterministic: false })), context(spread)), []);
    assert.deepEqual(memoryGrew.check(ok(memoryOf(344)), context(null)), []);
  });

  it('warns on off-heap growth and on retained memory grown by more than a megabyte', () => {
    const [ext] = memoryGrew.check(ok(memoryOf(88, { externalBytesPerOp: 8192 })), context(memoryOf(88, { externalBytesPerOp: 4096 })));
    assert.match(ext!.message, /off-heap bytes\/op 8\.00 KiB, up from 4\.00 KiB/);
    const retained = (bytes: number) => memoryOf(10, { footprint: { ...footprint, retainedBytes: bytes } });
    assert.deepEqual(memoryGrew.check(ok(retained(900_000)), context(retained(0))), []);
    const [grew] = memoryGrew.check(ok(retained(3 * 1024 * 1024)), context(retained(1024)));
    assert.match(grew!.message, /retained memory 3\.00 MiB, up from 1\.00 KiB/);
  });
});

describe('baselinePath', () => {
  it('maps names under .ubench/baselines and keeps paths as paths', () => {
    assert.equal(baselinePath('main', '/p'), '/p/.ubench/baselines/main.json');
    assert.equal(baselinePath('v1.2_rc-3', '/p'), '/p/.ubench/baselines/v1.2_rc-3.json');
    assert.equal(baselinePath('out/base.json', '/p'), '/p/out/base.json');
    assert.equal(baselinePath('base.json', '/p'), '/p/base.json');
    assert.equal(baselinePath('/abs/x', '/p'), '/abs/x');
    assert.equal(baselinePath('bad name', '/p'), null);
    assert.equal(baselinePath('..', '/p'), null);
  });
});
