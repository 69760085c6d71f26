/**
 * `--shard i/n` and `ubench merge` on scripted benchmark processes: shards are disjoint and cover the
 * suite (by file and by benchmark); merging is order-free and idempotent, pools a benchmark's
 * processes like `--forks`, keeps machines apart, and refuses incompatible or malformed files with
 * exit 2 and nothing written; `compare --fail-on-regression` gates on merged files.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mergeResults } from '../../src/analysis/merge-results.js';
import { shareOf } from '../../src/runner/select/shard.js';
import type { ChildEvent, ChildRequest } from '../../src/engine/process/events.js';
import { readResults } from '../../src/results/files/read-results.js';
import type { ResultsFile } from '../../src/results/types.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { info, measurement, scriptedExecutor } from '../helpers/scripted-executor.js';
import fc from 'fast-check';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 810596942;

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-merge-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const FILES = ['a.bench.ts', 'b.bench.ts', 'c.bench.ts', 'd.bench.ts', 'e.bench.ts'];
for (const f of FILES) writeFileSync(path.join(dir, f), '// scripted\n');
const NAMES = ['one', 'two', 'three'];

/** Every file declares three benchmarks; `slow` makes every benchmark that much slower. */
function suite(slow = 1) {
  return scriptedExecutor((request: ChildRequest, spawn) => {
    const declared = NAMES.map((n) => info(request.displayFile, n)).filter((b) => request.only === null || request.only.includes(b.id));
    const events: ChildEvent[] = [
      { type: 'hello', pid: 100 + spawn, clock: { costNs: 45, resolutionNs: 30 }, execArgv: [], throttleBaselineNs: 300_000 },
      { type: 'declared', benchmarks: declared },
    ];
    if (!request.listOnly) {
      for (const [i, b] of declared.entries()) events.push({ type: 'measured', id: b.id, result: measurement((10 + i + FILES.indexOf(request.displayFile)) * slow * (1 + 0.003 * (spawn % 3))) });
    }
    events.push({ type: 'done' });
    return { events };
  });
}

async function runTo(json: string, args: string[], slow = 1): Promise<ResultsFile> {
  const r = await runInProcess([...FILES, ...args, '--json', json, '--quiet', '--no-color', '--no-history'], { cwd: dir, executor: suite(slow), env: {} });
  assert.equal(r.code, 0, r.out + r.err);
  return readResults(json);
}

const ids = (file: ResultsFile): string[] => file.benchmarks.map((b) => b.id).sort();
const at = (name: string): string => path.join(dir, name);

describe('shares of a suite (--shard)', () => {
  it('are disjoint, cover it, and differ in size by at most one, whatever the order found', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 40 }), fc.integer({ min: 1, max: 9 }), (items, count) => {
        const shares = Array.from({ length: count }, (_, i) => shareOf(items, (s) => s, { index: i + 1, count }));
        assert.deepEqual(shares.flat().sort(), [...items].sort());
        const sizes = shares.map((s) => s.length);
        assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1);
        assert.deepEqual(
          shareOf([...items].reverse(), (s) => s, { index: 1, count }),
          shares[0],
        );
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('rejects a shard that is not i/n with 1 ≤ i ≤ n', async () => {
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0']) {
      const r = await runInProcess(['a.bench.ts', '--shard', bad, '--quiet'], { cwd: dir, executor: suite() });
      assert.equal(r.code, 2, bad);
      assert.match(r.err, /^ubench: --shard: expected i\/n/m);
    }
  });
});

