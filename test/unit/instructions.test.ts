import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareInstructionCounts, INSTRUCTION_NOISE } from '../../src/analysis/compare-instructions.js';
import { compareRuns } from '../../src/analysis/compare-runs.js';
import { abOrder, analyseAb } from '../../src/analysis/ab-pairs.js';
import { analyseHistory } from '../../src/analysis/history-changes.js';
import { parseCallgrindDump } from '../../src/profiling/callgrind-dumps.js';
import { instructionCell } from '../../src/report/instruction-report.js';
import type { PassRequest } from '../../src/engine/process/events.js';
import type { BenchmarkResult, InstructionCount, ResultsFile } from '../../src/results/types.js';
import { eventSlope, type RegionCount } from '../../src/analysis/instruction-fit.js';
import { childCommand, passFlags } from '../../src/runner/runtimes/launch-plan.js';
import { syntheticResult } from '../helpers/synthetic-result.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { createRng } from '../../src/stats/random.js';
import fc from 'fast-check';
import { REGION_ALLOCATION_BYTES } from '../../src/profiling/callgrind-command.js';
import { REGION_SIZES, UNIT_TARGET_NS, regionUnit } from '../../src/runner/passes/instructions/instructions-pass.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 141374197;

const DUMP = [
  '# callgrind format',
  'version: 1',
  'creator: callgrind-3.19.0',
  'pid: 4242',
  'part: 3',
  '',
  'events: Ir',
  '',
  'fn=(1) main',
  '5 100',
  '',
  'summary: 12345678',
  'totals: 12345678',
  '',
].join('\n');

describe('callgrind dumps', () => {
  it("reads a dump's events and totals, with the cache simulator's events too", () => {
    assert.deepEqual(parseCallgrindDump(DUMP), { events: ['Ir'], totals: { Ir: 12345678 }, collection: { Ir: 0 } });
    const simulated = parseCallgrindDump('events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 100 40 20 1 5 2 1 3 1\n');
    assert.equal(simulated.totals['D1mr'], 5);
    assert.equal(simulated.totals['DLmw'], 1);
  });

  it("sums the collections' inclusive counts, by compressed names too, and not their calls inside a collection", () => {
    const text = [
      'events: Ir Dr',
      'fn=(1) Builtins_ArrayTimSort',
      '3 900 10',
      'cfn=(2) v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace, v8::internal::GarbageCollectionReason, v8::GCCallbackFlags)',
      'calls=1 0',
      '3 500000 2000',
      'fn=(3) v8::internal::Heap::AllocateRawWithRetryOrFailSlowPath()',
      'cfn=(2)',
      'calls=2 0',
      '+1 250000 1000',
      'cfn=(4) v8::internal::Heap::Scavenge()',
      'calls=1 0',
      '+1 7 1',
      'fn=(2)',
      'cfn=(2)',
      'calls=1 0',
      '* 99999 9',
      'summary: 2000000 50000',
    ].join('\n');
    assert.deepEqual(parseCallgrindDump(text).collection, { Ir: 750000, Dr: 3000 });
  });

  it('refuses a file that is not a dump', () => {
    assert.throws(() => parseCallgrindDump('hello\n'), /not a callgrind dump/);
  });
});

/** Regions of 1..4 units of `unit` iterations, `perOp` instructions each plus `fixed` per region, with ±`jitter` instructions. */
function regions(perOp: number, unit: number, fixed: number, processes: number, jitter = 0, seed = 1): RegionCount[] {
  const rng = createRng(seed);
  return Array.from({ length: processes }, () => [1, 2, 3, 4]).flatMap((sizes) =>
    sizes.map((size) => ({ iterations: unit * size, events: { Ir: Math.round(perOp * unit * size + fixed + jitter * (2 * rng() - 1)) }, collectionInstructions: 0 })),
  );
}

