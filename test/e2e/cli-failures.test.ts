/**
 * End-to-end: failing benchmarks, bench files that cannot load, and benchmarks that print.
 * One bad benchmark or file must cost only its own result, and user output must never become a
 * result.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());

function named(results: ResultsFile, file: string, name: string): BenchmarkResult {
  const id = `${file}#${name}`;
  const found = results.benchmarks.find((b) => b.id === id);
  assert.ok(found, `no benchmark ${id} in ${results.benchmarks.map((b) => b.id).join(', ')}`);
  return found;
}

describe('ubench test/fixtures/bench/faults', () => {
  const THROWS = 'test/fixtures/bench/faults/throws.bench.ts';
  const CRASH = 'test/fixtures/bench/faults/crash.bench.ts';
  const jsonPath = path.join(temp.dir, 'faults.json');
  let run: CliRun;
  let results: ResultsFile;

  before(async () => {
    run = await runCli(['test/fixtures/bench/faults', ...FAST, '--timeout', '3s', '--json', jsonPath]);
    results = readResults(jsonPath);
  });

  it('exits 1, still writes a complete results file, and prints no stack trace', () => {
    assert.equal(run.code, 1, describeRun(run));
    assert.equal(results.complete, true);
    assert.deepEqual(results.fileErrors, []);
    assert.equal(results.benchmarks.length, 10, results.benchmarks.map((b) => b.id).join(', '));
    assert.doesNotMatch(run.stderr, STACK_LINE, run.stderr);
    assert.doesNotMatch(run.stdout, STACK_LINE, run.stdout);
  });

  it('reports thrown, rejected and setup errors with their message and location', () => {
    const expected = [
      ['throws', /the benchmark broke/, 7],
      ['rejects', /async failure/, 12],
      ['setup throws', /no fixture/, 17],
    ] as const;
    for (const [name, message, line] of expected) {
      const b = named(results, THROWS, name);
      assert.equal(b.status, 'error', name);
      assert.match(b.error?.message ?? '', message, name);
      assert.match(b.error?.location ?? '', new RegExp(`^${THROWS.replace(/\./g, '\\.')}:${line}:\\d+$`), name);
      assert.deepEqual(b.samples, [], name);
      assert.equal(b.estimate, null, name);
      assert.ok(run.stdout.includes(b.error!.message), `the table explains ${name}`);
      assert.match(run.stderr, new RegExp(`^\\[\\d+/\\d+\\] .* › ${name}  failed: .*\\(${THROWS.replace(/\./g, '\\.')}:${line}:\\d+\\)$`, 'm'), 'a line in the log says it failed');
    }
    assert.match(named(results, THROWS, 'throws').error!.message, /TypeError/);
    assert.match(named(results, THROWS, 'rejects').error!.message, /RangeError/);
  });

  it('reports a process.exit(), an uncaught timer error and a hang, each costing only itself', () => {
    const exits = named(results, CRASH, 'exits');
    assert.equal(exits.status, 'error');
    assert.match(exits.error!.message, /process\.exit\(3\)/);

    const uncaught = named(results, CRASH, 'uncaught in a timer');
    assert.equal(uncaught.status, 'error');
    assert.match(uncaught.error!.message, /thrown from a timer/);
    assert.match(uncaught.error!.location ?? '', /crash\.bench\.ts:13:\d+$/);

    const hangs = named(results, CRASH, 'hangs');
    assert.equal(hangs.status, 'timeout');
    assert.match(hangs.error!.message, /timeout/);
    assert.match(run.stderr, /^\[\d+\/\d+\] .*crash\.bench\.ts › hangs {2}timed out: /m, 'a line in the log says it timed out');
    assert.match(run.stderr, /^\[\d+\/\d+\] .*crash\.bench\.ts › exits {2}failed: .*process\.exit\(3\)/m);
  });

  it('measures the benchmarks around the failing ones', () => {
    for (const [file, name] of [
      [THROWS, 'before'],
      [THROWS, 'after'],
      [CRASH, 'first'],
      [CRASH, 'last'],
    ] as const) {
      const b = named(results, file, name);
      assert.equal(b.status, 'ok', `${name}: ${JSON.stringify(b.error)}`);
      assert.ok(b.samples.length >= 6, name);
    }
  });
});

describe('ubench test/fixtures/bench/broken', () => {
  const DIR = 'test/fixtures/bench/broken';
  const jsonPath = path.join(temp.dir, 'broken.json');
  let run: CliRun;
  let results: ResultsFile;

  before(async () => {
    run = await runCli([DIR, ...FAST, '--json', jsonPath]);
    results = readResults(jsonPath);
  });

  it('exits 1 and reports each file that cannot load', () => {
    assert.equal(run.code, 1, describeRun(run));
    assert.equal(results.complete, true);
    assert.deepEqual(
      results.fileErrors.map((e) => e.file).sort(),
      ['duplicate.bench.ts', 'missing-import.bench.ts', 'syntax-error.bench.ts'].map((f) => `${DIR}/${f}`),
    );
    for (const { file } of results.fileErrors) assert.ok(run.stdout.includes(file), `the report names ${file}`);
    assert.doesNotMatch(run.stderr, STACK_LINE, run.stderr);
  });

  it('explains a syntax error with its position', () => {
    const { error } = results.fileErrors.find((e) => e.file.endsWith('syntax-error.bench.ts'))!;
    assert.match(error.message, /SyntaxError/);
    assert.match(error.location ?? '', /^test\/fixtures\/bench\/broken\/syntax-error\.bench\.ts:3:\d+$/);
  });

  it('explains a missing import', () => {
    const { error } = results.fileErrors.find((e) => e.file.endsWith('missing-import.bench.ts'))!;
    assert.match(error.message, /does-not-exist/);
  });

  it('explains a duplicate benchmark name where it is declared', () => {
    const { error } = results.fileErrors.find((e) => e.file.endsWith('duplicate.bench.ts'))!;
    assert.match(error.message, /duplicate benchmark "same"/);
    assert.match(error.location ?? '', /^test\/fixtures\/bench\/broken\/duplicate\.bench\.ts:4:\d+$/);
  });

  it('still runs the file next to the broken ones', () => {
    assert.deepEqual(
      results.benchmarks.map((b) => [b.id, b.status]),
      [[`${DIR}/fine.bench.mjs#still runs`, 'ok']],
    );
  });
});

describe('ubench test/fixtures/bench/console', () => {
  const DIR = 'test/fixtures/bench/console';
  const FAKE_EVENT = '{"type":"measured","id":"fake"}';

  it('relays what benchmarks print to stderr, never into the results', async () => {
    const jsonPath = path.join(temp.dir, 'console.json');
    const run = await runCli([DIR, ...FAST, '--json', jsonPath]);
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(jsonPath);
    assert.equal(results.complete, true);
    assert.deepEqual(
      results.benchmarks.map((b) => [b.id, b.status]),
      [[`${DIR}/chatty.bench.ts#logs`, 'ok']],
    );
    assert.ok(results.benchmarks[0]!.samples.length >= 6);
    assert.ok(run.stderr.includes(FAKE_EVENT), 'console.log at load time is relayed to stderr');
    assert.ok(run.stderr.includes('{"type":"done"}'), 'console.log in the loop is relayed');
    assert.ok(run.stderr.includes('noise on stderr'), 'console.error in the loop is relayed');
    assert.ok(!run.stdout.includes('"type"'), 'benchmark output stays off stdout (the report)');
  });

  it('--quiet swallows what benchmarks print', async () => {
    const jsonPath = path.join(temp.dir, 'console-quiet.json');
    const run = await runCli([DIR, ...FAST, '--quiet', '--json', jsonPath]);
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(readResults(jsonPath).benchmarks[0]?.status, 'ok');
    assert.ok(!run.stderr.includes('"type"'), run.stderr.slice(0, 500));
    assert.ok(!run.stderr.includes('noise on stderr'), run.stderr.slice(0, 500));
    assert.ok(run.stdout.includes('logs'), run.stdout);
  });
});
