/**
 * End-to-end: `ubench bisect` on a 32-commit history made at test time (test/helpers/bisect-fixture.ts):
 * it names commit 21 (20% more work per call) in at most 7 measured steps, the commit that does
 * not build and the one without the bench file listed as skipped; with the regression reverted it
 * says nothing was found; Ctrl-C mid-bisect leaves no worktree, exits 130 and `--resume` finishes
 * from the kept steps (where a burst leaves the bad end undecided, the search ends after that first
 * step by itself, and the test judges what it said and the replay of the kept step). Each run gets
 * a TMPDIR of its own so leftover worktree folders are seen.
 * Time is the metric, on a host that may be busy with the other system tests: twice the work at
 * commit 21 against a 30% threshold, so that what a busy host does to 6 short pairs (intervals of
 * ±20% seen; one burst drew +20% to +136% for the bad end) stays on one side of it. valgrind is hidden, so a step that still cannot tell stays
 * undecided instead of counting instructions for minutes; the tests then judge what ubench said:
 * every step it decided decided right, and an undecided search leaves open a range holding commit 21,
 * says what would decide it and exits 1 (found or nothing to find: 0), as docs/bisect.md says. (The 20%-at-5% search is measured in lab/bisect.md.)
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describeRun, linesOf, makeTempDir, REPO_ROOT, runCli, startCli, type CliRun } from '../helpers/e2e-cli.js';
import { gitIn } from '../helpers/git-fixture.js';
import { BENCH_DELETED_AT, bisectHistory, BROKEN_BUILD_AT } from '../helpers/bisect-fixture.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** Short steps: 6 pairs (the fewest that can call one benchmark), 100 ms budgets, a 30% threshold. */
const SHORT = ['--time', '100ms', '--warmup', '100ms', '--pairs', '6', '--threshold', '30%', '--quiet'] as const;
/** Commit 21 does twice the work per call. */
const FACTOR = 2;
/** No valgrind: no instructions fallback for a step that cannot tell. */
const NO_VALGRIND = { UBENCH_VALGRIND: path.join(path.sep, 'nonexistent', 'valgrind') };
/** The bound for 32 commits: ⌈log2 31⌉ = 5 between, the bad end, and one to spare (and one more for each undecided step). */
const MAX_MEASURED_STEPS = 7;