describe('instructions per operation from regions', () => {
  it('takes the slope: what a region pays once goes into the intercept', () => {
    const slope = eventSlope(regions(250, 40_000, 3_000_000, 2), 'Ir')!;
    assert.ok(Math.abs(slope.perOp - 250) < 1e-6, String(slope.perOp));
    assert.ok(slope.ciUpper - slope.ciLower < 1e-6, 'exact counts: no width');
  });

  it('widens the interval when processes count differently', () => {
    const slope = eventSlope(regions(250, 40_000, 3_000_000, 2, 200_000), 'Ir')!;
    assert.ok(slope.ciLower < 250 && 250 < slope.ciUpper, JSON.stringify(slope));
    assert.ok(slope.ciUpper - slope.ciLower > 0.5);
  });
});

describe('planning a region unit', () => {
  it('takes UNIT_TARGET_NS of the time, rounded down to a power of two, so nearby timings plan the same regions', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e7, noNaN: true }), (nsPerOp) => {
        const unit = regionUnit(nsPerOp, null);
        assert.equal(Math.log2(unit) % 1, 0, String(unit));
        assert.ok(unit === 1 || (unit * nsPerOp <= UNIT_TARGET_NS && 2 * unit * nsPerOp > UNIT_TARGET_NS), `${nsPerOp} ns → ${unit}`);
      }),
      { seed: PROPERTY_SEED },
    );
    // 578 and 604 ns/op (timings 4% apart) plan the same unit.
    assert.equal(regionUnit(578, null), regionUnit(604, null));
  });

  it("keeps the largest region's allocations under half the young generation", () => {
    // A 16-number sort: ~600 ns and 1,033 bytes/op.
    const unit = regionUnit(600, 1033);
    assert.ok(unit * Math.max(...REGION_SIZES) * 1033 <= REGION_ALLOCATION_BYTES, String(unit));
    // A body allocating 16 MB per op gets single iterations; one that allocates nothing is planned by time alone.
    assert.equal(regionUnit(100_000, 2 ** 24), 1);
    assert.equal(regionUnit(600, 0), regionUnit(600, null));
    assert.ok(regionUnit(10, 4096) < regionUnit(10, null));
  });
});

function counted(perOp: number, halfWidth = perOp * 1e-4): InstructionCount {
  return {
    status: 'measured',
    reason: null,
    perOp,
    ciLower: perOp - halfWidth,
    ciUpper: perOp + halfWidth,
    floorPerOp: 8,
    collectionPerOp: 0,
    processes: 2,
    regions: 4,
    unitIterations: 40_000,
    tool: 'callgrind (valgrind-3.19.0)',
    flags: ['--single-threaded'],
    simulatedCache: null,
    wallSeconds: 4,
  };
}

function withCount(perOp: number | null, halfWidth?: number): BenchmarkResult {
  const result = syntheticResult({ perOp: Array.from({ length: 30 }, (_, i) => 50 + (i % 3)) });
  return perOp === null ? result : { ...result, instructions: counted(perOp, halfWidth) };
}

describe('compare --metric instructions', () => {
  it('calls a 1% change slower and leaves 0.05% alone, by the same rule as time', () => {
    const slower = compareInstructionCounts(withCount(10_000), withCount(10_100), INSTRUCTION_NOISE);
    assert.equal(slower.verdict, 'slower');
    assert.ok(Math.abs(slower.change - 0.01) < 1e-9);
    assert.ok(slower.ciLower > INSTRUCTION_NOISE);
    assert.equal(slower.unit, 'regions');
    assert.equal(slower.new.perOp, 10_100);
    const same = compareInstructionCounts(withCount(10_000), withCount(10_005), INSTRUCTION_NOISE);
    assert.equal(same.verdict, 'same');
    assert.match(same.reason ?? '', /^the whole interval \[.*\] lies inside the ±[\d.]+% band$/);
  });

  it('does not call a change its intervals cannot tell from none', () => {
    const wide = compareInstructionCounts(withCount(10_000, 300), withCount(10_100, 300), INSTRUCTION_NOISE);
    assert.equal(wide.verdict, 'cant-tell');
    assert.match(wide.reason ?? '', /crosses an edge of the ±[\d.]+% band; to decide: more processes counted on both sides/);
  });

  it('skips benchmarks of a run without counts, saying how to get them, and names the metric', () => {
    const file = (b: BenchmarkResult): ResultsFile => ({ ...fullResults, benchmarks: [b] });
    const comparison = compareRuns(file(withCount(null)), file(withCount(10_000)), { noise: INSTRUCTION_NOISE, seed: 1, metric: 'instructions' });
    assert.equal(comparison.metric, 'instructions');
    assert.equal(comparison.rows.length, 0);
    assert.match(comparison.skipped[0]!.reason, /the base run has no instruction count .*--instructions/);
    assert.ok(comparison.notes.some((n) => /instructions per operation/.test(n)));
  });
});

