/**
 * analyse() derives again what a results file records the measurements of: the instruction count
 * from its counted regions, the GC cost from its GC-free samples. A figure written wrong (or by an
 * older analysis) is replaced by the one its measurements give; a file without the measurements
 * keeps its figures as written.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { analyse } from '../../src/analysis/analyse.js';
import { collectEnvironment } from '../../src/results/environment.js';
import { createResultsFile } from '../../src/results/new-results.js';
import type { BenchmarkResult, GcCost, InstructionCount, RegionCount, ResultsFile, RunSettings } from '../../src/results/types.js';
import { noisy, samplesFrom, syntheticResult } from '../helpers/synthetic-result.js';

const settings: RunSettings = {
  timeBudgetNs: 1e9,
  warmupMaxNs: 5e8,
  isolate: 'file',
  forks: 1,
  timeoutNs: 6e10,
  filter: null,
  seed: 1,
  precisionTarget: 0.01,
  gcCost: true,
  allocSites: false,
  profile: false,
  disasm: false,
};

function fileOf(result: BenchmarkResult): ResultsFile {
  const file = createResultsFile(collectEnvironment({ v8Flags: [], clock: null, startedAt: new Date(0), cwd: tmpdir() }), settings);
  return { ...file, complete: true, benchmarks: [result] };
}

/** Regions of `perOp` instructions per iteration plus a fixed 400 per region, in 2 processes. */
const regions = (perOp: number): RegionCount[] =>
  [1, 2, 3, 4, 1, 2, 3, 4].map((units, i) => ({ iterations: units * 1000, events: { Ir: units * 1000 * perOp + 400 + (i % 2) }, collectionInstructions: 0 }));

const count = (stored: number, recorded: boolean): InstructionCount => ({
  status: 'measured',
  reason: null,
  perOp: stored,
  ciLower: stored,
  ciUpper: stored,
  floorPerOp: stored,
  collectionPerOp: 0,
  processes: 2,
  regions: 4,
  unitIterations: 1000,
  tool: 'callgrind (valgrind-3.19.0)',
  flags: [],
  simulatedCache: null,
  wallSeconds: 1,
  ...(recorded ? { regionCounts: { benchmark: regions(12), floor: regions(8) } } : {}),
});

describe('analyse() fits again from the measurements a file records', () => {
  it('the instruction count, from its regions', () => {
    const result = { ...syntheticResult({ perOp: noisy(30, 20, 0.01) }), instructions: count(99, true) };
    const instructions = analyse(fileOf(result), { analysedBy: 'test' }).benchmarks[0]!.instructions!;
    assert.ok(Math.abs(instructions.perOp! - 12) < 1e-3, String(instructions.perOp));
    assert.ok(instructions.ciLower! <= instructions.perOp! && instructions.perOp! <= instructions.ciUpper!);
    assert.ok(Math.abs(instructions.floorPerOp! - 8) < 1e-3, String(instructions.floorPerOp));
  });

  it('and keeps a count without regions (an older file) as written', () => {
    const result = { ...syntheticResult({ perOp: noisy(30, 20, 0.01) }), instructions: count(99, false) };
    assert.equal(analyse(fileOf(result), { analysedBy: 'test' }).benchmarks[0]!.instructions!.perOp, 99);
  });

  it('the GC cost, from its GC-free samples against the benchmark’s own', () => {
    const base = syntheticResult({ perOp: noisy(40, 20, 0.01) });
    const gcCost: GcCost = {
      status: 'measured',
      reason: null,
      semiSpaceMiB: 16,
      maxIterationsPerSample: 1e5,
      gcCountInSamples: 0,
      samples: samplesFrom(noisy(40, 15, 0.01, 7)),
      noGc: null,
      overhead: null,
    };
    const memory: NonNullable<BenchmarkResult['memory']> = {
      bytesPerOp: 64,
      externalBytesPerOp: 0,
      deterministic: true,
      iterations: 1000,
      readings: [64],
      gcCount: 0,
      gcTimeNs: 0,
      gcShare: 0,
      footprint: { heapUsedBytes: 8e6, heapTotalBytes: 12e6, externalBytes: 1e6, rssBytes: 60e6, peakHeapUsedBytes: 9e6, peakRssBytes: 61e6, retainedBytes: 1024, heapUsedAfterSamples: [8e6, 8e6] },
      gcCost: null,
      allocationSites: null,
    };
    const analysed = analyse(fileOf({ ...base, memory: { ...memory, gcCost } }), { analysedBy: 'test' }).benchmarks[0]!.memory!.gcCost!;
    assert.ok(Math.abs(analysed.noGc!.nsPerOp - 15) < 0.3, JSON.stringify(analysed.noGc));
    assert.ok(Math.abs(analysed.overhead!.share - 0.25) < 0.03, JSON.stringify(analysed.overhead));
    assert.equal(analysed.overhead!.significant, true);
  });
});
