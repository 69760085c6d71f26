/** Run history: every run kept under .ubench/runs/, `ubench history` over it, and its failures. */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeRun, FAST, linesOf, makeTempDir, REPO_ROOT, runCli, STACK_LINE } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/bench/compare/work.bench.ts');

describe('run history', () => {
  const cwd = path.join(temp.dir, 'project');
  before(async () => {
    mkdirSync(cwd);
    for (const work of ['200', '200']) {
      const run = await runCli([FIXTURE, ...FAST], { cwd, env: { UBENCH_FIXTURE_WORK: work } });
      assert.equal(run.code, 0, describeRun(run));
    }
  });

  it('keeps every run under .ubench/runs/ and ignores the local folders in git', () => {
    const runs = readdirSync(path.join(cwd, '.ubench/runs'));
    assert.equal(runs.length, 2, runs.join(', '));
    assert.ok(
      runs.every((n) => /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-\d+\.json$/.test(n)),
      runs.join(', '),
    );
    assert.match(readFileSync(path.join(cwd, '.ubench/.gitignore'), 'utf8'), /^runs\/$/m);
    assert.doesNotMatch(readFileSync(path.join(cwd, '.ubench/.gitignore'), 'utf8'), /^baselines/m);
  });

  it('shows each benchmark over the runs and writes the series as JSON', async () => {
    const out = path.join(temp.dir, 'history.json');
    const run = await runCli(['history', 'weighted', '--json', out], { cwd });
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^history \.ubench\/runs \(2 runs;/);
    assert.match(run.stdout, /work\.bench\.ts#weighted sum .*\(2 runs/);
    assert.equal(linesOf(run.stdout).filter((l) => /^ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/.test(l)).length, 2, run.stdout);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { format: string; runs: unknown[]; benchmarks: { id: string; points: { nsPerOp: number; change: { verdict: string } | null }[] }[] };
    assert.equal(doc.format, 'ubench-history');
    assert.equal(doc.runs.length, 2);
    assert.equal(doc.benchmarks.length, 1);
    assert.equal(doc.benchmarks[0]!.points[0]!.change, null);
    assert.match(doc.benchmarks[0]!.points[1]!.change!.verdict, /^(same|cant-tell|faster|slower)$/);
  });

  it('skips a broken history file with a warning and goes on', async () => {
    const broken = path.join(cwd, '.ubench/runs/2000-01-01T00-00-00.000Z-1.json');
    writeFileSync(broken, '{ "schemaVersion": 2, oops');
    const run = await runCli(['history'], { cwd });
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stderr, /^ubench: warning: history: skipped \.ubench\/runs\/2000-01-01T00-00-00\.000Z-1\.json: /m);
    assert.match(run.stdout, /\(2 runs/);
  });

  it('--no-history keeps nothing', async () => {
    const bare = path.join(temp.dir, 'bare');
    mkdirSync(bare);
    const run = await runCli([FIXTURE, ...FAST, '--no-history'], { cwd: bare });
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(existsSync(path.join(bare, '.ubench')), false);
  });

  const BAD: [string, string[], RegExp][] = [
    ['no runs kept', ['history', '--dir', 'nowhere'], /^ubench: history: no runs kept in nowhere/],
    ['no benchmark matches', ['history', 'zzz-none'], /^ubench: history: no benchmark in 2 run\(s\) matches \/zzz-none\//],
    ['a bad filter', ['history', '('], /^ubench: history: invalid filter/],
    ['a bad --last', ['history', '--last', 'x'], /^ubench: --last: expected a positive integer/],
  ];
  for (const [what, args, mentions] of BAD) {
    it(`${what}: exit 2 and one line`, async () => {
      const run = await runCli(args, { cwd });
      assert.equal(run.code, 2, describeRun(run));
      const lines = linesOf(run.stderr).filter((l) => !l.includes('warning: history: skipped'));
      assert.equal(lines.length, 1, describeRun(run));
      assert.match(lines[0]!, mentions);
      assert.doesNotMatch(run.stderr, STACK_LINE);
    });
  }
});
