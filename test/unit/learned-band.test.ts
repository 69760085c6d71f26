import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compareRuns, DEFAULT_NOISE, PROCESS_ALLOWANCE } from '../../src/analysis/compare-runs.js';
import { analyseHistory } from '../../src/analysis/history-changes.js';
import { renderHistoryReport } from '../../src/report/history-report.js';
import { BAND_COVERAGE, bandFromSpread, MIN_BAND_RUNS, pooledSpread, processBand } from '../../src/analysis/learned-band.js';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';
import { studentTCritical } from '../../src/stats/student-t.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 558121461;

const ID = 'bench/x.bench.ts#x';
const CODE = 'aaaaaaaaaaaaaaaa';

interface RunSpec {
  /** The run's estimate (ns/op): its samples sit tightly around it. */
  center: number;
  code?: string | undefined;
  runId: string;
  /** The host's latency reference next to its samples. */
  referenceNs?: number;
  cpu?: string;
  timeBudgetNs?: number;
  forks?: number;
  /** Spread of the samples within the run. */
  cv?: number;
  seed?: number;
}

function run(spec: RunSpec): ResultsFile {
  const rng = createRng(spec.seed ?? 1);
  const cv = spec.cv ?? 0.001;
  const perOp = Array.from({ length: 30 }, () => spec.center * Math.exp(cv * normalDeviate(rng)));
  const result: BenchmarkResult = {
    ...syntheticResult({ perOp }),
    id: ID,
    name: 'x',
    file: 'bench/x.bench.ts',
    group: null,
    ...(spec.code === undefined ? {} : { sourceFingerprint: spec.code }),
    host: spec.referenceNs === undefined ? null : { source: 'reference', movement: 0.01, slowest: 1.01, fastest: 0.99, referenceNs: spec.referenceNs },
  };
  const { fingerprint: _, ...environment } = fullResults.environment;
  return {
    ...fullResults,
    environment: { ...environment, runId: spec.runId, cpu: { ...environment.cpu, model: spec.cpu ?? environment.cpu.model } },
    settings: { ...fullResults.settings, forks: spec.forks ?? 1, timeBudgetNs: spec.timeBudgetNs ?? fullResults.settings.timeBudgetNs },
    host: null,
    complete: true,
    benchmarks: [result],
  };
}

/** `k` kept runs of one code whose estimates spread log-normally by `sd` around 100 ns. */
function history(k: number, sd: number, seed: number, extra: Partial<RunSpec> = {}): ResultsFile[] {
  const rng = createRng(seed);
  return Array.from({ length: k }, (_, i) => run({ center: 100 * Math.exp(sd * normalDeviate(rng)), code: CODE, runId: `kept-${seed}-${i}`, seed: seed * 100 + i, ...extra }));
}

const side = (file: ResultsFile) => ({ file, result: file.benchmarks[0]! });
const base = run({ center: 100, code: CODE, runId: 'base' });
const next = run({ center: 100, code: CODE, runId: 'next', seed: 2 });

