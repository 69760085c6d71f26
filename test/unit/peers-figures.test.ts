/**
 * The peers figures' readers and arithmetic (lab/scripts/peers/): each harness's output read into
 * estimates, anything malformed refused with a reason or left out, never a crash of the script and
 * never a number that is not a time; the CV, the per-run wall ratio and the CV verdict on synthetic
 * records. No process, no clock.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { HARNESSES, parseJson, readBenchNode, readMitata, readUbench } from '../../lab/scripts/peers/harnesses.mjs';
import type { Harness } from '../../lab/scripts/peers/harnesses.mjs';
import { runHarness } from '../../lab/scripts/peers/run-harness.mjs';
import { cv, type PeerRecord, summarise } from '../../lab/scripts/peers/summarise.mjs';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 33;

const mitataDoc = (runs: unknown[], noop: unknown = 0.12) => JSON.stringify({ layout: [], benchmarks: [{ alias: 'x', runs }], context: { noop: { fn: { avg: noop } } } });

describe('peers readers', () => {
  it('reads ubench median estimates and its floor, skipping failed and unknown benchmarks', () => {
    const text = JSON.stringify({
      benchmarks: [
        {
          name: 'chain 64',
          status: 'ok',
          estimate: { nsPerOp: 170.5 },
          floorNsPerOp: 0.31,
          stats: { median: 174.2 },
          warmup: { durationNs: 3e8 },
          precision: { durationNs: 5e8 },
          memory: { gcApart: { windowNs: 1e7 } },
        },
        { name: 'template string', status: 'ok', estimate: { nsPerOp: 16 }, stats: { median: 'fast' }, warmup: { durationNs: 2e8 }, precision: { durationNs: -1 }, memory: { gcApart: null } },
        { name: 'chain 256', status: 'failed', estimate: null, floorNsPerOp: null },
        { name: 'not a workload', status: 'ok', estimate: { nsPerOp: 3 }, floorNsPerOp: 0.3 },
        { name: 'Map#get', status: 'ok', estimate: { nsPerOp: -1 } },
      ],
    });
    const read = readUbench(text);
    assert.deepEqual(
      [...read.estimates],
      [
        ['chain 64', 170.5],
        ['template string', 16],
      ],
    );
    assert.deepEqual([...read.overall!], [['chain 64', 174.2]]);
    assert.equal(read.ownFloorNs, 0.3);
    // Phases of ok benchmarks only, a value that is not a time counted as none.
    assert.deepEqual(read.phases, { warmupNs: 5e8, samplingNs: 5e8, gcApartNs: 1e7 });
  });

  it("reads mitata's mean per run and its own noop figure", () => {
    const read = readMitata(
      `some banner\n${mitataDoc([
        { name: 'chain 64', stats: { avg: 80, p50: 79 } },
        { name: 'empty body', stats: undefined, error: { message: 'x' } },
      ])}\n`,
    );
    assert.deepEqual([...read.estimates], [['chain 64', 80]]);
    assert.equal(read.ownFloorNs, 0.12);
  });

  it("reads bench-node's ops/s as ns/op and refuses a string or a zero rate", () => {
    const read = readBenchNode(
      JSON.stringify({
        benchmarks: [
          { name: 'chain 64', opsSec: 4e6 },
          { name: 'chain 256', opsSec: '1e6' },
          { name: 'Map#get', opsSec: 0 },
        ],
      }),
    );
    assert.deepEqual([...read.estimates], [['chain 64', 250]]);
  });

  it('refuses what is not JSON or has no list, with a reason', () => {
    for (const read of [readUbench, readMitata, readBenchNode]) {
      for (const bad of ['', 'Error: boom', 'null', '[1,2]', '{"benchmarks":{}}', '{"benchmarks":"x"}']) {
        assert.throws(() => read(bad), /empty|not JSON|no list/);
      }
    }
  });

  it('never throws anything but a reason, and never returns a number that is not a time (any bytes)', () => {
    const junk = fc.oneof(
      fc.string(),
      fc.json(),
      fc.anything().map((v) => {
        try {
          return JSON.stringify({ benchmarks: [v, { name: 'chain 64', status: 'ok', estimate: { nsPerOp: v }, opsSec: v, runs: [{ name: 'chain 64', stats: { avg: v } }] }] }) ?? '';
        } catch {
          return '';
        }
      }),
    );
    fc.assert(
      fc.property(junk, (text) => {
        for (const read of [readUbench, readMitata, readBenchNode]) {
          try {
            const { estimates } = read(text);
            for (const [name, ns] of estimates) {
              assert.equal(name, 'chain 64');
              assert.ok(Number.isFinite(ns) && ns >= 0);
            }
          } catch (error) {
            assert.ok(error instanceof Error && error.message.length > 0);
          }
        }
      }),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });

  it('takes the last object line when a harness prints more than its JSON', () => {
    assert.deepEqual(parseJson('progress…\n{"a":1}\n{"b":2}\n', 'x'), { b: 2 });
  });

  it('starts bench-node with the flag it requires and ubench with a results file', () => {
    const byId = new Map(HARNESSES.map((h) => [h.id, h]));
    assert.ok(byId.get('bench-node')?.argv('').includes('--allow-natives-syntax'));
    assert.ok(byId.get('ubench')?.argv('/tmp/r.json').includes('/tmp/r.json'));
    assert.deepEqual([...byId.keys()], ['ubench', 'mitata', 'bench-node']);
  });
});

describe('peers summary', () => {
  const record = (run: number, harness: string, wallSeconds: number, entries: [string, number][], ok = true): PeerRecord => ({
    run,
    harness,
    ok,
    wallSeconds,
    estimates: new Map(entries),
    ...(ok ? {} : { reason: 'timed out after 300 s' }),
  });

  it('computes CV as sample standard deviation over the mean', () => {
    assert.equal(cv([10]), undefined);
    assert.ok(Math.abs((cv([9, 11]) ?? 0) - Math.SQRT2 / 10) < 1e-12);
  });

  it('is scale-free: multiplying every estimate leaves the CV alone', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 10 }), fc.double({ min: 0.01, max: 100, noNaN: true }), (xs, k) => {
        const a = cv(xs) ?? 0;
        const b = cv(xs.map((x) => x * k)) ?? 0;
        assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, a));
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('pairs wall times by run, keeps failures as reasons, and judges the CV against the best peer', () => {
    const records = [
      record(1, 'ubench', 6, [['w', 100]]),
      record(1, 'mitata', 10, [['w', 100]]),
      record(1, 'bench-node', 5, [['w', 100]]),
      record(2, 'mitata', 12, [['w', 110]]),
      record(2, 'ubench', 9, [['w', 101]]),
      record(2, 'bench-node', 5, [], false),
      record(3, 'ubench', 20, [['w', 102]]),
      record(3, 'mitata', 0, [], false),
    ];
    const s = summarise(records, ['w'], ['ubench', 'mitata', 'bench-node'], 'w');
    assert.deepEqual(
      s.ratios.map((r) => [r.run, r.ratio]),
      [
        [1, 0.6],
        [2, 0.75],
      ],
    );
    assert.deepEqual(s.walls.get('ubench'), [6, 9, 20]);
    const bn = s.cell('w', 'bench-node');
    assert.deepEqual(bn?.values, [100]);
    assert.deepEqual(bn?.reasons, ['timed out after 300 s']);
    assert.equal(bn?.cv, undefined);
    // ubench 100..102 against mitata 100/110: ubench's CV is the lower.
    assert.equal(s.cvMet('w'), true);
    const flipped = summarise(
      records.map((r) => (r.harness === 'ubench' ? { ...r, estimates: new Map([['w', 100 + 20 * r.run]]) } : r)),
      ['w'],
      ['ubench', 'mitata', 'bench-node'],
      'w',
    );
    assert.equal(flipped.cvMet('w'), false);
  });
});

describe('peers harness process', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ubench-peers-test-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const valid = JSON.stringify({ benchmarks: [{ name: 'chain 64', opsSec: 1e7 }] });
  /** A stand-in harness: a node process running `code`, read as bench-node's output. */
  const fake = (code: string, readsResultsFile = false): Harness => ({
    id: 'fake',
    estimator: 'test',
    argv: (resultsFile) => ['-e', code.replace('RESULTS', JSON.stringify(resultsFile))],
    readsResultsFile,
    read: readBenchNode,
  });

  it('gives a failed record with the reason for garbage, and keeps the last stderr line, cleaned', () => {
    const r = runHarness(fake('process.stdout.write("garbage"); process.stderr.write("a | b\\u0007 `c`\\n"); process.exitCode = 2'), 1, scratch);
    assert.equal(r.ok, false);
    assert.match(r.reason ?? '', /^exit 2: bench-node output: not JSON \(a b c ?\)$/);
  });

  it('stops a process that hangs and says it timed out', () => {
    const r = runHarness(fake('setInterval(() => {}, 1000)'), 1, scratch, 500);
    assert.equal(r.ok, false);
    assert.match(r.reason ?? '', /timed out after 0.5 s/);
  });

  it('keeps the figures of a process that exits non-zero after printing them', () => {
    const r = runHarness(fake(`process.stdout.write(${JSON.stringify(valid)}); process.exitCode = 3`), 1, scratch);
    assert.equal(r.ok, true);
    assert.equal(r.exitStatus, 3);
    assert.equal(r.estimates.get('chain 64'), 100);
  });

  it('reads a results file when the harness writes one, and says so when it wrote none', () => {
    const wrote = runHarness(fake(`require('node:fs').writeFileSync(RESULTS, ${JSON.stringify(valid)})`, true), 1, scratch);
    assert.equal(wrote.ok, true);
    const none = runHarness(fake(`process.stdout.write(${JSON.stringify(valid)})`, true), 2, scratch);
    assert.equal(none.ok, false);
    assert.match(none.reason ?? '', /empty/);
  });
});
