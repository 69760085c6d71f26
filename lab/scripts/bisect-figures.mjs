// Figures of `ubench bisect` (docs/bisect.md) on the 32-commit history the system test builds
// (test/helpers/bisect-fixture.ts: a regression at commit 21, a commit that does not build, one
// without the bench file): --runs bisects with a 20% regression measuring time, and --runs with a 5%
// regression under --metric instructions (valgrind); with --history long, a 100-commit history (built
// here: the regression at commit 67, comment-only and unrelated commits around it). Per run the
// commit found, the steps measured and skipped, the steps counted, the change at the commit found
// with its interval, the wall time against the estimate printed before the first step, and worktrees
// left. --append keeps the rows already in the page's section (one run per invocation, each under
// the CPU lock, then one table).
// Usage: npm run lab -- bisect [--runs 3 --pairs 6 --time 100ms --out lab/bisect.md] [--only time|instructions] [--history long] [--append --first-run 2]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { bisectHistory } from '../../test/helpers/bisect-fixture.ts';
import { gitIn, gitRepository, WORK_BENCH, workModule, writeFiles } from '../../test/helpers/git-fixture.ts';
import { writeDocSection } from './lib/doc-section.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    pairs: { type: 'string' },
    time: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    history: { type: 'string' },
    append: { type: 'boolean' },
    'first-run': { type: 'string' },
  },
});
/** Three runs per scenario show the spread. */
const RUNS = Number(values.runs ?? 3);
/** The first run's number (and seed): with --append, one run per invocation goes on numbering. */
const FIRST_RUN = Number(values['first-run'] ?? 1);
/** Pairs of the timed scenario: the fewest that can call one benchmark (the system test's setting). The counted one takes bisect's default (2, more where counts do not repeat) unless --pairs is given. */
const PAIRS = values.pairs ?? '6';
/** Short budgets, as the system test uses. */
const TIME = values.time ?? '100ms';
/** The long history: 100 commits, as the issue asks a counted bisect to search in minutes. */
const LONG_COMMITS = 100;
/** Where the long history's regression comes in: not at a power-of-two position, so the search does not land on it first. */
const LONG_REGRESSION_AT = 67;
const long = values.history === 'long';
const counted = ['--metric', 'instructions', '--threshold', '2%', ...(values.pairs === undefined ? [] : ['--pairs', values.pairs])];
const SCENARIOS = [
  { name: '20% regression, time', factor: 1.2, args: ['--pairs', PAIRS] },
  { name: '5% regression, --metric instructions', factor: 1.05, args: counted },
]
  .filter((s) => values.only === undefined || s.name.includes(values.only))
  .map((s) => (long ? { ...s, name: `${s.name}, ${LONG_COMMITS} commits` } : s));

/** A history of LONG_COMMITS commits: the work module and its bench file at 1, more work per call at LONG_REGRESSION_AT, comment-only and unrelated commits elsewhere. */
function longHistory(dir, factor) {
  const base = 2000;
  const repo = gitRepository(dir, { 'lib/work.ts': workModule(base), 'bench/work.bench.ts': WORK_BENCH });
  const commits = ['', gitIn(repo, 'rev-parse', 'HEAD').trim()];
  for (let k = 2; k <= LONG_COMMITS; k++) {
    const steps = k >= LONG_REGRESSION_AT ? Math.round(base * factor) : base;
    if (k === LONG_REGRESSION_AT) writeFiles(repo, { 'lib/work.ts': workModule(steps) });
    else if (k % 2 === 0) writeFiles(repo, { 'lib/work.ts': `${workModule(steps)}// note ${k}: wording only\n` });
    else writeFiles(repo, { [`notes/n${k}.md`]: `note ${k}\n` });
    gitIn(repo, 'add', '-A');
    gitIn(repo, 'commit', '-q', '-m', `commit ${k}: ${k === LONG_REGRESSION_AT ? 'more work per call' : k % 2 === 0 ? 'comment only' : 'unrelated file'}`);
    commits[k] = gitIn(repo, 'rev-parse', 'HEAD').trim();
  }
  return { repo, commits };
}