describe('processBand: learned from kept runs', () => {
  it('gives a stable benchmark a narrow band (floored at the noise band) and a noisy one a wide band', () => {
    const stable = processBand(side(base), side(next), history(8, 0.002, 1), DEFAULT_NOISE);
    assert.equal(stable.basis.learned, true);
    assert.equal(stable.basis.runs, 8);
    assert.equal(stable.band, DEFAULT_NOISE);
    const mid = processBand(side(base), side(next), history(8, 0.006, 2), DEFAULT_NOISE);
    assert.ok(mid.band > DEFAULT_NOISE && mid.band < DEFAULT_NOISE + PROCESS_ALLOWANCE, `${mid.band}`);
    const noisy = processBand(side(base), side(next), history(8, 0.04, 3), DEFAULT_NOISE);
    assert.equal(noisy.basis.learned, true);
    assert.ok(noisy.band > 0.1, `${noisy.band}`);
    assert.ok(Math.abs(noisy.band - bandFromSpread(noisy.basis.spread!, 7)) < 1e-12);
  });

  it('falls back to the default band with fewer than MIN_BAND_RUNS matching runs', () => {
    const few = processBand(side(base), side(next), history(MIN_BAND_RUNS - 1, 0.002, 4), DEFAULT_NOISE);
    assert.deepEqual(few, { band: DEFAULT_NOISE + PROCESS_ALLOWANCE, basis: { learned: false, runs: MIN_BAND_RUNS - 1, spread: null, why: `${MIN_BAND_RUNS - 1} kept runs of this code` } });
    assert.equal(processBand(side(base), side(next), history(MIN_BAND_RUNS, 0.002, 4), DEFAULT_NOISE).basis.learned, true);
  });

  it('leaves out runs of other code, other machines, other settings, several processes, and the two compared runs', () => {
    const matching = history(3, 0.002, 5);
    const others = [
      ...history(4, 0.002, 6, { code: 'bbbbbbbbbbbbbbbb' }),
      ...history(4, 0.002, 7, { code: undefined }),
      ...history(4, 0.002, 8, { cpu: 'Other CPU' }),
      ...history(4, 0.002, 9, { timeBudgetNs: 1e8 }),
      ...history(4, 0.002, 10, { forks: 3 }),
      base,
      next,
    ];
    const band = processBand(side(base), side(next), [...matching, ...others], DEFAULT_NOISE);
    assert.equal(band.basis.learned, false);
    assert.equal(band.basis.runs, 3);
  });

  it("pools the base's and the new code's runs, each about its own level", () => {
    const changed = run({ center: 105, code: 'cccccccccccccccc', runId: 'next-changed', seed: 3 });
    const kept = [...history(3, 0.003, 11), ...history(3, 0.003, 12, { code: 'cccccccccccccccc' }).map((f) => scaled(f, 1.05))];
    const band = processBand(side(base), side(changed), kept, DEFAULT_NOISE);
    assert.equal(band.basis.learned, true);
    assert.equal(band.basis.runs, 6);
    // The 5% between the codes is not spread: each code is taken about its own mean.
    assert.ok(band.basis.spread! < 0.01, `${band.basis.spread}`);
  });

  it('takes out the host: runs whose estimates follow their host reference have no spread left', () => {
    const rng = createRng(13);
    const kept = Array.from({ length: 6 }, (_, i) => {
      const factor = Math.exp(0.05 * normalDeviate(rng));
      return run({ center: 100 * factor, referenceNs: 5000 * factor, code: CODE, runId: `host-${i}`, seed: i });
    });
    const band = processBand(side(base), side(next), kept, DEFAULT_NOISE);
    assert.equal(band.basis.learned, true);
    assert.ok(band.basis.spread! < 0.002, `${band.basis.spread}`);
    // Without the reference the same runs spread by ~5%.
    const raw = pooledSpread([kept.map((f) => ({ ...f.benchmarks[0]!, host: null }))]);
    assert.ok(raw.spread > 0.02, `${raw.spread}`);
  });

  it('falls back when the two runs differ in machine or settings', () => {
    const kept = history(8, 0.002, 14);
    assert.equal(processBand(side(base), side(run({ center: 100, code: CODE, runId: 'n', cpu: 'Other CPU' })), kept, DEFAULT_NOISE).basis.why, 'the runs come from different machines');
    assert.equal(processBand(side(base), side(run({ center: 100, code: CODE, runId: 'n', timeBudgetNs: 1e8 })), kept, DEFAULT_NOISE).basis.why, 'the runs used different settings');
    assert.equal(processBand(side(run({ center: 100, runId: 'b' })), side(run({ center: 100, runId: 'n' })), kept, DEFAULT_NOISE).basis.why, 'no source fingerprint recorded');
  });
});

function scaled(file: ResultsFile, factor: number): ResultsFile {
  const b = file.benchmarks[0]!;
  return { ...file, benchmarks: [{ ...b, estimate: { ...b.estimate!, nsPerOp: b.estimate!.nsPerOp * factor } }] };
}

