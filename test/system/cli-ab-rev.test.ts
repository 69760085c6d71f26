/**
 * End-to-end: `ubench ab <rev>` on a git repository made at test time. A clean tree against HEAD
 * is A/A; doubling the work of the module a bench file imports is called slower; bench files of one
 * side only are listed; the temporary worktree is gone after the run and after Ctrl-C; bad input is
 * one line and exit 2. Each run gets a TMPDIR of its own so leftovers are seen.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, linesOf, makeTempDir, runCli, startCli, type CliRun } from '../helpers/e2e-cli.js';
import { gitIn, gitRepository, OTHER_BENCH, WORK_BENCH, workModule, writeFiles } from '../helpers/git-fixture.js';

const temp = makeTempDir();
after(() => temp.cleanup());

const SHORT = ['--time', '100ms', '--warmup', '100ms', '--pairs', '2'] as const;
/** Steps per call in the committed module: about 2 µs per call here, far above the loop's own cost. */
const BASE_STEPS = 2000;

let count = 0;
/** A fresh folder under the test's temp folder. */
function fresh(name: string): string {
  const dir = path.join(temp.dir, `${name}-${++count}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function repository(): string {
  return gitRepository(fresh('repo'), { 'lib/work.ts': workModule(BASE_STEPS), 'bench/work.bench.ts': WORK_BENCH, 'bench/old.bench.ts': OTHER_BENCH });
}

/** Runs the CLI in `repo` with a TMPDIR of its own, and checks that no worktree is left, in the folder or in git's list. */
async function abIn(repo: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun & { tmp: string }> {
  const tmp = fresh('tmp');
  const run = await runCli(['ab', ...args], { cwd: repo, env: { TMPDIR: tmp, ...env }, killAfterMs: 120_000 });
  assertNoWorktree(repo, tmp, run);
  return { ...run, tmp };
}

function assertNoWorktree(repo: string, tmp: string, run: CliRun): void {
  assert.deepEqual(
    readdirSync(tmp).filter((f) => f.startsWith('ubench-ab-rev-')),
    [],
    `a worktree folder was left: ${describeRun(run)}`,
  );
  assert.equal(linesOf(gitIn(repo, 'worktree', 'list', '--porcelain')).filter((l) => l.startsWith('worktree ')).length, 1, 'git still lists a second worktree');
}

interface AbRow {
  name: string;
  ratio: number;
  verdict: string;
  pairsMeasured: number;
}

describe('ubench ab <rev>', () => {
  it('HEAD on a clean tree is A/A: the same benchmarks, paired by file and name, the worktree removed', async () => {
    const repo = repository();
    const json = path.join(repo, 'node_modules', 'aa.json');
    const run = await abIn(repo, ['HEAD', ...SHORT, '--quiet', '--json', json]);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^ab A = HEAD \([0-9a-f]{10}\), B = working tree \(no changes since HEAD\)/m);
    assert.match(run.stdout, /A: dependencies: the working tree's \(package-lock\.json identical/);
    const doc = (await import(json, { with: { type: 'json' } })).default as { rows: AbRow[]; onlyInA: string[]; onlyInB: string[] };
    // --pairs 2 is raised to the 7 that Holm's correction over two benchmarks can call a change with.
    assert.match(run.stdout, /--pairs 2 raised to 7: with 2 benchmarks tested at once/);
    assert.deepEqual(
      doc.rows.map((r) => [r.name, r.pairsMeasured]),
      [
        ['bench/old.bench.ts#other', 7],
        ['bench/work.bench.ts#work', 7],
      ],
    );
    assert.deepEqual([doc.onlyInA, doc.onlyInB], [[], []]);
  });

  it('doubling the work of an imported module in the working tree is called slower; files of one side are listed, not measured', async () => {
    const repo = repository();
    writeFiles(repo, { 'lib/work.ts': workModule(2 * BASE_STEPS), 'bench/new.bench.ts': OTHER_BENCH });
    rmSync(path.join(repo, 'bench/old.bench.ts'));
    const json = path.join(repo, 'node_modules', 'slower.json');
    // 8 pairs: one pair turned over by a neighbour's load still leaves p < 0.05 (6 pairs would need all six).
    const run = await abIn(repo, ['HEAD', '--time', '100ms', '--warmup', '100ms', '--pairs', '8', '--quiet', '--json', json, '--fail-on-regression', '20%']);
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stdout, /B = working tree \(2 files changed since HEAD, 1 untracked\)/);
    assert.match(run.stdout, /^ {2}bench\/work\.bench\.ts#work .* slower +8$/m);
    assert.match(run.stdout, /bench files only in A \(1, not measured\): bench\/old\.bench\.ts/);
    assert.match(run.stdout, /bench files only in B \(1, not measured\): bench\/new\.bench\.ts/);
    assert.match(run.stderr, /^ubench: --fail-on-regression 20%: 1 benchmark of B slower by more than that: bench\/work\.bench\.ts#work/m);
    const doc = (await import(json, { with: { type: 'json' } })).default as { rows: AbRow[]; onlyFilesInA: string[]; onlyFilesInB: string[] };
    assert.deepEqual(
      doc.rows.map((r) => r.name),
      ['bench/work.bench.ts#work'],
    );
    // Twice the steps: a ratio near 2; a loaded 2-core host measured +68% [+23%, +130%] (lab/scripts/ab-rev-figures.mjs), so the bound is loose.
    assert.ok(doc.rows[0]!.ratio > 1.25, `ratio ${doc.rows[0]!.ratio} for twice the work`);
    assert.deepEqual([doc.onlyFilesInA, doc.onlyFilesInB], [['bench/old.bench.ts'], ['bench/new.bench.ts']]);
  });

  it('two revisions: both checked out, both removed; a path limits the files', async () => {
    const repo = repository();
    writeFiles(repo, { 'lib/work.ts': workModule(BASE_STEPS + 1) });
    gitIn(repo, 'commit', '-q', '-am', 'second');
    const run = await abIn(repo, ['HEAD~1', 'HEAD', 'bench/work.bench.ts', ...SHORT, '--quiet']);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^ab A = HEAD~1 \([0-9a-f]{10}\), B = HEAD \([0-9a-f]{10}\)/m);
    assert.match(run.stdout, /^ {2}bench\/work\.bench\.ts#work /m);
    assert.doesNotMatch(run.stdout, /old\.bench\.ts/);
    assert.match(run.stdout, /B: dependencies: the working tree's/);
  });

  it('Ctrl-C while measuring: exit 130 and the worktree removed', async () => {
    const repo = repository();
    const tmp = fresh('tmp');
    const cli = startCli(['ab', 'HEAD', '--time', '2s', '--warmup', '100ms', '--pairs', '10'], { cwd: repo, env: { TMPDIR: tmp }, killAfterMs: 60_000 });
    let stderr = '';
    cli.child.stderr?.on('data', (text: Buffer | string) => (stderr += String(text)));
    // Measuring has begun once the dependencies are said and a benchmark process is running.
    const deadline = Date.now() + 30_000;
    while (!/A: dependencies/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    const leftBefore = readdirSync(tmp).filter((f) => f.startsWith('ubench-ab-rev-')).length;
    cli.child.kill('SIGINT');
    const run = await cli.done;
    assert.equal(leftBefore, 1, `the worktree existed when the signal was sent: ${describeRun(run)}`);
    assert.equal(run.code, 130, describeRun(run));
    assertNoWorktree(repo, tmp, run);
  });
});

describe('ubench ab <rev>: bad input, one line and exit 2', () => {
  const oneLine = (run: CliRun, message: RegExp): void => {
    assert.equal(run.code, 2, describeRun(run));
    assert.equal(linesOf(run.stderr).length, 1, describeRun(run));
    assert.match(run.stderr.trimEnd(), message);
  };

  it('an unknown revision', async () => {
    oneLine(await abIn(repository(), ['no-such-rev', ...SHORT]), /^ubench: ab: unknown revision: no-such-rev \(no commit of that name, and no such file\); nothing was measured$/);
  });

  it('a revision without bench files, and paths on neither side', async () => {
    const repo = fresh('bare');
    writeFileSync(path.join(repo, 'README.md'), 'fixture\n');
    gitIn(repo, 'init', '-q');
    gitIn(repo, 'add', '-A');
    gitIn(repo, 'commit', '-q', '-m', 'no benchmarks yet');
    oneLine(
      await abIn(repo, ['HEAD', ...SHORT]),
      /^ubench: ab: no bench file on both sides \(A = HEAD \([0-9a-f]{10}\): 0, B = working tree \(no changes since HEAD\): 0, in \.\); nothing was measured, the worktree was removed$/,
    );
    oneLine(await abIn(repository(), ['HEAD', 'bench/gone.bench.ts', ...SHORT]), /^ubench: ab: no such file or directory on either side: bench\/gone\.bench\.ts; nothing was measured$/);
  });

  it('not a git repository', async () => {
    const dir = fresh('plain');
    oneLine(await abIn2(dir, ['HEAD', ...SHORT]), /^ubench: ab: HEAD is no file, and .* is not in a git repository to look it up as a revision; nothing was measured$/);
  });

  it('a worktree that cannot be created (TMPDIR is a file)', async () => {
    const repo = repository();
    const file = path.join(fresh('tmpfile'), 'not-a-folder');
    writeFileSync(file, '');
    const run = await runCli(['ab', 'HEAD', ...SHORT], { cwd: repo, env: { TMPDIR: file } });
    oneLine(run, /^ubench: ab: cannot create a worktree for HEAD \([0-9a-f]{10}\) under .*not-a-folder: .*; nothing was measured$/);
  });

  it('git missing from PATH', async () => {
    const emptyPath = fresh('empty-path');
    oneLine(await abIn2(repository(), ['HEAD', ...SHORT], { PATH: emptyPath }), /^ubench: ab: a revision needs git, which was not found on PATH; nothing was measured$/);
  });
});

/** Like abIn, for runs where git cannot be asked about worktrees (no repository, no git). */
async function abIn2(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const tmp = fresh('tmp');
  const run = await runCli(['ab', ...args], { cwd, env: { TMPDIR: tmp, ...env } });
  assert.deepEqual(
    readdirSync(tmp).filter((f) => f.startsWith('ubench-ab-rev-')),
    [],
  );
  return run;
}