describe('merge', () => {
  let whole: ResultsFile;
  before(async () => {
    whole = await runTo(at('whole.json'), []);
  });

  for (const isolate of ['file', 'benchmark'] as const) {
    it(`4 shards (--isolate ${isolate}) merged hold exactly the suite`, async () => {
      const shards: string[] = [];
      for (let i = 1; i <= 4; i++) {
        const file = at(`shard-${isolate}-${i}.json`);
        const results = await runTo(file, ['--shard', `${i}/4`, '--isolate', isolate]);
        assert.deepEqual(results.settings.shard, { index: i, count: 4 });
        shards.push(file);
      }
      const parts = shards.map((s) => ids(readResults(s)));
      assert.equal(new Set(parts.flat()).size, parts.flat().length, 'disjoint');
      const out = at(`merged-${isolate}.json`);
      const r = await runInProcess(['merge', ...shards, '--json', out, '--quiet'], { cwd: dir });
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, /merged 4 files \(4 runs on 1 machine, 15 benchmarks\)/);
      const merged = readResults(out);
      assert.deepEqual(ids(merged), ids(whole));
      assert.equal(merged.merged!.runs.length, 4);
      assert.ok(merged.benchmarks.every((b) => b.forks?.length === 1 && b.forks[0]!.source !== undefined && b.estimate!.method === 'median-order-statistics'));
    });
  }

  it('pools the processes of separate runs like --forks, order-free and idempotent', async () => {
    const a = { label: 'a.json', results: await runTo(at('run-a.json'), []) };
    const b = { label: 'b.json', results: await runTo(at('run-b.json'), []) };
    const ab = mergeResults([a, b]);
    assert.ok(ab.benchmarks.every((x) => x.forks?.length === 2 && x.samples.length === 40));
    assert.deepEqual(mergeResults([b, a]).benchmarks, ab.benchmarks);
    assert.deepEqual(mergeResults([a, a]).benchmarks, mergeResults([a]).benchmarks);
    assert.deepEqual(mergeResults([{ label: 'ab.json', results: ab }, a]).benchmarks, ab.benchmarks);
    assert.equal(mergeResults([a]).benchmarks[0]!.forks?.length, 1);
    const out = at('ab.json');
    const r = await runInProcess(['merge', at('run-a.json'), at('run-b.json'), '--json', out, '--quiet'], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    assert.ok(readResults(out).benchmarks.every((x) => x.estimate!.method === 'two-level-bootstrap'));
  });

  it('keeps a benchmark measured on two machines apart, and says so', async () => {
    const a = readResults(at('run-a.json'));
    const other = { ...readResults(at('run-b.json')) };
    const { fingerprint: _f, ...env } = other.environment;
    other.environment = { ...env, cpu: { ...env.cpu, model: 'Another CPU' } };
    const merged = mergeResults([
      { label: 'a.json', results: a },
      { label: 'other.json', results: other },
    ]);
    assert.equal(merged.benchmarks.length, 30);
    assert.equal(merged.merged!.machines.length, 2);
    assert.ok(merged.benchmarks.every((b) => b.forks?.length === 1 && b.machine !== undefined));
    const marked = merged.benchmarks.filter((b) => / @[0-9a-f]{12}$/.test(b.id));
    assert.equal(marked.length, 15);
    assert.ok(marked.every((b) => b.name.endsWith(b.id.slice(b.id.lastIndexOf(' @')))));
    assert.match(merged.merged!.notes.join('\n'), /2 machines.*pooled only within one machine/);
    assert.deepEqual(
      mergeResults([
        { label: 'm.json', results: merged },
        { label: 'a.json', results: a },
      ]).benchmarks,
      merged.benchmarks,
    );
    writeFileSync(at('two-machines.json'), JSON.stringify(merged));
    const report = await runInProcess(['report', at('two-machines.json'), '--no-color'], { cwd: dir });
    assert.equal(report.code, 0, report.err);
    assert.match(report.out, /merged: 2 runs on 2 machines \([0-9a-f]{12}, [0-9a-f]{12}\): a benchmark's processes pooled only within one/);
  });

  it('refuses incompatible and malformed files: exit 2, one line, nothing written', async () => {
    const changed = readResults(at('run-a.json'));
    writeFileSync(at('slower-budget.json'), JSON.stringify({ ...changed, settings: { ...changed.settings, timeBudgetNs: 5e9 } }));
    writeFileSync(at('broken.json'), '{ "schemaVersion": 3, ');
    for (const bad of ['slower-budget.json', 'broken.json', 'missing.json']) {
      const out = at(`never-${bad}`);
      const r = await runInProcess(['merge', at('run-a.json'), at(bad), '--json', out], { cwd: dir });
      assert.equal(r.code, 2, bad);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
      assert.match(r.err, /^ubench: /);
      assert.ok(!existsSync(out), `${bad}: nothing written`);
    }
    const r = await runInProcess(['merge', at('run-a.json')], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.err, /--json <file> is required/);
  });

  it('compare --fail-on-regression gates on merged base and head files', async () => {
    const shardsOf = async (name: string, slow: number): Promise<string> => {
      const files: string[] = [];
      for (let i = 1; i <= 2; i++) {
        const file = at(`${name}-${i}.json`);
        await runTo(file, ['--shard', `${i}/2`], slow);
        files.push(file);
      }
      const out = at(`${name}.json`);
      assert.equal((await runInProcess(['merge', ...files, '--json', out, '--quiet'], { cwd: dir })).code, 0);
      return out;
    };
    const base = await shardsOf('base', 1);
    const same = await shardsOf('same', 1);
    const slower = await shardsOf('slower', 1.3);
    const ok = await runInProcess(['compare', base, same, '--fail-on-regression', '10%', '--no-color'], { cwd: dir, env: {} });
    assert.equal(ok.code, 0, ok.out + ok.err);
    const bad = await runInProcess(['compare', base, slower, '--fail-on-regression', '10%', '--no-color'], { cwd: dir, env: {} });
    assert.equal(bad.code, 1, bad.out + bad.err);
    assert.match(bad.err, /15 benchmarks slower by more than that/);
    assert.ok(readFileSync(base, 'utf8').includes('"merged"'));
  });
});
