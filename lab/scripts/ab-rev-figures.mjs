// Figures of `ubench ab <rev>` (docs/comparing.md, "Against a git revision"): on a git repository
// made here (test/helpers/git-fixture.ts), HEAD against a clean working tree (A/A), against 5% more
// work and against twice the work in the imported module; per run the change of the work benchmark
// with its CI, the verdict, the wall time and whether a worktree was left behind.
// Usage: npm run lab -- ab-rev [--runs 3 --pairs 10 --time 300ms --out lab/ab-rev-figures.md]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { gitIn, gitRepository, WORK_BENCH, workModule, writeFiles } from '../../test/helpers/git-fixture.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string' }, pairs: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' } } });
/** Three runs show the spread the lead asks for. */
const RUNS = Number(values.runs ?? 3);
/** The default of `ab`: the signed-rank test needs 6 pairs to call anything. */
const PAIRS = values.pairs ?? '10';
/** A short budget, as a CI job would use (docs/ci.md). */
const TIME = values.time ?? '300ms';
/** The committed module's steps per call (about 2 µs per call on this machine). */
const BASE_STEPS = 2000;
const SCENARIOS = [
  { name: 'A/A (clean tree)', steps: BASE_STEPS },
  { name: '+5% work', steps: Math.round(BASE_STEPS * 1.05) },
  { name: '2× work', steps: 2 * BASE_STEPS },
];

const pct = (x) => (x === null ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}%`);
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  for (const s of SCENARIOS) {
    const work = mkdtempSync(path.join(tmpdir(), 'ubench-ab-rev-figures-'));
    const repo = gitRepository(path.join(work, 'repo'), { 'lib/work.ts': workModule(BASE_STEPS), 'bench/work.bench.ts': WORK_BENCH });
    if (s.steps !== BASE_STEPS) writeFiles(repo, { 'lib/work.ts': workModule(s.steps) });
    const tmp = path.join(work, 'tmp');
    writeFiles(tmp, { '.keep': '' });
    const json = path.join(work, 'ab.json');
    const started = performance.now();
    const cli = spawnSync(process.execPath, [path.join(root, 'dist/cli/main.js'), 'ab', 'HEAD', '--pairs', PAIRS, '--time', TIME, '--warmup', TIME, '--quiet', '--json', json, '--seed', String(run)], {
      cwd: repo,
      env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const seconds = (performance.now() - started) / 1000;
    if (cli.status !== 0) throw new Error(`ab failed (${cli.status}): ${cli.stderr}`);
    const row = JSON.parse(readFileSync(json, 'utf8')).rows[0];
    const left =
      readdirSync(tmp).filter((f) => f.startsWith('ubench-ab-rev-')).length +
      gitIn(repo, 'worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length -
      1;
    rows.push(`| ${s.name} | ${run} | ${pct(row.change)} [${pct(row.ciLower)}, ${pct(row.ciUpper)}] | ${row.verdict} | ${row.pValue.toFixed(4)} | ${seconds.toFixed(1)} s | ${left} |`);
    process.stderr.write(`${rows.at(-1)}\n`);
    rmSync(work, { recursive: true, force: true });
  }
}
const table = [
  `\`ubench ab HEAD --pairs ${PAIRS} --time ${TIME} --warmup ${TIME}\` on the test fixture (one bench file, ${BASE_STEPS} steps per call committed), ${RUNS} runs per scenario:`,
  '',
  '| working tree | run | change [95% CI] | verdict | p | wall time | worktrees left |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
process.stdout.write(table);
if (values.out !== undefined) writeFileSync(values.out, `# ab <rev> figures\n\nMade by \`npm run lab -- ab-rev\`.\n\n${table}`);
