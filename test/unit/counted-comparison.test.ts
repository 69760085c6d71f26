/**
 * The counted comparison of `--metric instructions` pairs: counts that repeat on both sides decide
 * from two pairs by their whole range (no p-value, left alone by Holm); a count that varies falls back
 * to the signed-rank test and says so; a range across the band can't tell; ab and bisect measure two
 * pairs by default under instructions and more only where the counts do not repeat. Fake pairs, no
 * process.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { abOrder, analyseAb, holmStepDown, pairsForHolm, unrepeatedCount, type AbPair, type AbRow } from '../../src/analysis/ab-pairs.js';
import { INSTRUCTION_NOISE } from '../../src/analysis/compare-instructions.js';
import { COUNT_REPEAT_TOLERANCE, COUNTED_MIN_PAIRS, countedRange, countedVerdict, countsRepeat } from '../../src/analysis/counted-comparison.js';
import { stepVerdict } from '../../src/analysis/bisect/step-verdict.js';
import { countedTarget, raisedPairsText } from '../../src/runner/ab/run-ab.js';
import { COUNT_PLAN_TIME_NS, COUNT_PLAN_WARMUP_NS, countingRunOptions } from '../../src/runner/ab/counting-run.js';
import { parseAbCommand } from '../../src/cli/ab-args.js';
import { parseBisectCommand } from '../../src/cli/bisect-args.js';
import { costText } from '../../src/cli/bisect-command.js';
import { renderAbReport } from '../../src/report/ab-report.js';
import { abDocument } from '../../src/export/ab-document.js';
import type { RunOptions } from '../../src/runner/run-options.js';
import type { BenchmarkResult, InstructionCount, ResultsFile } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 583104927;

function count(perOp: number): InstructionCount {
  return {
    status: 'measured',
    reason: null,
    perOp,
    ciLower: perOp * 0.9999,
    ciUpper: perOp * 1.0001,
    floorPerOp: 8,
    collectionPerOp: 0,
    processes: 1,
    regions: 4,
    unitIterations: 4096,
    tool: 'callgrind',
    flags: [],
    simulatedCache: null,
    wallSeconds: 10,
  };
}

/** One process's results: benchmark `name` counted at `perOp` instructions (time 50 ns/op, never compared here). */
function bench(name: string, perOp: number): BenchmarkResult {
  return { ...syntheticResult({ perOp: [50, 51, 52] }), id: `x.bench.ts#${name}`, name, group: null, instructions: count(perOp) };
}

/** Pairs of processes: pair i counts a[i] (and b[i]) for each benchmark named in `counts`. */
function pairs(counts: Record<string, { a: readonly number[]; b: readonly number[] }>): AbPair[] {
  const n = Object.values(counts)[0]!.a.length;
  const side = (s: 'a' | 'b', i: number): ResultsFile => ({ ...fullResults, benchmarks: Object.entries(counts).map(([name, c]) => bench(name, c[s][i]!)) });
  return Array.from({ length: n }, (_, i) => ({ order: abOrder(i), a: side('a', i), b: side('b', i) }));
}

const row = (analysis: ReturnType<typeof analyseAb>, name: string): AbRow => analysis.rows.find((r) => r.name === name)!;

