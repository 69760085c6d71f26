import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPARE_ALPHA, CONTENTION_SUSCEPTIBILITY, compareBenchmarks, compareRuns, DEFAULT_NOISE, PROCESS_ALLOWANCE } from '../../src/analysis/compare-runs.js';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** Per-operation times around `center` with multiplicative log-normal noise of `cv`. */
function times(rng: () => number, center: number, n: number, cv: number): number[] {
  return Array.from({ length: n }, () => center * Math.exp(cv * normalDeviate(rng)));
}

function result(id: string, perOp: number[], extra: Partial<BenchmarkResult> = {}): BenchmarkResult {
  return { ...syntheticResult({ perOp }), id, name: id, ...extra };
}

function file(benchmarks: BenchmarkResult[]): ResultsFile {
  return { ...fullResults, complete: true, benchmarks };
}

const options = { noise: DEFAULT_NOISE, seed: 1 };
/** A typical default run: ~40 samples with ~2% spread. */
const DEFAULT_SAMPLES = 40;
const DEFAULT_CV = 0.02;

/** Share of simulated comparisons between runs `shift` apart that are called (any direction). */
function calledShare(shift: number, trials: number, seed: number): { called: number; slower: number } {
  const rng = createRng(seed);
  let called = 0;
  let slower = 0;
  for (let t = 0; t < trials; t++) {
    const base = result('x', times(rng, 100, DEFAULT_SAMPLES, DEFAULT_CV));
    const next = result('x', times(rng, 100 * (1 + shift), DEFAULT_SAMPLES, DEFAULT_CV));
    const row = compareBenchmarks(base, next, { ...options, seed: t });
    if (row.verdict === 'slower' || row.verdict === 'faster') called++;
    if (row.verdict === 'slower') slower++;
  }
  return { called: called / trials, slower: slower / trials };
}

