/**
 * GC named as a cost by elimination (the GC-free samples against the benchmark's own), the levels
 * GC's cycles make attributed to GC when the GC-free samples lose them, and deopts of Node's own
 * code kept as information.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseBenchmark } from '../../src/analysis/analyse-benchmark.js';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import type { RuleContext } from '../../src/analysis/diagnostics/rule.js';
import type { BenchmarkResult, GcCost, MemoryInfo } from '../../src/results/types.js';
import { gcBound } from '../../src/runner/passes/gc-cost/gc-bound-pass.js';
import { createRng } from '../../src/stats/random.js';
import { overheadOf } from '../../src/analysis/gc-cost.js';
import { perOpValues } from '../../src/results/derived-values.js';

const perOpOf = (r: BenchmarkResult): number[] => perOpValues(r.samples);
import { noisy, samplesFrom, syntheticResult } from '../helpers/synthetic-result.js';

const context: RuleContext = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
const footprint = { heapUsedBytes: 8e6, heapTotalBytes: 12e6, externalBytes: 1e6, rssBytes: 60e6, peakHeapUsedBytes: 9e6, peakRssBytes: 61e6, retainedBytes: 1024, heapUsedAfterSamples: [8e6, 8.1e6] };

function memoryWith(gcShare: number, gcCost: GcCost | null, oldGenerationBytesPerOp = 0): MemoryInfo {
  return {
    bytesPerOp: 48,
    externalBytesPerOp: 0,
    deterministic: true,
    iterations: 1000,
    readings: [48],
    gcCount: 6,
    gcTimeNs: 60e6,
    gcShare,
    footprint,
    gcCost,
    accounting: { heapSource: 'young-and-old', heapExact: false, oldGenerationBytesPerOp, inProcessBytesPerOp: 48, externalExact: true, pretenuringOff: null },
  } as MemoryInfo;
}

function gcFree(perOp: number[], normal: number[]): GcCost {
  const samples = samplesFrom(perOp, 10_000);
  const sorted = [...perOp].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    status: 'measured',
    reason: null,
    semiSpaceMiB: 16,
    maxIterationsPerSample: 170_000,
    gcCountInSamples: 0,
    samples,
    noGc: { nsPerOp: median, ciLower: median * 0.99, ciUpper: median * 1.01, confidence: 0.95, method: 'median-order-statistics' },
    overhead: overheadOf(normal, perOp, true, 0.95, 1),
  };
}

/** A 25 ns body whose samples taken during a GC cycle run 3× as long (every fifth), GC-free 8 ns. */
function ring(seed: number): BenchmarkResult {
  const rng = createRng(seed);
  const perOp = Array.from({ length: 60 }, (_, i) => (i % 5 === 2 ? 75 : 25) * (1 + 0.004 * (2 * rng() - 1)));
  const base = syntheticResult({ perOp });
  const free = gcFree(noisy(40, 8, 0.005), perOp);
  return {
    ...base,
    samples: base.samples.map((s, i) => ({ ...s, round: 1000 + i, hostNs: 5500 * (1 + 0.002 * (2 * rng() - 1)) })),
    memory: memoryWith(0.1, free, 48),
  };
}

