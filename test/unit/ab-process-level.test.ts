/**
 * A process the host slowed as a whole (analysis/ab-process-level.ts): found by its level against its
 * own side's processes, never raised by a real change, and in `ab` its pair measured again (scripted
 * processes, seeded jitter; no real process, no clock).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { abOrder, type AbPair } from '../../src/analysis/ab-pairs.js';
import { BURST_LEVEL, burstPairs, burstText, processLevels } from '../../src/analysis/ab-process-level.js';
import type { ChildRequest } from '../../src/engine/process/events.js';
import type { ResultsFile } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { hello, info, measurement, scriptedExecutor } from '../helpers/scripted-executor.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 669179832;

const template = { ...syntheticResult({ perOp: [1, 1, 1] }), group: null };
const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const BASE = [16, 40, 100, 85, 30, 95, 82, 98, 300, 390];

function file(times: readonly number[]): ResultsFile {
  return {
    ...fullResults,
    benchmarks: times.map((ns, i) => ({ ...template, id: `x#${NAMES[i]}`, name: NAMES[i]!, estimate: { ...template.estimate!, nsPerOp: ns } })),
  };
}

/** Ten pairs of ten benchmarks, each estimate off by up to ±jitter; `slow(pair, side, benchmark)` multiplies one. */
function pairsOf(seed: number, jitter: number, bFactor = 1, slow: (pair: number, side: 'a' | 'b', k: number) => number = () => 1): AbPair[] {
  const rng = createRng(seed);
  const side = (pair: number, s: 'a' | 'b'): ResultsFile => file(BASE.map((ns, k) => ns * (s === 'b' ? bFactor : 1) * (1 + jitter * (2 * rng() - 1)) * slow(pair, s, k)));
  return Array.from({ length: 10 }, (_, i) => ({ order: abOrder(i), a: side(i, 'a'), b: side(i, 'b') }));
}

describe('processes the host slowed as a whole', () => {
  it('finds the B process of pair 3 that read 6 of its 10 benchmarks 15% slow, and only it', () => {
    const pairs = pairsOf(1, 0.02, 1, (pair, side, k) => (pair === 2 && side === 'b' && k < 6 ? 1.15 : 1));
    const bursts = burstPairs(pairs);
    assert.equal(bursts.length, 1);
    assert.equal(bursts[0]!.pair, 2);
    assert.equal(bursts[0]!.side, 'b');
    assert.ok(Math.abs(bursts[0]!.level - 1.15) < 0.04, String(bursts[0]!.level));
    assert.match(burstText(bursts[0]!), /^pair 3 measured again: its B process read its 10 benchmarks \+1\d\.\d% off B's other processes/);
  });

  it('a real change of B, +40% in every process, raises no level', () => {
    assert.deepEqual(burstPairs(pairsOf(2, 0.02, 1.4)), []);
    assert.ok(processLevels(pairsOf(2, 0.02, 1.4)).every((l) => Math.abs(l.level - 1) < 0.03));
  });

  it('never flags jitter within ±3% (fast-check): a level is then within [0.97/1.03, 1.03/0.97]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.double({ min: 0, max: 0.03, noNaN: true }), fc.double({ min: 0.5, max: 3, noNaN: true }), (seed, jitter, bFactor) => {
        assert.deepEqual(burstPairs(pairsOf(seed, jitter, bFactor)), []);
      }),
      { seed: PROPERTY_SEED },
    );
    assert.ok(1.03 / 0.97 - 1 < BURST_LEVEL);
  });

  it('says nothing with fewer than 4 benchmarks or 4 pairs', () => {
    const slowB = (pair: number, side: 'a' | 'b'): number => (pair === 1 && side === 'b' ? 1.3 : 1);
    const few = pairsOf(3, 0.01, 1, slowB).map((p) => ({ ...p, a: { ...p.a!, benchmarks: p.a!.benchmarks.slice(0, 3) }, b: { ...p.b!, benchmarks: p.b!.benchmarks.slice(0, 3) } }));
    assert.deepEqual(burstPairs(few), []);
    assert.deepEqual(burstPairs(pairsOf(3, 0.01, 1, slowB).slice(0, 3)), []);
    assert.equal(burstPairs(pairsOf(3, 0.01, 1, slowB).slice(0, 4)).length, 1);
  });
});