describe('the instr/op column and the counting process', () => {
  it('shows the count with its interval, or a dash', () => {
    assert.equal(instructionCell(withCount(1234.56)), '1,234.6 ±0.01%');
    assert.equal(instructionCell(withCount(null)), '—');
  });

  it('runs the process under callgrind, dumping at the region marker, V8 in its deterministic configuration', () => {
    const pass: PassRequest = { kind: 'instructions', units: { a: 10 }, sizes: [1, 2, 3, 4], callgrindOut: '/tmp/cg.out', cacheSim: false, instrumentation: null };
    const { command, args } = childCommand(pass, ['child.js'], '/usr/bin/node');
    assert.match(command, /valgrind$/);
    assert.ok(args.includes('--tool=callgrind') && args.includes('--dump-before=uv_loadavg') && args.includes('--callgrind-out-file=/tmp/cg.out'), args.join(' '));
    // Instrumented from the start, unless the process is to switch it on itself.
    assert.ok(!args.includes('--instr-atstart=no'));
    assert.ok(childCommand({ ...pass, instrumentation: 'callgrind_control' }, ['child.js'], '/usr/bin/node').args.includes('--instr-atstart=no'));
    assert.deepEqual(args.slice(-2), ['/usr/bin/node', 'child.js']);
    assert.ok(passFlags(pass).includes('--single-threaded') && passFlags(pass).includes('--random-seed=1'));
    // Not --predictable-gc-schedule: it pins the young generation at 4 MB, overriding the semi-space size.
    assert.ok(passFlags(pass).includes('--max-semi-space-size=64') && !passFlags(pass).includes('--predictable-gc-schedule'));
  });
});

describe('history and ab on instructions', () => {
  const run = (perOp: number | null): ResultsFile => ({ ...fullResults, benchmarks: [withCount(perOp)] });

  it('history marks a 1% step of the counts, and not a step of time, with --metric instructions', () => {
    const runs = [run(10_000), run(10_000), run(10_100)].map((results, i) => ({ label: `r${i}`, results }));
    const analysis = analyseHistory(runs, { filter: null, noise: INSTRUCTION_NOISE, seed: 1, metric: 'instructions' });
    assert.equal(analysis.metric, 'instructions');
    const points = analysis.benchmarks[0]!.points;
    assert.deepEqual(
      points.map((p) => p.change?.verdict ?? null),
      [null, 'same', 'slower'],
    );
    assert.equal(points[2]!.instructions?.perOp, 10_100);
  });

  it('history skips runs without counts rather than comparing them', () => {
    const runs = [run(10_000), run(null), run(10_000)].map((results, i) => ({ label: `r${i}`, results }));
    const points = analyseHistory(runs, { filter: null, noise: INSTRUCTION_NOISE, seed: 1, metric: 'instructions' }).benchmarks[0]!.points;
    assert.equal(points[1]!.instructions, null);
    assert.equal(points[2]!.change?.verdict, 'same', 'compared with the last counted run');
  });

  it('ab pairs the counts: 1% more instructions in B called slower over 6 pairs', () => {
    const pairs = Array.from({ length: 6 }, (_, i) => ({ order: abOrder(i), a: run(10_000 + i), b: run((10_000 + i) * 1.01) }));
    const analysis = analyseAb(pairs, INSTRUCTION_NOISE, 'instructions');
    assert.equal(analysis.metric, 'instructions');
    assert.equal(analysis.rows[0]!.verdict, 'slower');
    assert.ok(Math.abs(analysis.rows[0]!.change - 0.01) < 1e-9);
    assert.equal(analysis.rows[0]!.aNsPerOp, 10_002.5);
  });
});
