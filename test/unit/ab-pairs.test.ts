/**
 * `ubench ab` with a scripted executor: ABBA order of fresh processes, the paired ratio cancelling a
 * level shared by the two processes of a pair and a bias of the second process, the gate, and the
 * JSON rows. Deterministic: no real process, no clock.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { abOrder, analyseAb, holmStepDown, pairsForHolm, type AbPair, type AbRow } from '../../src/analysis/ab-pairs.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { HASH_SEED_NOTE, tookNote } from '../../src/cli/ab-command.js';
import { pairHashSeed } from '../../src/runner/ab/pair-hash-seed.js';
import type { ChildRequest } from '../../src/engine/process/events.js';
import type { ResultsFile } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';
import { hello, info, measurement, scriptedExecutor } from '../helpers/scripted-executor.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 346228975;

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-ab-'));
after(() => rmSync(dir, { recursive: true, force: true }));
for (const f of ['a.bench.ts', 'b.bench.ts']) writeFileSync(path.join(dir, f), '// scripted\n');

/** Machine speed level of pair p: processes of one pair share it, pairs differ by up to ±8%. */
const level = (pair: number): number => 1 + 0.08 * Math.sin(pair * 2.1);

interface Scenario {
  bRatio: number;
  secondBias: number;
  bOnly?: boolean;
}

/** Scripted processes: A measures 100 ns × level, B bRatio × that; the second process of a pair is secondBias slower. */
function executorFor(s: Scenario) {
  return scriptedExecutor((request: ChildRequest, spawn: number) => {
    const pair = Math.floor(spawn / 2);
    const isB = request.displayFile.startsWith('b');
    const second = spawn % 2 === 1;
    const jitter = 1 + 0.002 * Math.sin(spawn * 7.3);
    const ns = 100 * level(pair) * (isB ? s.bRatio : 1) * (second ? 1 + s.secondBias : 1) * jitter;
    const benchmarks = [info(request.displayFile, 'work', 'g'), ...(isB && s.bOnly ? [info(request.displayFile, 'extra', 'g')] : [])];
    return {
      events: [
        hello,
        { type: 'declared', benchmarks },
        ...benchmarks.flatMap((b) => [
          { type: 'start' as const, id: b.id },
          { type: 'measured' as const, id: b.id, result: measurement(ns) },
        ]),
        { type: 'done' },
      ],
    };
  });
}

async function ab(args: string[], s: Scenario, env: NodeJS.ProcessEnv = {}) {
  const executor = executorFor(s);
  return { ...(await runInProcess(['ab', 'a.bench.ts', 'b.bench.ts', '--no-color', '--quiet', ...args], { cwd: dir, executor, env })), executor };
}