const pct = (x) => (x === null || x === undefined ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}%`);
const rows = [];
for (const s of SCENARIOS) {
  for (let run = FIRST_RUN; run < FIRST_RUN + RUNS; run++) {
    const work = mkdtempSync(path.join(tmpdir(), 'ubench-bisect-figures-'));
    const { repo, commits } = long ? longHistory(path.join(work, 'repo'), s.factor) : bisectHistory(path.join(work, 'repo'), { factor: s.factor });
    const tmp = mkdtempSync(path.join(work, 'tmp-'));
    const json = path.join(work, 'bisect.json');
    const started = performance.now();
    const cli = spawnSync(
      process.execPath,
      [path.join(root, 'dist/cli/main.js'), 'bisect', commits[1], 'HEAD', '--time', TIME, '--warmup', TIME, '--quiet', '--json', json, '--seed', String(run), ...s.args],
      { cwd: repo, env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' }, encoding: 'utf8' },
    );
    const seconds = (performance.now() - started) / 1000;
    if (cli.status !== 0) throw new Error(`bisect failed (${cli.status}): ${cli.stderr}`);
    // The estimate said before the first step: "… ~N s per benchmark (…); ~T in all for one benchmark; …".
    const estimate = /; ~([^;]+) in all/.exec(cli.stderr)?.[1] ?? '?';
    const doc = JSON.parse(readFileSync(json, 'utf8'));
    const found = doc.firstBad === null ? `none (${doc.outcome})` : `commit ${commits.indexOf(doc.firstBad.commit)}`;
    const measured = doc.steps.filter((x) => x.result.verdict !== 'skipped');
    const skipped = doc.steps.length - measured.length;
    const countedSteps = measured.filter((x) => x.result.judgedBy === 'counted').length;
    const pairs = measured.map((x) => x.result.pairs ?? 0).join('/');
    const r = doc.firstBad?.result;
    const left =
      readdirSync(tmp).filter((f) => f.startsWith('ubench-')).length +
      gitIn(repo, 'worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length -
      1;
    rows.push(
      `| ${s.name} | ${run} | ${found} | ${measured.length} | ${skipped} | ${countedSteps} | ${pairs} | ${pct(r?.change)} [${pct(r?.ciLower)}, ${pct(r?.ciUpper)}] | ${seconds.toFixed(0)} s | ${estimate} | ${left} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
    rmSync(work, { recursive: true, force: true });
  }
}
const BEGIN = '<!-- bisect-figures:start -->';
const END = '<!-- bisect-figures:end -->';
/** With --append, the rows the page's section already holds come first. */
function keptRows() {
  if (values.append !== true || values.out === undefined || !existsSync(values.out)) return [];
  const doc = readFileSync(values.out, 'utf8');
  const section = doc.slice(doc.indexOf(BEGIN), doc.indexOf(END));
  return section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| scenario'));
}
const table = [
  `\`ubench bisect <commit 1> HEAD --time ${TIME} --warmup ${TIME}\`; the timed runs add \`--pairs ${PAIRS}\`, the counted ones \`--metric instructions --threshold 2%\` (2 pairs a step by default). The 32-commit fixture has the regression at commit 21 (commit 16 does not build, commit 24 has no bench file); the ${LONG_COMMITS}-commit history at commit ${LONG_REGRESSION_AT}. Pairs per measured step in the order measured; "counted": steps decided from the range of repeating counts; "estimate": the cost said before the first step:`,
  '',
  '| scenario | run | found | steps measured | skipped | counted | pairs per step | commit found against commit 1 [interval] | wall time | estimate | worktrees left |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...keptRows(),
  ...rows,
  '',
].join('\n');
process.stdout.write(table);
if (values.out !== undefined) writeDocSection(values.out, BEGIN, END, table);
