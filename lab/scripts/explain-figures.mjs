// Figures of `ubench ab <rev> --explain` (lab/explain.md): on a repository made here whose history
// holds planted causes, one per commit (test/helpers/explain-fixture.ts), each commit is checked out
// and measured against its parent; per run, whether the planted benchmark's change was called and
// the planted cause ranked first (and, where the plant requires it, a new deopt listed in the changed
// function), whether any cause was claimed elsewhere, and the wall time. Last,
// A/A (`ab HEAD` on the clean tree): nothing called, no cause claimed.
// Usage: npm run lab -- explain [--runs 3 --pairs 12 --time 200ms --out lab/explain.md --keep <dir>]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeDocSection } from './lib/doc-section.mjs';
import { fileURLToPath } from 'node:url';
import { gitIn } from '../../test/helpers/git-fixture.ts';
import { explainRepository, PLANTED } from '../../test/helpers/explain-fixture.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string' }, pairs: { type: 'string' }, time: { type: 'string' }, only: { type: 'string' }, out: { type: 'string' }, keep: { type: 'string' } },
});
/** Three runs: the issue asks for the planted cause first in 3 of 3. */
const RUNS = Number(values.runs ?? 3);
/**
 * Twelve pairs: among 10 benchmarks Holm asks the first p ≤ 0.005. With 10 pairs the signed-rank test
 * gets there only with every pair agreeing or the one that disagrees the smallest (p = 0.002, 0.0039):
 * the parent's `tokenize` read 40–85% slow in one or two of ten A processes and its +45% went uncalled
 * in 3 of 7 runs of that commit (lab/explain.md). With 12, two disagreeing pairs of the smallest ranks still give p = 0.0024.
 */
const PAIRS = values.pairs ?? '12';
/** A CI job's budget (docs/ci.md): 12 pairs of 200 ms sample each benchmark 2.4 s, where 10 of 300 ms sampled 3 s. */
const TIME = values.time ?? '200ms';

function ab(repo, revision, json, run) {
  const started = performance.now();
  const cli = spawnSync(
    process.execPath,
    [path.join(root, 'dist/cli/main.js'), 'ab', revision, '--explain', '--pairs', PAIRS, '--time', TIME, '--warmup', TIME, '--quiet', '--json', json, '--seed', String(run)],
    {
      cwd: repo,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    },
  );
  if (cli.status !== 0 && cli.status !== 1) throw new Error(`ab failed (${cli.status}): ${cli.stderr}`);
  return { seconds: (performance.now() - started) / 1000, doc: JSON.parse(readFileSync(json, 'utf8')) };
}

const pct = (x) => (x == null ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`);
const rows = [];
const scenarios = [...PLANTED.map((p, i) => ({ ...p, commit: i + 1 })), { name: 'A/A (HEAD, clean tree)', benchmark: null, kinds: [], mentions: null, commit: null }].filter(
  (s) => values.only === undefined || s.name.includes(values.only),
);
for (let run = 1; run <= RUNS; run++) {
  for (const s of scenarios) {
    const work = mkdtempSync(path.join(tmpdir(), 'ubench-explain-figures-'));
    const repo = path.join(work, 'repo');
    const commits = explainRepository(repo);
    if (s.commit !== null) gitIn(repo, 'checkout', '-q', commits[s.commit]);
    const { seconds, doc } = ab(repo, s.commit === null ? 'HEAD' : commits[s.commit - 1], path.join(work, 'ab.json'), run);
    const explained = doc.explain ?? [];
    const called = doc.rows.filter((r) => r.verdict === 'slower' || r.verdict === 'faster').map((r) => r.name.replace(/^.*#/, ''));
    const planted = s.benchmark === null ? null : explained.find((e) => e.name.endsWith(`#${s.benchmark}`));
    const first = planted?.causes[0] ?? null;
    const firstOk = s.benchmark === null ? null : first !== null && s.kinds.includes(first.kind) && first.text.includes(s.mentions);
    // A required deopt: a `deopt` cause of that benchmark naming the function it must be placed in.
    const deoptOk = s.requires === undefined || (planted?.causes ?? []).some((c) => c.kind === 'deopt' && c.text.includes(`self time of ${s.requires.deoptIn} `));
    const elsewhere = explained.filter((e) => e !== planted && e.causes.length > 0).map((e) => e.name.replace(/^.*#/, ''));
    const verdict =
      s.benchmark === null
        ? elsewhere.length === 0
          ? 'no cause claimed'
          : `causes claimed: ${elsewhere.join(', ')}`
        : `${firstOk ? 'planted cause first' : 'NOT first'}${s.requires === undefined ? '' : deoptOk ? `, new deopt in ${s.requires.deoptIn} listed` : `, NO new deopt in ${s.requires.deoptIn}`}: ${first === null ? (planted == null ? 'not called' : 'no cause') : `${first.kind}: ${first.text}`}`;
    // ab's own note says where the time went: "took P s for N pairs; --explain E s (…)".
    const took = (doc.notes ?? []).find((n) => n.startsWith('took ')) ?? '';
    const pairsS = /^took (\d+) s/.exec(took)?.[1] ?? '?';
    const explainS = /--explain (\d+) s/.exec(took)?.[1] ?? '?';
    const again = (doc.notes ?? []).filter((n) => n.includes(' measured again: ')).length;
    rows.push(
      `| ${s.name} | ${run} | ${called.join(', ') || 'none'} | ${planted == null ? '–' : pct(planted.change)} | ${verdict} | ${s.benchmark === null ? '–' : elsewhere.join(', ') || 'none'} | ${seconds.toFixed(0)} s (pairs ${pairsS} s, evidence ${explainS} s${again === 0 ? '' : `, ${again} pair${again === 1 ? '' : 's'} measured again`}) |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
    // A run that missed keeps its A/B file (every per-process estimate, each row's p and reason), to be read, not guessed at.
    const missed = s.benchmark === null ? elsewhere.length > 0 : !firstOk || !deoptOk;
    if (missed) {
      const kept = path.join(tmpdir(), `ubench-explain-missed-run${run}-commit${s.commit ?? 'aa'}.json`);
      copyFileSync(path.join(work, 'ab.json'), kept);
      process.stderr.write(`  (missed: its ab file is kept at ${kept})\n`);
    }
    // --keep <dir>: every run's A/B file, e.g. to read the processes' levels (analysis/ab-process-level.ts) afterwards.
    if (values.keep !== undefined) {
      mkdirSync(values.keep, { recursive: true });
      copyFileSync(path.join(work, 'ab.json'), path.join(values.keep, `run${run}-commit${s.commit ?? 'aa'}.json`));
    }
    rmSync(work, { recursive: true, force: true });
  }
}
const table = [
  `ubench ab <parent> --explain on each planted commit, --pairs ${PAIRS} --time ${TIME}, ${RUNS} run(s), 10 benchmarks (\`npm run lab -- explain --runs ${RUNS}\`):`,
  '',
  '| planted | run | changes called | the planted benchmark | explanation | causes claimed on other benchmarks | wall time |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
process.stdout.write(`${table}\n`);
if (values.out !== undefined) {
  writeDocSection(path.resolve(values.out), '<!-- explain-figures:begin -->', '<!-- explain-figures:end -->', table);
}