describe('ubench ab (scripted processes)', () => {
  it('runs fresh processes in ABBA order, one per side per pair', async () => {
    const r = await ab(['--pairs', '6'], { bRatio: 1, secondBias: 0 });
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      r.executor.requests.map((q) => q.displayFile[0]),
      ['a', 'b', 'b', 'a', 'a', 'b', 'b', 'a', 'a', 'b', 'b', 'a'],
    );
    assert.deepEqual([0, 1, 2, 3].map(abOrder), ['AB', 'BA', 'AB', 'BA']);
  });

  it('asks its processes for the time alone (no probes or memory phase), which is all the pairs read', async () => {
    const r = await ab(['--pairs', '6'], { bRatio: 1, secondBias: 0 });
    assert.equal(r.code, 0);
    assert.equal(r.executor.requests.length, 12);
    assert.ok(r.executor.requests.every((q) => q.timingOnly === true));
  });

  it('says under its table where the time went: the pairs, and --explain when run', async () => {
    const r = await ab(['--pairs', '6', '--json', path.join(dir, 'took.json')], { bRatio: 1, secondBias: 0 });
    assert.equal(r.code, 0);
    const doc = JSON.parse(readFileSync(path.join(dir, 'took.json'), 'utf8')) as { notes?: string[] };
    assert.ok(
      doc.notes?.some((n) => /^took \d+ s for 6 pairs$/.test(n)),
      JSON.stringify(doc.notes),
    );
    assert.equal(tookNote(10, 96_400, { changes: 1, ms: 30_600 }), "took 96 s for 10 pairs; --explain 31 s (1 change, both sides' evidence runs side by side)");
    assert.equal(tookNote(1, 400, { changes: 0, ms: 0 }), 'took 0 s for 1 pair; --explain 0 s (no change called)');
  });

  it("gives both processes of a pair one V8 hash seed, a new one each pair, and says so; a seed of the user's own holds for all", async () => {
    const json = path.join(dir, 'seeds.json');
    const r = await ab(['--pairs', '3', '--json', json], { bRatio: 1, secondBias: 0 });
    assert.equal(r.code, 0, r.err);
    const seeds = r.executor.requests.map((q) => (q.nodeFlags ?? []).filter((f) => f.startsWith('--hash-seed=')));
    assert.ok(
      seeds.every((s) => s.length === 1 && /^--hash-seed=[1-9]\d*$/.test(s[0]!)),
      JSON.stringify(seeds),
    );
    const perPair = [0, 1, 2].map((p) => seeds.slice(2 * p, 2 * p + 2).map((s) => s[0]));
    for (const [a, b] of perPair) assert.equal(a, b);
    assert.equal(new Set(perPair.map(([a]) => a)).size, 3);
    assert.ok((JSON.parse(readFileSync(json, 'utf8')) as { notes?: string[] }).notes?.includes(HASH_SEED_NOTE));
    const own = await ab(['--pairs', '2', '--node-flags', '--hash-seed=7', '--json', json], { bRatio: 1, secondBias: 0 });
    assert.equal(own.code, 0, own.err);
    assert.ok(
      own.executor.requests.every((q) => JSON.stringify(q.nodeFlags) === '["--hash-seed=7"]'),
      JSON.stringify(own.executor.requests.map((q) => q.nodeFlags)),
    );
    assert.ok(!(JSON.parse(readFileSync(json, 'utf8')) as { notes?: string[] }).notes?.includes(HASH_SEED_NOTE));
  });

  it('draws pair seeds that V8 takes as fixed (never 0) and that differ between pairs and runs', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e4 }), (seed, pair) => {
        const s = pairHashSeed(seed, pair);
        assert.ok(Number.isInteger(s) && s >= 1 && s < 2 ** 31, String(s));
      }),
      { seed: PROPERTY_SEED },
    );
    assert.equal(new Set(Array.from({ length: 100 }, (_, p) => pairHashSeed(1, p))).size, 100);
    assert.notEqual(pairHashSeed(1, 0), pairHashSeed(2, 0));
  });

  it('finds B 10% slower through ±8% pair-to-pair levels and a 3% second-process bias, and measures the bias', async () => {
    const json = path.join(dir, 'ab.json');
    const r = await ab(['--pairs', '10', '--json', json], { bRatio: 1.1, secondBias: 0.03 });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^ {2}g\/work .* \+\d+\.\d+% \[\+\d+\.\d+%, \+\d+\.\d+%\] +0\.00\d+ +slower +10$/m);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as {
      format: string;
      complete: boolean;
      rows: { ratio: number; ciLower: number; ciUpper: number; verdict: string; orderEffect: number; pairsMeasured: number }[];
    };
    assert.equal(doc.format, 'ubench-ab');
    assert.equal(doc.complete, true);
    const row = doc.rows[0]!;
    assert.equal(row.pairsMeasured, 10);
    assert.ok(Math.abs(row.ratio - 1.1) < 0.01, `ratio ${row.ratio}`);
    // The alternating ±3% bias widens the interval (ABBA cancels it from the estimate, not the spread).
    assert.ok(row.ciLower > 0.05 && row.ciUpper < 0.15, JSON.stringify(row));
    assert.ok(Math.abs(row.orderEffect - 0.03) < 0.005, `order effect ${row.orderEffect}`);
  });

  it('writes the table as Markdown and appends it to $GITHUB_STEP_SUMMARY', async () => {
    const summary = path.join(dir, 'summary.md');
    writeFileSync(summary, '');
    const r = await ab(['--pairs', '6', '--markdown', path.join(dir, 'ab.md')], { bRatio: 1.2, secondBias: 0 }, { GITHUB_STEP_SUMMARY: summary });
    assert.equal(r.code, 0, r.err);
    const markdown = readFileSync(path.join(dir, 'ab.md'), 'utf8');
    assert.match(markdown, /^# ubench ab: A = a\.bench\.ts, B = b\.bench\.ts$/m);
    assert.match(markdown, /^\| g\/work \| [\d.]+ ns \| [\d.]+ ns \| \+20\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] \| 0\.0313 \| \*\*slower\*\* \| 6 \|$/m);
    assert.equal(readFileSync(summary, 'utf8'), `${markdown}\n`);
  });

  it('calls no change between two equal sides despite the level shifts: the ±3% order bias leaves it unable to tell within ±1%, and says what would decide', async () => {
    const r = await ab(['--pairs', '10'], { bRatio: 1, secondBias: 0.03 });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^ {2}g\/work .* can't tell +10$/m);
    assert.match(r.out, /^ {2}\? g\/work: can't tell: not significant \(p = [\d.]+\), and the interval \[-\d.*crosses an edge of the ±1% band; to decide: more --pairs/m);
  });

  it('calls no change between two equal sides without an order bias: the same', async () => {
    const r = await ab(['--pairs', '10'], { bRatio: 1, secondBias: 0 });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^ {2}g\/work .* same +10$/m);
  });

  it('--fail-on-regression exits 1 naming B’s regression; a gate above it passes', async () => {
    const failing = await ab(['--pairs', '8', '--fail-on-regression', '5%'], { bRatio: 1.1, secondBias: 0 });
    assert.equal(failing.code, 1);
    assert.match(failing.err, /^ubench: --fail-on-regression 5%: 1 benchmark of B slower by more than that: g\/work \(\+10\.\d%/m);
    const passing = await ab(['--pairs', '8', '--fail-on-regression', '20%'], { bRatio: 1.1, secondBias: 0 });
    assert.equal(passing.code, 0, passing.err);
  });

  it('raises --pairs 5 to the 6 a signed-rank test needs to call anything, says so, and lists benchmarks of one side only', async () => {
    const r = await ab(['--pairs', '5'], { bRatio: 1.2, secondBias: 0, bOnly: true });
    assert.equal(r.executor.requests.length, 12);
    assert.match(r.out, /--pairs 5 raised to 6: with 1 benchmark tested at once/);
    assert.match(r.out, /only in B \(1\): g\/extra/);
    assert.match(r.out, / slower +6$/m);
  });

  it('bad arguments: one-line usage errors', async () => {
    for (const [args, message] of [
      [['a.bench.ts'], /^ubench: ab: expected two bench files \(A and B\), got 1\n$/],
      [['a.bench.ts', 'b.bench.ts', '--pairs', '0'], /^ubench: --pairs: expected a positive integer/],
    ] as const) {
      const { code, err } = await runInProcess(['ab', ...args], { cwd: dir });
      assert.equal(code, 2);
      assert.match(err, message);
    }
  });
});

