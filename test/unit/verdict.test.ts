/**
 * The three-valued verdict (compare-row.ts callVerdict): a change only beyond the band, `same` only
 * with the whole interval inside it, `can't tell` otherwise, with a reason that never calls a change
 * inside a band it reaches past; and a side measured on a slowed host is never `same`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { callVerdict, COMPARE_ALPHA, verdictCounts } from '../../src/analysis/compare-row.js';
import { compareRuns, DEFAULT_NOISE } from '../../src/analysis/compare-runs.js';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 151860319;

const test = fc.record({
  pValue: fc.double({ min: 0, max: 1, noNaN: true }),
  lower: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  width: fc.double({ min: 0, max: 0.5, noNaN: true }),
  band: fc.double({ min: 0.001, max: 0.3, noNaN: true }),
});

describe('callVerdict', () => {
  it('calls a change exactly when the test is significant and the whole interval lies beyond the band; same exactly when it lies inside', () => {
    fc.assert(
      fc.property(test, ({ pValue, lower, width, band }) => {
        const [ciLower, ciUpper] = [lower, lower + width];
        const change = lower + width / 2;
        const { verdict, reason } = callVerdict({ pValue, change, ciLower, ciUpper }, band);
        const beyond = ciLower > band || ciUpper < -band;
        const inside = ciLower >= -band && ciUpper <= band;
        assert.equal(verdict === 'slower' || verdict === 'faster', pValue < COMPARE_ALPHA && beyond);
        assert.equal(verdict === 'same', inside);
        if (verdict === 'cant-tell') assert.doesNotMatch(reason ?? '', /inside|within/);
      }),
      { seed: PROPERTY_SEED, numRuns: 500 },
    );
  });

  it('with a narrower band for "same", never says same outside it, and never same when that band is withheld', () => {
    fc.assert(
      fc.property(test, fc.double({ min: 0, max: 1, noNaN: true }), ({ pValue, lower, width, band }, share) => {
        const [ciLower, ciUpper] = [lower, lower + width];
        const inner = band * share;
        const narrowed = callVerdict({ pValue, change: lower, ciLower, ciUpper }, band, { sameBand: inner });
        if (narrowed.verdict === 'same') assert.ok(ciLower >= -inner && ciUpper <= inner);
        assert.notEqual(callVerdict({ pValue, change: lower, ciLower, ciUpper }, band, { sameBand: null }).verdict, 'same');
      }),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });

  it("can't tell without an interval, and says what would decide", () => {
    assert.deepEqual(callVerdict({ pValue: 0.01, change: 0.2, ciLower: null, ciUpper: null }, 0.01, { noInterval: 'too few pairs for an interval', decide: 'more --pairs' }), {
      verdict: 'cant-tell',
      reason: 'too few pairs for an interval; to decide: more --pairs',
    });
  });

  it('names the planted +14.9% with its interval against the band it crosses, never "within" it', () => {
    const { verdict, reason } = callVerdict({ pValue: 0.001, change: 0.149, ciLower: 0.05, ciUpper: 0.25 }, 0.0969, { decide: '--forks 5' });
    assert.equal(verdict, 'cant-tell');
    assert.equal(reason, '+14.9% (p = 0.0010) with an interval [+5.00%, +25.0%] crosses an edge of the ±9.69% band; to decide: --forks 5');
  });

  it('summarises verdicts in a fixed order, leaving out those no row got', () => {
    const rows = (['same', 'cant-tell', 'slower', 'same'] as const).map((verdict) => ({ verdict }));
    assert.deepEqual(verdictCounts(rows), [
      ['slower', 1],
      ['same', 2],
      ['cant-tell', 1],
    ]);
  });
});

describe('a side measured on a slowed host', () => {
  const times = (seed: number, center: number): number[] => {
    const rng = createRng(seed);
    return Array.from({ length: 40 }, () => center * Math.exp(0.003 * normalDeviate(rng)));
  };
  const result = (perOp: number[], throughputNs: number): BenchmarkResult => ({
    ...syntheticResult({ perOp }),
    id: 'x#t',
    name: 't',
    group: null,
    host: { source: 'rounds', movement: 0.01, slowest: 1.01, fastest: 0.99, referenceNs: 5000, throughputNs, quiet: { nsPerOp: perOp[0]!, samples: 40, of: 40, throughputNs } },
  });
  const file = (b: BenchmarkResult, calibrationRuns = 5): ResultsFile => ({
    ...fullResults,
    complete: true,
    benchmarks: [b],
    host: { referenceNs: 5000, usualNs: 5000, versusUsual: 0, throughputNs: b.host!.throughputNs!, usualThroughputNs: 300, versusUsualThroughput: b.host!.throughputNs! / 300 - 1, calibrationRuns },
  });

  it("is marked on its row and can't tell an unchanged benchmark, naming the host and what would decide", () => {
    const row = compareRuns(file(result(times(1, 100), 300)), file(result(times(2, 100), 480)), { noise: DEFAULT_NOISE, seed: 1 }).rows[0]!;
    assert.ok(Math.abs(row.slowedHost!.new! - 0.6) < 1e-9 && row.slowedHost!.base === null, JSON.stringify(row.slowedHost));
    assert.equal(row.verdict, 'cant-tell');
    assert.match(row.reason ?? '', /a side was measured on a slowed host.*to decide: the slowed side measured again when the host is back at its usual speed \(other programs or another tenant/);
    assert.match(row.reason ?? '', /the host made the new run's samples 60% slower than this machine's usual/);
  });

  it('still calls a change far beyond what the slowed host allows (2.7×)', () => {
    const row = compareRuns(file(result(times(3, 12.3), 480)), file(result(times(4, 33.5), 480)), { noise: DEFAULT_NOISE, seed: 1 }).rows[0]!;
    assert.equal(row.verdict, 'slower');
  });

  it("counts the time other programs held the CPU: a side that waited 40% of its samples' time is slowed 67%, with the throughput reference at its usual", () => {
    const waited = (r: BenchmarkResult): BenchmarkResult => ({ ...r, samples: r.samples.map((s) => ({ ...s, waitNs: 0.4 * s.elapsedNs })) });
    const row = compareRuns(file(result(times(7, 100), 300)), file(waited(result(times(8, 169), 300))), { noise: DEFAULT_NOISE, seed: 1 }).rows[0]!;
    assert.ok(Math.abs(row.slowedHost!.new! - 1 / 0.6 + 1) < 1e-9, JSON.stringify(row.slowedHost));
    assert.equal(row.verdict, 'cant-tell', '+69% of which the host took 67% is not called');
  });

  it('is not judged against a usual speed the machine has not yet learned (fewer than 3 calibration runs)', () => {
    const row = compareRuns(file(result(times(5, 100), 480), 2), file(result(times(6, 100), 480), 2), { noise: DEFAULT_NOISE, seed: 1 }).rows[0]!;
    assert.equal(row.slowedHost, undefined);
    assert.equal(row.verdict, 'same');
  });
});