let count = 0;
function fresh(name: string): string {
  const dir = path.join(temp.dir, `${name}-${++count}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(path.join(REPO_ROOT, 'schema/bisect.schema.json'), 'utf8')) as object);

interface Step {
  commit: { commit: string };
  result: { verdict: string; reason: string };
  resumed: boolean;
}
interface BisectDoc {
  outcome: string;
  complete: boolean;
  open: { from: { commit: string }; to: { commit: string } } | null;
  decide: string | null;
  firstBad: { commit: string; files: string[]; result: { change: number } } | null;
  steps: Step[];
  setAside: Step[];
}

function readDoc(file: string): BisectDoc {
  const doc: unknown = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(validate(doc), `${file} does not match schema/bisect.schema.json: ${JSON.stringify(validate.errors)}`);
  return doc as BisectDoc;
}

function assertNoWorktree(repo: string, tmp: string, run: CliRun): void {
  assert.deepEqual(
    readdirSync(tmp).filter((f) => f.startsWith('ubench-')),
    [],
    `a temp folder was left: ${describeRun(run)}`,
  );
  assert.equal(linesOf(gitIn(repo, 'worktree', 'list', '--porcelain')).filter((l) => l.startsWith('worktree ')).length, 1, 'git still lists a second worktree');
}

const measured = (doc: BisectDoc): Step[] => doc.steps.filter((s) => s.result.verdict !== 'skipped');

/** The exit code docs/bisect.md gives the outcome: 0 when found or nothing to find, 1 when it ended undecided. */
function assertExitFor(doc: BisectDoc, run: CliRun): void {
  assert.equal(run.code, doc.outcome === 'found' || doc.outcome === 'nothing' ? 0 : 1, `outcome ${doc.outcome}: ${describeRun(run)}`);
}

/** A search that ended (found, nothing, or undecided) exits 0 or 1; anything else is a failure of the run itself. */
const assertEnded = (run: CliRun): void => assert.ok(run.code === 0 || run.code === 1, describeRun(run));

/**
 * What a search said, judged against the history: each decided step right (slower exactly from
 * commit 21 on), and either commit 21 found or, where a step could not tell, a range left open that
 * holds it with what would decide. Returns whether it was found.
 */
function judge(doc: BisectDoc, commits: readonly string[], run: CliRun): boolean {
  for (const step of measured(doc)) {
    const k = commits.indexOf(step.commit.commit);
    if (step.result.verdict === 'slower') assert.ok(k >= 21, `commit ${k} called slower: ${describeRun(run)}`);
    if (step.result.verdict === 'not-slower') assert.ok(k < 21, `commit ${k} called not slower: ${describeRun(run)}`);
  }
  if (doc.outcome === 'found') {
    assert.equal(doc.firstBad?.commit, commits[21], describeRun(run));
    return true;
  }
  assert.ok(['range', 'bad-end-unknown'].includes(doc.outcome), describeRun(run));
  if (doc.outcome === 'range') assert.ok(commits.indexOf(doc.open!.from.commit) < 21 && commits.indexOf(doc.open!.to.commit) >= 21, describeRun(run));
  assert.match(doc.decide ?? '', /--pairs/, describeRun(run));
  return false;
}

describe('ubench bisect', () => {
  it('names commit 21 in at most 7 measured steps, the commits that do not build or lack the bench file listed as skipped', async () => {
    const { repo, commits } = bisectHistory(fresh('repo'), { factor: FACTOR });
    const tmp = fresh('tmp');
    const json = path.join(tmp, '..', `found-${count}.json`);
    const markdown = path.join(tmp, '..', `found-${count}.md`);
    const run = await runCli(['bisect', commits[1]!, 'HEAD', ...SHORT, '--json', json, '--markdown', markdown], { cwd: repo, env: { TMPDIR: tmp, ...NO_VALGRIND }, killAfterMs: 400_000 });
    assertNoWorktree(repo, tmp, run);
    assertEnded(run);
    assert.match(run.stderr, /ubench: bisect: 31 commits after good; at most 6 measured steps/);
    const doc = readDoc(json);
    assertExitFor(doc, run);
    // A step a busy host left undecided narrows nothing: the search measures one more in its place.
    const undecided = doc.steps.filter((s) => s.result.verdict === 'undecided').length;
    assert.ok(measured(doc).length <= MAX_MEASURED_STEPS + undecided, `${measured(doc).length} measured steps, ${undecided} undecided: ${describeRun(run)}`);
    const skipped = new Map(doc.setAside.map((s) => [s.commit.commit, s.result]));
    assert.match(skipped.get(commits[BROKEN_BUILD_AT]!)?.reason ?? '', /does not load: .*SyntaxError/, describeRun(run));
    assert.match(skipped.get(commits[BENCH_DELETED_AT]!)?.reason ?? '', /no bench file at this commit/, describeRun(run));
    // Set aside: the two commits that cannot be measured, and any step a busy host left undecided,
    // each with what would decide it (a search can still name commit 21 past one).
    assert.match(run.stdout, new RegExp(`set aside \\(${doc.setAside.length}\\)`), describeRun(run));
    for (const step of doc.setAside.filter((s) => s.result.verdict !== 'skipped')) {
      assert.equal(step.result.verdict, 'undecided', describeRun(run));
      assert.match(run.stdout, new RegExp(`${step.commit.commit.slice(0, 10)} .* — undecided: .*; to decide: more --pairs`), describeRun(run));
    }
    assert.equal(doc.setAside.filter((s) => s.result.verdict === 'skipped').length, 2, describeRun(run));
    if (!judge(doc, commits, run)) return;
    assert.deepEqual(doc.firstBad?.files, ['lib/work.ts']);
    assert.ok(doc.firstBad!.result.change > 0.3, `change ${doc.firstBad!.result.change}`);
    assert.match(run.stdout, new RegExp(`first commit slower by more than 30%: ${commits[21]!.slice(0, 10)} commit 21: more work per call`));
    assert.match(readFileSync(markdown, 'utf8'), new RegExp(`\\| commit \\| \`${commits[21]}\` \\|`));
  });

  it('with the regression reverted, finds nothing and says so after measuring the bad end', async () => {
    const { repo, commits } = bisectHistory(fresh('repo'), { revert: true, factor: FACTOR });
    const tmp = fresh('tmp');
    const json = path.join(tmp, '..', `reverted-${count}.json`);
    const run = await runCli(['bisect', commits[1]!, 'HEAD', ...SHORT, '--json', json], { cwd: repo, env: { TMPDIR: tmp, ...NO_VALGRIND }, killAfterMs: 120_000 });
    assertNoWorktree(repo, tmp, run);
    assertEnded(run);
    // The bad end is the same work as the good end: never called slower; undecided only with what would decide.
    const doc = readDoc(json);
    assertExitFor(doc, run);
    assert.ok(['nothing', 'bad-end-unknown'].includes(doc.outcome), describeRun(run));
    if (doc.outcome === 'bad-end-unknown') assert.match(doc.decide ?? '', /--pairs/, describeRun(run));
    else {
      assert.match(run.stdout, /nothing found: the bad end [0-9a-f]{10} is not slower by more than 30% than the good end/);
      assert.match(run.stdout, /^ {2}1 +[0-9a-f]{10} +32\/32 +not slower/m);
    }
  });

  it('Ctrl-C mid-bisect leaves no worktree, prints the open range and exits 130; --resume finishes from the kept steps', async (t) => {
    const { repo, commits } = bisectHistory(fresh('repo'), { factor: FACTOR });
    const tmp = fresh('tmp');
    const args = ['bisect', commits[1]!, 'HEAD', ...SHORT];
    const cli = startCli(args, { cwd: repo, env: { TMPDIR: tmp, ...NO_VALGRIND }, killAfterMs: 200_000 });
    let stderr = '';
    let ended = false;
    cli.child.stderr?.on('data', (text: Buffer | string) => (stderr += String(text)));
    cli.child.on('close', () => (ended = true));
    // The bad end measured and kept (step 1), the next step under way. A search goes on past any
    // step but the bad end; where a busy host leaves the bad end undecided, the search ends there
    // by itself, and what is judged is what ubench said about it.
    const deadline = Date.now() + 120_000;
    while (!/step 1:/.test(stderr) && !ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    const interrupted = !ended;
    if (interrupted) cli.child.kill('SIGINT');
    const stopped = await cli.done;
    assertNoWorktree(repo, tmp, stopped);
    if (interrupted) {
      assert.equal(stopped.code, 130, describeRun(stopped));
      assert.match(stopped.stderr, /interrupted: \d+ commits still open, after [0-9a-f]{10} up to [0-9a-f]{10}/);
      assert.match(stopped.stderr, /--resume/);
    } else {
      assert.equal(stopped.code, 1, describeRun(stopped));
      assert.match(stopped.stdout, /undecided: the search ended on the bad end [0-9a-f]{10}, which could not be measured or decided/, describeRun(stopped));
      assert.match(stopped.stdout, /to decide: .*--pairs/, describeRun(stopped));
      t.diagnostic('the host left the bad end undecided: the search ended after its first step, before an interrupt could come mid-search');
    }
    const json = path.join(tmp, '..', `resumed-${count}.json`);
    const resumed = await runCli([...args, '--resume', '--json', json], { cwd: repo, env: { TMPDIR: tmp, ...NO_VALGRIND }, killAfterMs: 400_000 });
    assertNoWorktree(repo, tmp, resumed);
    assertEnded(resumed);
    assert.match(resumed.stderr, /resuming: [1-9]\d* steps? kept/);
    const doc = readDoc(json);
    assertExitFor(doc, resumed);
    judge(doc, commits, resumed);
    assert.ok(
      doc.steps.some((s) => s.resumed && s.commit.commit === commits.at(-1)),
      'the kept bad end was replayed, not measured again',
    );
  });
});