describe('ab measures a pair again when one of its processes was slowed as a whole', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-ab-burst-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['a.bench.ts', 'b.bench.ts']) writeFileSync(path.join(dir, f), '// scripted\n');

  /** B is 12% slower in every benchmark; spawn `burstSpawn` (an A process) reads all of them 30% slow, which reverses its pair. */
  function executor(burstSpawn: number) {
    return scriptedExecutor((request: ChildRequest, spawn: number) => {
      const isB = request.displayFile.startsWith('b');
      const benchmarks = NAMES.slice(0, 6).map((n) => info(request.displayFile, n, 'g'));
      const jitter = (k: number): number => 1 + 0.004 * Math.sin(spawn * 7.3 + k);
      const ns = (k: number): number => BASE[k]! * (isB ? 1.12 : 1) * (spawn === burstSpawn ? 1.3 : 1) * jitter(k);
      return {
        events: [
          hello,
          { type: 'declared', benchmarks },
          ...benchmarks.flatMap((b, k) => [
            { type: 'start' as const, id: b.id },
            { type: 'measured' as const, id: b.id, result: measurement(ns(k)) },
          ]),
          { type: 'done' },
        ],
      };
    });
  }

  it('runs pair 2 again (in its order, BA) and calls all six changes, saying so under the table', async () => {
    // Spawn 3 is pair 2's second process: pair 2 runs BA, so it is A.
    const exec = executor(3);
    const json = path.join(dir, 'burst.json');
    const r = await runInProcess(['ab', 'a.bench.ts', 'b.bench.ts', '--pairs', '10', '--no-color', '--quiet', '--json', json], { cwd: dir, executor: exec });
    assert.equal(r.code, 0, r.err);
    assert.equal(exec.requests.length, 22);
    assert.deepEqual(
      exec.requests.slice(20).map((q) => q.displayFile[0]),
      ['b', 'a'],
    );
    const doc = JSON.parse(readFileSync(json, 'utf8')) as {
      notes: string[];
      rows: { name: string; verdict: string; aEstimates: number[]; bEstimates: number[] }[];
      remeasured: { pair: number; side: string; level: number; dropped: { a: Record<string, number>; b: Record<string, number> } }[];
    };
    assert.ok(
      doc.notes.some((n) => /^pair 2 measured again: its A process read its 6 benchmarks \+(29|30)\.\d% off A's other processes/.test(n)),
      doc.notes.join('\n'),
    );
    assert.ok(doc.rows.every((row) => row.verdict === 'slower' && row.aEstimates.length === 10));
    // The pair it replaced is kept: its A process 30% slow in every benchmark, against the A the pair now holds.
    assert.equal(doc.remeasured.length, 1);
    const [again] = doc.remeasured;
    assert.deepEqual([again!.pair, again!.side], [2, 'a']);
    assert.ok(Math.abs(again!.level - 1.3) < 0.02, String(again!.level));
    for (const row of doc.rows) {
      assert.ok(Math.abs(again!.dropped.a[row.name]! / row.aEstimates[1]! - 1.3) < 0.02, `${row.name}: ${again!.dropped.a[row.name]} against ${row.aEstimates[1]}`);
      assert.ok(again!.dropped.b[row.name]! > 0);
    }
  });

  it('without a burst, no pair is measured again', async () => {
    const exec = executor(-1);
    const r = await runInProcess(['ab', 'a.bench.ts', 'b.bench.ts', '--pairs', '10', '--no-color', '--quiet'], { cwd: dir, executor: exec });
    assert.equal(r.code, 0, r.err);
    assert.equal(exec.requests.length, 20);
  });
});