describe('compareBenchmarks: verdicts', () => {
  const rng = createRng(3);
  const base = result('b', times(rng, 100, 40, 0.01));
  it('calls a clear slowdown slower, with the change and its CI around +10%', () => {
    const row = compareBenchmarks(base, result('b', times(rng, 110, 40, 0.01)), options);
    assert.equal(row.verdict, 'slower');
    assert.ok(row.pValue < COMPARE_ALPHA);
    assert.ok(row.ciLower > 0.07 && row.ciUpper < 0.13 && row.change > row.ciLower && row.change < row.ciUpper, JSON.stringify(row));
    assert.equal(row.reason, null);
  });
  it('calls a clear speed-up faster', () => {
    assert.equal(compareBenchmarks(base, result('b', times(rng, 90, 40, 0.01)), options).verdict, 'faster');
  });
  it("between single-process runs, leaves room for what processes differ by and for the host's own speed difference", () => {
    const host = (referenceNs: number) => ({ source: 'reference' as const, movement: 0.01, slowest: 1.01, fastest: 0.99, referenceNs });
    const before = result('h', times(createRng(9), 100, 40, 0.005), { host: host(5000) });
    const after = result('h', times(createRng(10), 106, 40, 0.005), { host: host(5200) });
    const row = compareBenchmarks(before, after, options);
    assert.ok(Math.abs(row.hostShift! - 0.04) < 1e-12);
    assert.ok(Math.abs(row.change - 0.06) < 0.01, 'the change as measured');
    assert.ok(Math.abs(row.band - (0.01 + PROCESS_ALLOWANCE + 0.04)) < 1e-12);
    assert.equal(row.verdict, 'cant-tell', '+6% against a band of ±7%, of which the host took 4%: neither a change nor the same');
    assert.match(
      row.reason ?? '',
      /^\+6\.\d\d% \(p = .*\) with an interval \[\+5\.\d\d%, \+6\.\d\d%\] crosses an edge of the ±7% band; to decide: --forks 5 on both sides, or ubench ab, whose pairs alternate \(band: ±1% noise, ±2% that single processes differ by, and the host's own \+4\.00% between the runs\)$/,
    );
    const untracked = compareBenchmarks({ ...before, host: null }, { ...after, host: null }, options);
    assert.equal(untracked.hostShift, null);
    assert.equal(untracked.verdict, 'slower', '+6% is beyond the ±3% of single processes');
    const realChange = compareBenchmarks(before, result('h', times(createRng(11), 112, 40, 0.005), { host: host(5200) }), options);
    assert.equal(realChange.verdict, 'slower', 'a change beyond the band is still called');
    const forks = (values: number[]) =>
      values.map((v) => ({ estimate: { nsPerOp: v, ciLower: v, ciUpper: v, confidence: 0.95, method: 'median-order-statistics' as const }, sampleCount: 10, floorNsPerOp: null }));
    const forked = compareBenchmarks(
      result('f', [100, 101, 99, 100, 102], { forks: forks([100, 101, 99, 100, 102]), host: host(5000) }),
      result('f', [104, 105, 103, 104, 106], { forks: forks([104, 105, 103, 104, 106]), host: host(5200) }),
      options,
    );
    assert.equal(forked.band, 0.01, 'processes compared with processes need no allowance');
    const notes = compareRuns(file([before]), file([after]), options).notes;
    assert.ok(
      notes.some((n) => /^the host ran slower in the new run \(\+4\.00% on its latency reference\): every row judged with the band widened by that much/.test(n)),
      notes.join('\n'),
    );
    // Another hardware thread busier in the new run: code of much parallelism ran up to 60% slower there.
    const contended = (referenceNs: number, throughputNs: number) => ({ ...host(referenceNs), throughputNs });
    const quiet = result('t', times(createRng(13), 100, 40, 0.005), { host: contended(5000, 300) });
    const busy = result('t', times(createRng(14), 140, 40, 0.005), { host: contended(5010, 480) });
    const row2 = compareBenchmarks(quiet, busy, options);
    assert.ok(Math.abs(row2.throughputShift! - 0.6) < 1e-9);
    assert.ok(Math.abs(row2.band - (0.01 + PROCESS_ALLOWANCE + (1.6 ** CONTENTION_SUSCEPTIBILITY - 1))) < 1e-9);
    assert.equal(row2.verdict, 'cant-tell', '+40% while the throughput reference ran 60% slower is not the code');
    assert.match(row2.reason ?? '', /for the throughput reference's \+60\.0% between the runs \(code can move more than it\)/);
    // Code can move more than the reference: +75% against its +60% is still within the band, +150% is not.
    assert.equal(compareBenchmarks(quiet, result('t', times(createRng(15), 175, 40, 0.005), { host: contended(5010, 480) }), options).verdict, 'cant-tell');
    assert.equal(compareBenchmarks(quiet, result('t', times(createRng(16), 250, 40, 0.005), { host: contended(5010, 480) }), options).verdict, 'slower');
    // The same either way: a reference 37.5% faster (1 / 1.6) widens the band as much as one 60% slower.
    const faster = compareBenchmarks(
      result('t', times(createRng(17), 100, 40, 0.005), { host: contended(5000, 480) }),
      result('t', times(createRng(18), 100, 40, 0.005), { host: contended(5000, 300) }),
      options,
    );
    assert.ok(Math.abs(faster.band - row2.band) < 1e-9);
    assert.ok(
      compareRuns(file([quiet]), file([busy]), options).notes.some((n) => /^code of much instruction-level parallelism ran slower in the new run \(\+60\.0% on the throughput reference/.test(n)),
    );
    // Where each estimate read the host's quiet rounds, the shift is that of the samples it read:
    // both at the quiet level, the contended run's other rounds widen nothing.
    const readQuiet = (r: BenchmarkResult, throughputNs: number): BenchmarkResult => ({ ...r, host: { ...r.host!, quiet: { nsPerOp: r.estimate!.nsPerOp, samples: 10, of: 40, throughputNs } } });
    const quietBoth = compareBenchmarks(readQuiet(quiet, 300), readQuiet(busy, 303), options);
    assert.ok(Math.abs(quietBoth.throughputShift! - 0.01) < 1e-9);
    assert.equal(quietBoth.verdict, 'slower', 'read in quiet rounds on both sides, +40% is the code');
    assert.ok(
      notes.some((n) => /compared by samples \(one process per run, or too few for a per-process test\): .* must also clear what single processes differ by .* else ±2%/.test(n)),
      notes.join('\n'),
    );
  });

  it('says same for a significant change whose whole CI stays inside the band', () => {
    const row = compareBenchmarks(base, result('b', times(rng, 100.5, 40, 0.001)), { ...options, noise: 0.05 });
    assert.equal(row.verdict, 'same');
    assert.match(row.reason ?? '', /^the whole interval \[[-+][\d.]+%, \+[\d.]+%\] lies inside the ±7% band \(band: ±5% noise, ±2% that single processes differ by\)$/);
  });
  it("a host shift widens the doubt, not the sameness: an interval inside the widened band but past the process band is can't tell", () => {
    const host = (referenceNs: number) => ({ source: 'reference' as const, movement: 0.01, slowest: 1.01, fastest: 0.99, referenceNs });
    const row = compareBenchmarks(result('h', times(createRng(21), 100, 40, 0.003), { host: host(5000) }), result('h', times(createRng(22), 104, 40, 0.003), { host: host(5500) }), options);
    assert.ok(row.band > 0.12 && row.ciLower > 0.03 && row.ciUpper < 0.05, JSON.stringify(row));
    assert.equal(row.verdict, 'cant-tell');
    assert.match(row.reason ?? '', /to decide: both runs on a quieter host \(the host's movement between them widened the band by ±10%\), or --forks 5/);
    const inside = compareBenchmarks(result('h', times(createRng(23), 100, 40, 0.003), { host: host(5000) }), result('h', times(createRng(24), 100.5, 40, 0.003), { host: host(5500) }), options);
    assert.equal(inside.verdict, 'same', 'inside the ±3% of single processes, whatever the host did');
  });
  it('says when the runs come from different machines or software', () => {
    const x = result('x', times(createRng(9), 100, 40, 0.01));
    const same = compareRuns(file([x]), file([x]), options).notes;
    assert.ok(!same.some((n) => n.startsWith('the runs come from different machines')), same.join('\n'));
    const other = { ...file([x]), environment: { ...fullResults.environment, runtimeVersion: '22.11.0', cpu: { ...fullResults.environment.cpu, model: 'Other CPU' } } };
    const notes = compareRuns(file([x]), other, options).notes;
    assert.ok(
      notes.some((n) => /^the runs come from different machines or software \(CPU .* → Other CPU; runtime node \S+ → node 22\.11\.0\): a change may be theirs/.test(n)),
      notes.join('\n'),
    );
  });
  it("says same for an unchanged benchmark whose interval is narrow, and can't tell, giving p, when the interval reaches past the band", () => {
    assert.equal(compareBenchmarks(base, result('b', times(rng, 100, 40, 0.01)), options).verdict, 'same');
    const wide = compareBenchmarks(result('w', times(createRng(31), 100, 8, 0.15)), result('w', times(createRng(32), 102, 8, 0.15)), options);
    assert.equal(wide.verdict, 'cant-tell');
    assert.match(wide.reason ?? '', /^not significant \(p = [\d.]+\), and the interval \[-[\d.]+%, \+[\d.]+%\] crosses an edge of the ±3% band; to decide: --forks 5 on both sides/);
    assert.doesNotMatch(wide.reason ?? '', /within|inside/, 'a reason never calls a change inside a band it reaches past');
  });
  it('tests per-process estimates when both runs used --forks, and falls back to the samples when they are too few', () => {
    const forks = (values: number[]) =>
      values.map((v) => ({ estimate: { nsPerOp: v, ciLower: v, ciUpper: v, confidence: 0.95, method: 'median-order-statistics' as const }, sampleCount: 10, floorNsPerOp: null }));
    const three = compareBenchmarks(result('f', [100, 101, 99], { forks: forks([100, 101, 99]) }), result('f', [120, 121, 119], { forks: forks([120, 121, 119]) }), options);
    assert.equal(three.unit, 'samples', 'three against three processes can never reach p < 0.05');
    assert.match(three.warning ?? '', /with 3 and 3 processes a per-process test cannot reach p < 0.05 \(smallest possible p 0\.10\): compared by their samples, held to the single-process band/);
    const many = (v: number) => Array.from({ length: 30 }, (_, i) => v * (1 + ((i % 7) - 3) * 0.002));
    const threeLong = compareBenchmarks(
      result('f', many(100), { forks: forks([100, 101, 99]).map((f) => ({ ...f, sampleCount: 10 })) }),
      result('f', many(120), { forks: forks([120, 121, 119]) }),
      options,
    );
    assert.equal(threeLong.unit, 'samples');
    assert.equal(threeLong.verdict, 'slower', 'the samples of three processes a side can call a 20% change');
    const five = compareBenchmarks(
      result('f', [100, 101, 99, 100, 102], { forks: forks([100, 101, 99, 100, 102]) }),
      result('f', [120, 121, 119, 122, 120], { forks: forks([120, 121, 119, 122, 120]) }),
      options,
    );
    assert.equal(five.verdict, 'slower');
    assert.equal(five.warning, null);
  });
  it('reports a bytes/op change beyond the accounting resolution', () => {
    const memory = (bytesPerOp: number) => ({ ...fullResults.benchmarks[0]!.memory!, bytesPerOp });
    const row = compareBenchmarks(result('m', [1, 1.01, 0.99], { memory: memory(304) }), result('m', [1, 1.01, 0.99], { memory: memory(320) }), options);
    assert.deepEqual(row.bytes, { base: 304, new: 320, difference: 16, differs: true });
  });
});

describe('compareRuns', () => {
  const rng = createRng(5);
  const a = result('a', times(rng, 100, 30, 0.01));
  const b = result('b', times(rng, 50, 30, 0.01));
  const failed: BenchmarkResult = { ...result('c', [1]), status: 'error', estimate: null, samples: [] };
  const comparison = compareRuns(
    file([a, b, failed, result('gone', [5])]),
    file([result('a', times(rng, 110, 30, 0.01)), result('b', times(rng, 50, 30, 0.01)), result('c', [1, 1, 1]), result('new', [5])]),
    options,
  );
  it('compares the benchmarks in both, listing the rest', () => {
    assert.deepEqual(
      comparison.rows.map((r) => r.id),
      ['a', 'b'],
    );
    assert.deepEqual(comparison.onlyInBase, ['gone']);
    assert.deepEqual(comparison.onlyInNew, ['new']);
    assert.deepEqual(comparison.skipped, [{ id: 'c', reason: 'the base run has no result for it (error)' }]);
  });
  it('gives the geometric mean of the ratios', () => {
    const expected = Math.sqrt(comparison.rows[0]!.ratio * comparison.rows[1]!.ratio);
    assert.ok(Math.abs(comparison.geomean!.ratio - expected) < 1e-12);
  });
  it('notes multiple testing and single-process comparisons', () => {
    assert.match(comparison.notes.join('\n'), /2 comparisons at p < 0.05: by chance alone about 0.1 could test significant/);
    assert.match(comparison.notes.join('\n'), /one process per run.*--forks 5/);
  });
});

describe('the test at default settings (40 samples a side, 2% spread), simulated', () => {
  const TRIALS = 400;
  it('A/A: calls a change in at most 5% of comparisons of the same distribution', () => {
    const { called } = calledShare(0, TRIALS, 11);
    assert.ok(called <= 0.05, `false-positive rate ${called}`);
  });
  it('detects a 5% slowdown with power ≥ 90%, always as slower', () => {
    const { called, slower } = calledShare(0.05, TRIALS, 12);
    assert.ok(called >= 0.9, `power ${called}`);
    assert.equal(slower, called);
  });
});

describe('the regression gate', () => {
  const rng = createRng(9);
  const base = result('g', times(rng, 100, 40, 0.01));
  const comparison = compareRuns(file([base, result('h', times(rng, 100, 40, 0.01))]), file([result('g', times(rng, 108, 40, 0.01)), result('h', times(rng, 90, 40, 0.01))]), options);
  it('names only benchmarks significantly slower with the whole CI beyond the threshold', async () => {
    const { regressions, regressionMessage } = await import('../../src/analysis/regression-gate.js');
    const rows = comparison.rows.map((r) => ({ ...r, label: r.name }));
    assert.deepEqual(
      regressions(rows, 0.05).map((r) => r.id),
      ['g'],
    );
    assert.deepEqual(regressions(rows, 0.2), [], 'an 8% slowdown does not fail a 20% gate');
    assert.match(regressionMessage(regressions(rows, 0.05), 0.05), /^--fail-on-regression 5%: 1 benchmark slower by more than that: g \(\+[78]\.\d\d% \[\+\d\.\d\d%, \+\d\.\d\d%\]\)$/);
  });
});