describe('counted comparison (--metric instructions)', () => {
  it('decides a 5% change from 2 pairs whose counts repeat: the whole range, no p-value', () => {
    const analysis = analyseAb(pairs({ work: { a: [10_000, 10_001], b: [10_500, 10_502] } }), INSTRUCTION_NOISE, 'instructions');
    const r = row(analysis, 'work');
    assert.equal(r.judgedBy, 'counted');
    assert.equal(r.pValue, null);
    assert.equal(r.verdict, 'slower');
    assert.equal(r.warning, null, 'no "too few pairs" warning: the counted verdict needs no test');
    assert.ok(Math.abs(r.ciLower! - (10_500 / 10_001 - 1)) < 1e-12);
    assert.ok(Math.abs(r.ciUpper! - (10_502 / 10_000 - 1)) < 1e-12);
    // The same counts, unchanged: the whole range inside the ±0.2% band is "same", from 2 pairs too.
    const same = row(analyseAb(pairs({ work: { a: [10_000, 10_001], b: [10_002, 10_000] } }), INSTRUCTION_NOISE, 'instructions'), 'work');
    assert.deepEqual([same.judgedBy, same.verdict], ['counted', 'same']);
    assert.match(same.reason ?? '', /^the whole counted range \[.*\] lies inside the ±0\.2% band$/);
  });

  it('falls back to the signed-rank test where a count varies, and says which judged it', () => {
    // B's count moves by 3% between processes (a body whose work depends on randomness): not repeating.
    const analysis = analyseAb(pairs({ work: { a: [10_000, 10_000], b: [10_500, 10_815] } }), INSTRUCTION_NOISE, 'instructions');
    const r = row(analysis, 'work');
    assert.equal(r.judgedBy, 'signed-rank');
    assert.equal(typeof r.pValue, 'number');
    assert.equal(r.verdict, 'cant-tell', 'two pairs cannot reach p < 0.05');
    assert.match(r.warning ?? '', /2 pairs measured: .*6 pairs can/);
    assert.ok(r.countSpread !== undefined && r.countSpread.b > COUNT_REPEAT_TOLERANCE && r.countSpread.a === 0);
    const out = renderAbReport(analysis, { color: false, labelA: 'A', labelB: 'B' });
    assert.match(out, /work: signed rank: the counts did not repeat within 0\.1% on both sides \(max\/min − 1: A 0%, B 3%\)/);
    // With the pairs the test needs, the same varying count is called by the test, as before.
    const six = pairs({ work: { a: [10_000, 10_000, 10_000, 10_000, 10_000, 10_000], b: [10_500, 10_815, 10_600, 10_700, 10_550, 10_650] } });
    const tested = row(analyseAb(six, INSTRUCTION_NOISE, 'instructions'), 'work');
    assert.deepEqual([tested.judgedBy, tested.verdict], ['signed-rank', 'slower']);
  });

  it('one pair cannot show that counts repeat: signed rank, however equal the counts', () => {
    assert.equal(countsRepeat([10_000]), false);
    assert.equal(countsRepeat([10_000, 10_000 * (1 + COUNT_REPEAT_TOLERANCE)]), true);
    assert.equal(countsRepeat([10_000, 10_000 * (1 + 2 * COUNT_REPEAT_TOLERANCE)]), false);
    assert.equal(row(analyseAb(pairs({ work: { a: [10_000], b: [10_500] } }), INSTRUCTION_NOISE, 'instructions'), 'work').judgedBy, 'signed-rank');
    // Time is never counted, however steady.
    assert.equal(row(analyseAb(pairs({ work: { a: [1, 1], b: [2, 2] } }), 0.01, 'time'), 'work').judgedBy, 'signed-rank');
  });

  it('a counted range straddling the band is can’t tell, saying more pairs would not narrow it', () => {
    const r = row(analyseAb(pairs({ work: { a: [10_000, 10_008], b: [10_020, 10_028] } }), INSTRUCTION_NOISE, 'instructions'), 'work');
    assert.equal(r.judgedBy, 'counted');
    assert.ok(r.ciLower! < INSTRUCTION_NOISE && r.ciUpper! > INSTRUCTION_NOISE);
    assert.equal(r.verdict, 'cant-tell');
    assert.match(r.reason ?? '', /^the counted range \[\+0\.12%, \+0\.28%\] crosses an edge of the ±0\.2% band; to decide: .*more pairs would not narrow the range$/);
    // And in a bisect step against a threshold inside the range: undecided, counted, with the same hint.
    const step = stepVerdict(analyseAb(pairs({ work: { a: [10_000, 10_000], b: [10_198, 10_206] } }), INSTRUCTION_NOISE, 'instructions'), 0.02, 'slower');
    assert.deepEqual([step.verdict, step.judgedBy], ['undecided', 'counted']);
    assert.match(step.reason, /counted: the range of repeating counts\) reaches across 2%; to decide: a threshold farther from the change/);
  });

  it("Holm's step-down leaves counted rows alone and does not count them among the tests", () => {
    const counted = { ...({ name: 'c', pValue: null, judgedBy: 'counted', verdict: 'slower', reason: null } as unknown as AbRow) };
    const tested = (name: string, p: number): AbRow => ({ name, pValue: p, judgedBy: 'signed-rank', verdict: 'slower', reason: null }) as unknown as AbRow;
    // Two tests at p = 0.02: with m = 2 the first must reach 0.025 — it does; counting the counted row (m = 3) it would not (0.0167).
    const rows = holmStepDown([counted, tested('t1', 0.02), tested('t2', 0.02)], 0.05);
    assert.deepEqual(
      rows.map((r) => r.verdict),
      ['slower', 'slower', 'slower'],
    );
    assert.equal(rows[0], counted, 'the counted row is passed through as it was');
    // Among many failing tests, a counted row's call stands.
    const crowd = holmStepDown([counted, ...Array.from({ length: 10 }, (_, i) => tested(`t${i}`, 0.03))], 0.05);
    assert.equal(crowd[0]!.verdict, 'slower');
    assert.ok(crowd.slice(1).every((r) => r.verdict === 'cant-tell'));
    // Through analyseAb: a counted row beside a varying one; the varying one's warning counts one test, not two.
    const mixed = analyseAb(pairs({ steady: { a: [10_000, 10_000], b: [10_500, 10_500] }, random: { a: [10_000, 10_300], b: [10_500, 10_100] } }), INSTRUCTION_NOISE, 'instructions');
    assert.equal(row(mixed, 'steady').verdict, 'slower');
    assert.match(row(mixed, 'random').warning ?? '', /^2 pairs measured: the signed-rank test of 2 pairs cannot go below p = 0\.50 even when every pair agrees; 6 pairs can$/);
  });

  it('the counted interval holds every pair’s ratio (fast-check)', () => {
    const side = fc.array(fc.double({ min: 1, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(side, side, (a, b) => {
        const n = Math.min(a.length, b.length);
        const range = countedRange(a.slice(0, n), b.slice(0, n));
        const slack = 1e-12;
        for (let i = 0; i < n; i++) {
          const change = b[i]! / a[i]! - 1;
          if (change < range.lower - slack * Math.abs(range.lower) - 1e-15 || change > range.upper + slack * Math.abs(range.upper) + 1e-15) return false;
        }
        return range.lower <= range.change + 1e-12 && range.change <= range.upper + 1e-12;
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('calls a change only with the whole range beyond the band', () => {
    assert.equal(countedVerdict({ change: 0.05, lower: 0.049, upper: 0.051 }, 0.002).verdict, 'slower');
    assert.equal(countedVerdict({ change: -0.05, lower: -0.051, upper: -0.049 }, 0.002).verdict, 'faster');
    assert.equal(countedVerdict({ change: 0.002, lower: 0.001, upper: 0.003 }, 0.002).verdict, 'cant-tell');
    assert.equal(countedVerdict({ change: 0, lower: -0.001, upper: 0.001 }, 0.002).verdict, 'same');
  });

  it('writes counted rows to the JSON with a null p-value and what judged them', () => {
    const analysis = analyseAb(pairs({ work: { a: [10_000, 10_001], b: [10_500, 10_502] } }), INSTRUCTION_NOISE, 'instructions');
    const doc = abDocument(analysis, { a: 'A', b: 'B' }, true) as { version: number; rows: { pValue: number | null; judgedBy: string; countSpread: { a: number; b: number } }[] };
    assert.equal(doc.version, 3);
    assert.deepEqual([doc.rows[0]!.pValue, doc.rows[0]!.judgedBy], [null, 'counted']);
    assert.ok(doc.rows[0]!.countSpread.a < COUNT_REPEAT_TOLERANCE);
    assert.match(renderAbReport(analysis, { color: false, labelA: 'A', labelB: 'B' }), /^ {2}work .* counted +slower +2$/m);
  });
});

describe('pairs under --metric instructions', () => {
  it('measures 2 pairs by default in ab and bisect (10 comparing time)', () => {
    assert.equal(parseAbCommand(['a.bench.ts', 'b.bench.ts', '--metric', 'instructions'], process.cwd()).pairs, COUNTED_MIN_PAIRS);
    assert.equal(parseAbCommand(['a.bench.ts', 'b.bench.ts'], process.cwd()).pairs, 10);
    assert.equal(parseBisectCommand(['HEAD~3', 'HEAD', '--metric', 'instructions'], process.cwd()).pairs, COUNTED_MIN_PAIRS);
    assert.equal(parseBisectCommand(['HEAD~3', 'HEAD', '--metric', 'instructions', '--pairs', '4'], process.cwd()).pairs, 4);
  });

  it('adds pairs only where the counts do not repeat, as many as the signed-rank test needs for those', () => {
    const repeating = pairs({ a: { a: [10_000, 10_000], b: [10_500, 10_500] }, b: { a: [500, 500], b: [500, 500] } });
    assert.equal(unrepeatedCount(repeating), 0);
    assert.equal(countedTarget(repeating, undefined), null);
    const oneVaries = pairs({ a: { a: [10_000, 10_000], b: [10_500, 10_500] }, b: { a: [500, 530], b: [500, 500] } });
    assert.equal(unrepeatedCount(oneVaries), 1);
    assert.deepEqual(countedTarget(oneVaries, undefined), { to: pairsForHolm(1), benchmarks: 1 });
    // One pair cannot tell: a second first.
    assert.deepEqual(countedTarget(repeating.slice(0, 1), undefined), { to: COUNTED_MIN_PAIRS, benchmarks: 2 });
    assert.match(raisedPairsText({ asked: 2, to: 6, benchmarks: 1, unrepeated: true }), /^--pairs 2 raised to 6: the instruction counts of 1 benchmark did not repeat within 0\.1% across the pairs/);
  });

  it('times a counting process only as long as planning its regions needs, as --quick does', () => {
    const run = { timeBudgetNs: 1e9, warmupMaxNs: 2e9, passes: {} } as unknown as RunOptions;
    const counting = countingRunOptions(run);
    assert.deepEqual([counting.timeBudgetNs, counting.warmupMaxNs, counting.quick, counting.passes['instructions']], [COUNT_PLAN_TIME_NS, COUNT_PLAN_WARMUP_NS, true, true]);
    // A shorter budget of the user's own stays.
    assert.equal(countingRunOptions({ ...run, timeBudgetNs: 20e6 }).timeBudgetNs, 20e6);
  });

  it("says bisect's cost by the metric before starting: steps, pairs, and the counted step's time", () => {
    const run = { timeBudgetNs: 1e9, warmupMaxNs: 2e9, passes: {} } as unknown as RunOptions;
    const counted = costText(99, { pairs: 2, metric: 'instructions', run }, true);
    assert.match(
      counted,
      /^99 commits after good; at most 8 measured steps \(the bad end, then ⌈log2 99⌉ = 7 between\), one more for each commit skipped; a step is 4 processes \(2 pairs\), ~\d+ s per benchmark/,
    );
    assert.match(counted, /more pairs for a benchmark whose counts do not repeat/);
    const timed = costText(31, { pairs: 10, metric: 'time', run }, true);
    assert.match(timed, /a step is 20 processes \(10 pairs\).*then ~\d+ s more to count instructions under valgrind in 2 pairs/);
  });
});