describe('analyseAb', () => {
  const file = (ns: number | null): ResultsFile => ({
    ...fullResults,
    benchmarks: [
      ns === null
        ? { ...syntheticResult({ perOp: [1] }), id: 'x#w', name: 'w', group: null, status: 'error', estimate: null }
        : { ...syntheticResult({ perOp: [ns, ns, ns] }), id: 'x#w', name: 'w', group: null },
    ],
  });
  it('leaves out pairs where a side failed and counts them', () => {
    const pairs: AbPair[] = [100, 101, 99, 100, 102, 98, 100].map((a, i) => ({ order: abOrder(i), a: file(a), b: file(i === 3 ? null : a * 1.2) }));
    const row = analyseAb(pairs, 0.01).rows[0]!;
    assert.equal(row.aEstimates.length, 6);
    assert.equal(row.missingPairs, 1);
    assert.ok(Math.abs(row.ratio - 1.2) < 1e-9);
    assert.equal(row.verdict, 'slower');
  });
});

describe("Holm's step-down over the benchmarks of an A/B", () => {
  /** A row as the signed-rank test alone would call it: slower when p ≤ 0.05. */
  const row = (name: string, pValue: number): AbRow =>
    ({ name, pValue, verdict: pValue <= 0.05 ? 'slower' : 'cant-tell', reason: null, change: 0.05, ciLower: 0.02, ciUpper: 0.08 }) as unknown as AbRow;

  it('calls none of ten rows that each reached only p = 0.031 (six pairs all one way)', () => {
    const rows = holmStepDown(
      Array.from({ length: 10 }, (_, i) => row(`b${i}`, 0.03125)),
      0.05,
    );
    assert.ok(rows.every((r) => r.verdict === 'cant-tell'));
    assert.match(rows[0]!.reason ?? '', /^significant alone \(p = 0\.031\), not with 10 benchmarks tested at once \(Holm asks ≤ 0\.0050\); to decide: more --pairs/);
  });

  it('keeps a row whose p-value clears α/m, then steps down', () => {
    const rows = holmStepDown([row('a', 0.002), row('b', 0.004), row('c', 0.04), ...Array.from({ length: 7 }, (_, i) => row(`n${i}`, 0.5))], 0.05);
    assert.deepEqual(
      rows.slice(0, 3).map((r) => r.verdict),
      ['slower', 'slower', 'cant-tell'],
    );
  });

  it('needs the pairs whose all-agreeing p = 2/2ⁿ reaches α/m: 6 for one benchmark, 7 for two, 9 for ten', () => {
    assert.deepEqual(
      [1, 2, 3, 10, 25, 26].map((m) => pairsForHolm(m, 0.05)),
      [6, 7, 7, 9, 10, 11],
    );
  });

  it('with the pairs raised for two benchmarks, a 2.7× change every pair agrees on is called (at 6 pairs it could not be)', () => {
    const two = (ns: number): ResultsFile => ({
      ...fullResults,
      benchmarks: ['tokenize', 'parse'].map((name) => ({ ...syntheticResult({ perOp: [ns, ns, ns] }), id: `x#${name}`, name, group: null })),
    });
    const pairsOf = (n: number): AbPair[] => Array.from({ length: n }, (_, i) => ({ order: abOrder(i), a: two(12.3 * (1 + 0.05 * Math.sin(i))), b: two(33.5 * (1 + 0.05 * Math.cos(i))) }));
    const six = analyseAb(pairsOf(6), 0.01);
    assert.ok(
      six.rows.every((r) => r.verdict === 'cant-tell' && /7 pairs can/.test(r.warning ?? '')),
      JSON.stringify(six.rows.map((r) => [r.verdict, r.warning])),
    );
    const seven = analyseAb(pairsOf(pairsForHolm(2)), 0.01);
    assert.deepEqual(
      seven.rows.map((r) => r.verdict),
      ['slower', 'slower'],
    );
  });

  it('leaves a single row as the signed-rank test called it', () => {
    assert.equal(holmStepDown([row('a', 0.04)], 0.05)[0]!.verdict, 'slower');
  });

  it('never calls more rows than testing each at α, for any p-values (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }), (ps) => {
        const rows = holmStepDown(
          ps.map((p, i) => row(`r${i}`, p)),
          0.05,
        );
        const calledEach = rows.every((r, i) => r.verdict === 'cant-tell' || ps[i]! <= 0.05);
        const noneBelowFirstStep = ps.length < 2 || ps.some((p) => p <= 0.05 / ps.length) || rows.every((r) => r.verdict === 'cant-tell');
        return calledEach && noneBelowFirstStep;
      }),
      { seed: PROPERTY_SEED },
    );
  });
});
