// Figures of `ubench bisect` (docs/bisect.md) on the 32-commit history the system test builds
// (test/helpers/bisect-fixture.ts: a regression at commit 21, a commit that does not build, one
// without the bench file): --runs bisects with a 20% regression measuring time, and --runs with a 5%
// regression under --metric instructions (valgrind); per run the commit found, the steps measured
// and skipped, the change at the commit found with its CI, the wall time and worktrees left.
// Usage: npm run lab -- bisect [--runs 3 --pairs 6 --time 100ms --out lab/bisect.md] [--only time|instructions]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { bisectHistory } from '../../test/helpers/bisect-fixture.ts';
import { gitIn } from '../../test/helpers/git-fixture.ts';
import { writeDocSection } from './lib/doc-section.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string' }, pairs: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' }, only: { type: 'string' } } });
/** Three runs per scenario show the spread. */
const RUNS = Number(values.runs ?? 3);
/** The fewest pairs that can call one benchmark (the system test's setting). */
const PAIRS = values.pairs ?? '6';
/** Short budgets, as the system test uses. */
const TIME = values.time ?? '100ms';
const SCENARIOS = [
  { name: '20% regression, time', factor: 1.2, args: [] },
  { name: '5% regression, --metric instructions', factor: 1.05, args: ['--metric', 'instructions', '--threshold', '2%'] },
].filter((s) => values.only === undefined || s.name.includes(values.only));

const pct = (x) => (x === null || x === undefined ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`);
const rows = [];
for (const s of SCENARIOS) {
  for (let run = 1; run <= RUNS; run++) {
    const work = mkdtempSync(path.join(tmpdir(), 'ubench-bisect-figures-'));
    const { repo, commits } = bisectHistory(path.join(work, 'repo'), { factor: s.factor });
    const tmp = mkdtempSync(path.join(work, 'tmp-'));
    const json = path.join(work, 'bisect.json');
    const started = performance.now();
    const cli = spawnSync(
      process.execPath,
      [path.join(root, 'dist/cli/main.js'), 'bisect', commits[1], 'HEAD', '--pairs', PAIRS, '--time', TIME, '--warmup', TIME, '--quiet', '--json', json, '--seed', String(run), ...s.args],
      { cwd: repo, env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' }, encoding: 'utf8' },
    );
    const seconds = (performance.now() - started) / 1000;
    if (cli.status !== 0) throw new Error(`bisect failed (${cli.status}): ${cli.stderr}`);
    const doc = JSON.parse(readFileSync(json, 'utf8'));
    const found = doc.firstBad === null ? `none (${doc.outcome})` : `commit ${commits.indexOf(doc.firstBad.commit)}`;
    const measured = doc.steps.filter((x) => x.result.verdict !== 'skipped').length;
    const skipped = doc.steps.length - measured;
    const escalated = doc.steps.filter((x) => /time could not tell/.test(x.result.reason)).length;
    const r = doc.firstBad?.result;
    const left =
      readdirSync(tmp).filter((f) => f.startsWith('ubench-')).length +
      gitIn(repo, 'worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length -
      1;
    rows.push(`| ${s.name} | ${run} | ${found} | ${measured} | ${skipped} | ${escalated} | ${pct(r?.change)} [${pct(r?.ciLower)}, ${pct(r?.ciUpper)}] | ${seconds.toFixed(0)} s | ${left} |`);
    process.stderr.write(`${rows.at(-1)}\n`);
    rmSync(work, { recursive: true, force: true });
  }
}
const table = [
  `\`ubench bisect <commit 1> HEAD --pairs ${PAIRS} --time ${TIME} --warmup ${TIME}\` on the 32-commit fixture (regression at commit 21; commit 16 does not build, commit 24 has no bench file), ${RUNS} runs per scenario; the instructions runs add \`--metric instructions --threshold 2%\`:`,
  '',
  '| scenario | run | found | steps measured | skipped | escalated to instructions | commit found against commit 1 [95% CI] | wall time | worktrees left |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
process.stdout.write(table);
if (values.out !== undefined) writeDocSection(values.out, '<!-- bisect-figures:start -->', '<!-- bisect-figures:end -->', table);