describe('bandFromSpread: the prediction interval of the difference of two runs', () => {
  it('is t(0.975, df)·√2·s in log terms (reference value: df 4, s 1% → 3.93%)', () => {
    assert.ok(Math.abs(Math.log1p(bandFromSpread(0.01, 4)) - 2.776445 * Math.SQRT2 * 0.01) < 1e-6);
    assert.equal(studentTCritical(BAND_COVERAGE, 4).toFixed(4), '2.7764');
  });

  it('holds the difference of two new runs of normal log estimates 95% of the time', () => {
    const rng = createRng(21);
    const trials = 4000;
    const k = 6;
    const sd = 0.02;
    let inside = 0;
    for (let t = 0; t < trials; t++) {
      const kept = Array.from({ length: k }, () => ({ status: 'ok', estimate: { nsPerOp: 100 * Math.exp(sd * normalDeviate(rng)) }, forks: null, host: null }) as unknown as BenchmarkResult);
      const { spread, df } = pooledSpread([kept]);
      const band = bandFromSpread(spread, df);
      const difference = sd * (normalDeviate(rng) - normalDeviate(rng));
      if (Math.abs(difference) <= Math.log1p(band)) inside++;
    }
    // Binomial sd of the share at 4000 trials: 0.34%; ±1.2% is 3.5 of them.
    assert.ok(Math.abs(inside / trials - BAND_COVERAGE) < 0.012, `${inside / trials}`);
  });

  it('grows with the spread, shrinks with more runs', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 0.2, noNaN: true }), fc.double({ min: 1.01, max: 3, noNaN: true }), fc.integer({ min: 1, max: 60 }), (s, f, df) => {
        assert.ok(bandFromSpread(s * f, df) > bandFromSpread(s, df));
        assert.ok(bandFromSpread(s, df + 1) < bandFromSpread(s, df));
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('is never below the noise band, and does not depend on the runs’ order or their common scale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.double({ min: 0.5, max: 2, noNaN: true }), fc.double({ min: 0, max: 0.05, noNaN: true }), (seed, scale, noise) => {
        const kept = history(6, 0.01, seed);
        const a = processBand(side(base), side(next), kept, noise);
        const b = processBand(
          side(base),
          side(next),
          [...kept].reverse().map((f) => scaled(f, scale)),
          noise,
        );
        assert.ok(a.band >= noise);
        assert.ok(Math.abs(a.band - b.band) < 1e-9);
      }),
      { seed: PROPERTY_SEED, numRuns: 30 },
    );
  });
});

describe('compare and history use the learned band', () => {
  it('calls a 3.5% change of a stable benchmark, which the default band leaves uncalled', () => {
    const slower = run({ center: 103.5, code: 'dddddddddddddddd', runId: 'slower', seed: 5, cv: 0.02 });
    const before = run({ center: 100, code: CODE, runId: 'before', seed: 6, cv: 0.02 });
    const fixed = compareRuns(before, slower, { noise: DEFAULT_NOISE, seed: 1 }).rows[0]!;
    assert.equal(fixed.verdict, 'cant-tell', '+3.5% against the default ±3%: the interval crosses its edge');
    assert.equal(fixed.bandBasis, undefined);
    const learned = compareRuns(before, slower, { noise: DEFAULT_NOISE, seed: 1, history: history(6, 0.002, 15) }).rows[0]!;
    assert.equal(learned.verdict, 'slower');
    assert.equal(learned.band, DEFAULT_NOISE);
    assert.deepEqual(learned.bandBasis?.learned, true);
    assert.equal(learned.bandText, 'band ±1% from 6 kept runs');
    const unlearned = compareRuns(before, slower, { noise: DEFAULT_NOISE, seed: 1, history: history(2, 0.002, 15) }).rows[0]!;
    assert.equal(unlearned.bandText, 'band ±3% (default: 2 kept runs of this code)');
  });

  it('history judges each step with the band learned from the other kept runs', () => {
    const kept = history(7, 0.002, 16);
    const analysis = analyseHistory(
      kept.map((results, i) => ({ label: `run ${i}`, results })),
      { filter: null, noise: DEFAULT_NOISE, seed: 1 },
    );
    const change = analysis.benchmarks[0]!.points[6]!.change!;
    assert.equal(change.bandText, 'band ±1% from 5 kept runs');
    assert.match(renderHistoryReport(analysis, { color: false, last: 10 }), /latest change judged with band ±1% from 5 kept runs/);
  });
});
