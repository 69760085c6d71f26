/**
 * `ubench/vitest`: a real `vitest bench` (vitest 5.1.1 on the fixture project's Node 22) measured by
 * ubench as its benchmark provider — vitest's table carries ubench's estimates, the empty body is
 * flagged, the results file reads in `ubench report` and `compare`, and a bad option is one line
 * with the rest still measured. The fixture project installs itself on first use
 * (scripts/vitest-fixture-install.mjs).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { collect, describeRun, makeTempDir, readResults, REPO_ROOT, runCli, type CliRun } from '../helpers/e2e-cli.js';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/vitest-project');
const NODE22 = path.join(FIXTURE, 'node_modules/.bin/node');
const VITEST = path.join(FIXTURE, 'node_modules/vitest/vitest.mjs');
/** A vitest run of three files at these budgets took ~7 s on the shared 2-core machine; 120 s allows a busy host. */
const VITEST_KILL_MS = 120_000;

const temp = makeTempDir();
after(() => temp.cleanup());
before(async () => {
  const { installVitestFixture } = (await import(path.join(REPO_ROOT, 'scripts/vitest-fixture-install.mjs'))) as { installVitestFixture(): boolean };
  installVitestFixture();
});

function runVitest(options: Record<string, unknown>, files: string[] = []): Promise<CliRun> {
  const child = spawn(NODE22, [VITEST, 'bench', '--run', ...files], {
    cwd: FIXTURE,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1', UBENCH_VITEST_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child, VITEST_KILL_MS);
}

/** The hz column of `name`'s row in vitest's table (commas removed). */
function tableHz(stdout: string, name: string): number {
  const row = stdout.split('\n').find((line) => new RegExp(`^\\s*${name}\\s+[\\d,]+\\.\\d+\\s`).test(line));
  assert.ok(row !== undefined, `no table row for ${name}`);
  return Number(row.trim().slice(name.length).trim().split(/\s+/)[0]!.replaceAll(',', ''));
}

describe('ubench as vitest benchmark provider', { timeout: 300_000 }, () => {
  const json = path.join(temp.dir, 'vitest-results.json');

  it('measures every bench file, shows ubench estimates in vitest table, flags the empty body, and leaves a results file the CLI reads', async () => {
    const run = await runVitest({ time: '150ms', warmup: '300ms', json });
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(json);
    assert.equal(results.environment.embedded?.host, 'vitest');
    assert.equal(results.environment.embedded?.hostVersion, '5.1.1');
    const names = results.benchmarks.map((b) => b.name).sort();
    assert.deepEqual(names, ['chain 1024', 'chain 256', 'chain 64', 'empty body', 'object with array']);
    for (const b of results.benchmarks) {
      assert.ok(b.estimate !== null, b.name);
      const hz = tableHz(run.stdout, b.name);
      const expected = 1e9 / b.estimate.nsPerOp;
      assert.ok(Math.abs(hz - expected) <= expected * 1e-6 + 0.01, `${b.name}: table hz ${hz}, ubench ${expected}`);
    }
    const empty = results.benchmarks.find((b) => b.name === 'empty body')!;
    assert.ok(
      empty.diagnostics.some((d) => d.code === 'optimized-away'),
      `empty body: ${empty.diagnostics.map((d) => d.code).join(', ')}`,
    );
    assert.match(run.stdout, /ubench empty body: .*\n\s+⚠ optimized-away: /);
    const report = await runCli(['report', json]);
    assert.equal(report.code, 0, describeRun(report));
    assert.match(report.stdout, /chain 1024/);
    const compare = await runCli(['compare', json, json]);
    assert.equal(compare.code, 0, describeRun(compare));
    assert.match(compare.stdout, /empty body/);
  });

  it('a provider option of the wrong type: one line naming it, and the rest measured', async () => {
    const bad = path.join(temp.dir, 'bad-option.json');
    const run = await runVitest({ time: '150ms', warmup: true, json: bad }, ['bench/empty.bench.ts']);
    assert.notEqual(run.code, 0, describeRun(run));
    const all = `${run.stdout}\n${run.stderr}`;
    assert.match(all, /ubench\/vitest: warmup: expected a duration such as '300ms' or a positive number of milliseconds, got true \(the rest was measured/);
    const results = readResults(bad);
    assert.deepEqual(
      results.benchmarks.map((b) => b.name),
      ['empty body'],
    );
    assert.ok(results.benchmarks[0]!.estimate !== null);
  });
});