describe('GC as a cost', () => {
  it('names GC by elimination, with the GC-free figure and the pauses, when most of it does not pause the body', () => {
    const result = analyseBenchmark(ring(1), [ring(1)], context);
    const d = result.diagnostics.find((x) => x.code === 'gc-heavy');
    assert.equal(d?.severity, 'info', JSON.stringify(result.diagnostics.map((x) => x.code)));
    assert.match(d!.message, /^garbage collection costs (6\d|7\d)% of the time by elimination \(\d+%–\d+%\): .* per operation, 8\.\d+ ns measured GC-free; its pauses were 10% of the sampling time/);
    assert.match(d!.message, /most of the cost is GC work that does not pause the body/);
    assert.match(d!.hint, /keeps alive/);
  });

  it('attributes levels to GC (information beside gc-heavy) when the GC-free samples keep one level, and to the body when they do not', () => {
    const result = analyseBenchmark(ring(2), [ring(2)], context);
    const d = result.diagnostics.find((x) => x.code === 'levels');
    assert.equal(d?.severity, 'info');
    assert.match(d!.message, /measured GC-free, the samples keep one level \(8\.\d+ ns\): the levels are garbage collection's cycles/);
    assert.match(d!.hint, /^The levels are garbage collection's cycles/);
    const twoLevelsFree = ring(2);
    const free = gcFree(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 8 : 24)),
      perOpOf(twoLevelsFree),
    );
    const own = analyseBenchmark({ ...twoLevelsFree, memory: memoryWith(0.1, free, 48) }, [twoLevelsFree], context);
    const mine = own.diagnostics.find((x) => x.code === 'levels');
    assert.ok(mine !== undefined && mine.severity === 'warning' && !/garbage collection/.test(mine.message), mine?.message);
  });

  it("calls the code's own spread GC's when the GC-free samples do not spread, and keeps the warning when they do", () => {
    const rng = createRng(5);
    const perOp = Array.from({ length: 40 }, () => 25 * (0.5 + 1.5 * rng()));
    const base = syntheticResult({ perOp });
    const spread = { ...base, samples: base.samples.map((s, i) => ({ ...s, round: 2000 + i, hostNs: 5500 })) };
    const own = (free: number[]) => analyseBenchmark({ ...spread, memory: memoryWith(0.2, gcFree(free, perOp), 48) }, [spread], context).diagnostics.find((x) => x.code === 'noisy');
    const gcs = own(noisy(40, 12, 0.01));
    assert.equal(gcs?.severity, 'info', gcs?.message);
    assert.match(gcs!.message, /measured GC-free the samples spread 1% \(coefficient of variation\): garbage collection's/);
    const mine = own(Array.from({ length: 40 }, () => 12 * (0.5 + 1.5 * rng())));
    assert.equal(mine?.severity, 'warning', mine?.message);
    // The GC-free spread is judged on the bulk, as the spread itself was: two interruptions at 6× among
    // tight GC-free samples leave it GC's.
    const interrupted = own(noisy(40, 12, 0.01).map((v, i) => (i === 7 || i === 23 ? 6 * v : v)));
    assert.equal(interrupted?.severity, 'info', interrupted?.message);
  });

  it('keeps to the pauses when elimination cannot tell, and says nothing when it shows GC costs little', () => {
    const flat = syntheticResult({ perOp: noisy(60, 25, 0.01) });
    const unsure = analyseBenchmark({ ...flat, memory: memoryWith(0.16, gcFree(noisy(40, 25, 0.01), perOpOf(flat))) }, [flat], context);
    assert.match(unsure.diagnostics.find((x) => x.code === 'gc-heavy')?.message ?? '', /^garbage collection took 16% of the sampling time/);
    const little = analyseBenchmark({ ...flat, memory: memoryWith(0.16, gcFree(noisy(40, 24, 0.005), perOpOf(flat))) }, [flat], context);
    assert.ok(!little.diagnostics.some((x) => x.code === 'gc-heavy'), little.diagnostics.map((x) => x.message).join('\n'));
  });

  it('measures GC-free without being asked only where the memory figures point at GC', () => {
    const base = syntheticResult({ perOp: noisy(60, 25, 0.01) });
    assert.equal(gcBound({ ...base, memory: memoryWith(0.02, null, 48) }), true, 'what it allocates outlives the young generation');
    assert.equal(gcBound({ ...base, memory: memoryWith(0.16, null, 0) }), false, 'pauses above the limit alone: gc-heavy names them from the timing run');
    assert.equal(gcBound({ ...base, memory: memoryWith(0.02, null, 2) }), false, 'objects that die young, light pauses');
    assert.equal(gcBound({ ...base, memory: { ...memoryWith(0.5, null, 48), bytesPerOp: 0 } }), false, 'nothing allocated');
  });
});

describe("deopts in Node's own code", () => {
  const at = (location: string, inlinedAt: string[] = []) => ({ phase: 'sample' as const, kind: 'deopt-lazy', reason: 'weak objects', location, inlinedAt });
  const deoptsOf = (deopts: ReturnType<typeof at>[]) => diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { deopts } }), context).filter((x) => x.code === 'deoptimized');

  it('are information when every position is in Node', () => {
    const [d] = deoptsOf([at('node:internal/event_target:966:5')]);
    assert.equal(d?.severity, 'info');
    assert.match(d!.message, /^1 deoptimization in Node's own code during sampling: weak objects \(deopt-lazy\) at node:internal\/event_target:966:5;/);
  });

  it("warn when one of them was inlined into the benchmark's code, or another is the benchmark's", () => {
    assert.equal(deoptsOf([at('node:internal/url:10:1', ['a.bench.ts:4:3'])])[0]?.severity, 'warning');
    assert.equal(deoptsOf([at('node:internal/event_target:966:5'), at('a.bench.ts:5:11')])[0]?.severity, 'warning');
  });
});
