/**
 * The programmatic API in this process (the benchmarks still run in child processes): run() takes
 * the CLI's options, validates them as the CLI does, reports progress, and resolves to the analysed
 * results; compare() and slowerThan() gate; merge() combines shards.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { analyse, compare, type FinishedBenchmark, merge, readResults, run, slowerThan } from '../../src/index.js';
import { UsageError } from '../../src/runner/usage-error.js';
import { makeTempDir, REPO_ROOT, TEST_CACHE_DIR } from '../helpers/e2e-cli.js';

// The host calibration of test runs stays apart from the user's own, as for the CLI's e2e runs.
process.env.UBENCH_CACHE_DIR = TEST_CACHE_DIR;

const SUITE = path.join(REPO_ROOT, 'test/fixtures/bench/shards');
const FAST = { time: '20ms', warmup: '20ms' } as const;

describe('programmatic API', () => {
  it('runs, reports progress, writes the results file, and gates', async () => {
    const tmp = makeTempDir();
    try {
      const progress: string[] = [];
      const finished: FinishedBenchmark[] = [];
      const json = path.join(tmp.dir, 'api.json');
      const results = await run({
        files: path.join(SUITE, 'alpha.bench.ts'),
        ...FAST,
        json,
        onProgress: (text) => progress.push(text),
        onBenchmark: (benchmark) => finished.push(benchmark),
        onOutput: () => undefined,
      });
      assert.equal(results.complete, true);
      assert.deepEqual(
        results.benchmarks.map((b) => [b.name, b.status]),
        [
          ['alpha chain', 'ok'],
          ['alpha mix', 'ok'],
        ],
      );
      assert.ok(results.analysedBy !== undefined);
      assert.deepEqual(
        finished.map((f) => [f.result.name, f.result.status, f.done, f.total, f.result.estimate !== null]),
        [
          ['alpha chain', 'ok', 1, 2, true],
          ['alpha mix', 'ok', 2, 2, true],
        ],
      );
      assert.ok(
        progress.some((p) => p.includes('alpha chain')),
        progress.join('\n'),
      );
      assert.deepEqual(
        readResults(json).benchmarks.map((b) => b.id),
        results.benchmarks.map((b) => b.id),
      );
      const comparison = await compare(results, await analyse(results));
      assert.equal(comparison.rows.length, 2);
      assert.deepEqual(await slowerThan(comparison, 0.05), []);
    } finally {
      tmp.cleanup();
    }
  });

  it('sweeps the sizes given as args and fits the sweep', async () => {
    const file = path.join(REPO_ROOT, 'test/fixtures/bench/complexity/array-sum.bench.ts');
    const results = await run({ files: file, ...FAST, args: { n: [64, 128, 256, 512] }, onOutput: () => undefined });
    assert.deepEqual(
      results.benchmarks.map((b) => b.params['n']),
      [64, 128, 256, 512],
    );
    assert.equal(results.complexity?.groups[0]?.points.length, 4);
  });

  it("passes a foreign file's notes to onNote, once per file and text, though two forks load it", async () => {
    const file = path.join(REPO_ROOT, 'test/fixtures/foreign/vitest-api/modes.bench.ts');
    const notes: [string, string][] = [];
    const results = await run({ files: file, ...FAST, forks: 2, onOutput: () => undefined, onNote: (f, text) => notes.push([f, text]) });
    assert.ok(results.benchmarks.length > 0);
    assert.equal(notes.length, 1, JSON.stringify(notes));
    assert.match(notes[0]![1], /^not measured, as vitest would not run them: "modes\/plain" \(not \.only\)/);
  });

  it('shards and merges to the whole suite', async () => {
    const shards = [];
    for (const index of [1, 2]) shards.push(await run({ files: SUITE, ...FAST, shard: { index, count: 2 }, onOutput: () => undefined }));
    assert.deepEqual(
      shards.map((s) => s.settings.shard),
      [
        { index: 1, count: 2 },
        { index: 2, count: 2 },
      ],
    );
    const merged = await merge(shards.map((results, i) => ({ label: `shard-${i + 1}`, results })));
    assert.equal(merged.benchmarks.length, 10);
    assert.equal(new Set(merged.benchmarks.map((b) => b.file)).size, 5);
  });

  it('writes the exports asked for and takes typed values (milliseconds, a fraction, a flag list)', async () => {
    const tmp = makeTempDir();
    try {
      const markdown = path.join(tmp.dir, 'out.md');
      const baseline = path.join(tmp.dir, 'base.json');
      const results = await run({
        files: path.join(SUITE, 'alpha.bench.ts'),
        time: 20,
        warmup: 20,
        precision: 0.05,
        nodeFlags: ['--stack-size=2000'],
        markdown,
        saveBaseline: baseline,
        onOutput: () => undefined,
      });
      assert.equal(results.settings.timeBudgetNs, 20e6);
      assert.equal(results.settings.precisionTarget, 0.05);
      assert.deepEqual(results.settings.nodeFlags, ['--stack-size=2000']);
      assert.match(readFileSync(markdown, 'utf8'), /alpha chain/);
      assert.deepEqual(
        readResults(baseline).benchmarks.map((b) => b.id),
        results.benchmarks.map((b) => b.id),
      );
    } finally {
      tmp.cleanup();
    }
  });

  it("rejects a bad option with the CLI's one-line message", async () => {
    await assert.rejects(run({ files: SUITE, time: -5 }), (error: unknown) => error instanceof UsageError && /^--time: duration must be a number of milliseconds/.test(error.message));
    await assert.rejects(run({ files: SUITE, precision: 5 }), (error: unknown) => error instanceof UsageError && /^--precision: expected a fraction/.test(error.message));
    await assert.rejects(run({ files: SUITE, args: { n: [] } }), (error: unknown) => error instanceof UsageError && /^--args n: expected strings or finite numbers/.test(error.message));
    await assert.rejects(run({ files: SUITE, time: 'soon' }), (error: unknown) => error instanceof UsageError && /^--time: bad duration "soon"/.test(error.message));
    await assert.rejects(run({ files: SUITE, shard: '3/2' }), (error: unknown) => error instanceof UsageError && /^--shard: expected i\/n/.test(error.message));
    await assert.rejects(run({ files: path.join(SUITE, 'nowhere') }), (error: unknown) => error instanceof UsageError && /no such file or directory/.test(error.message));
  });
});
