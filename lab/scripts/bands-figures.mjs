// How single-run comparisons fare with bands learned from history against the fixed band: a few runs
// of test/fixtures/bench/bands/work.bench.ts kept in a history, then pairs of single-process runs —
// the same code twice (A/A), and the same against a copy whose weighted sum does 5% more steps —
// each compared with that history (learned bands) and without one (the fixed band). The figures of
// lab/comparing.md "Bands learned from history"; measured, never asserted in tests.
// Usage: npm run lab -- bands [--runs 5 --pairs 5 --time 1s --out lab/comparing.md]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeOrAppendDocSection } from './lib/doc-section.mjs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/main.js');
const fixture = path.join(root, 'test/fixtures/bench/bands/work.bench.ts');
const { values } = parseArgs({ options: { runs: { type: 'string' }, pairs: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' } } });
/** Runs of the base code kept before the pairs: the learned band needs MIN_BAND_RUNS (5) of them. */
const RUNS = Number(values.runs ?? 5);
/** Pairs of runs: each gives one A/A comparison (3 rows) and one +5% comparison. */
const PAIRS = Number(values.pairs ?? 5);
/** The default budget (1s per benchmark): the figure is of the runs users make. */
const TIME = values.time ?? '1s';
/** The changed benchmark and its steps per call: the base, and 5% more work. */
const CHANGED = 'weighted sum';
const BASE_STEPS = 'const WEIGHTED_STEPS = 200;';
const MORE_STEPS = 'const WEIGHTED_STEPS = 210;';
const START = '<!-- bands-figures:start -->';
const END = '<!-- bands-figures:end -->';

// Inside the package, so the bench file's `import 'ubench'` resolves to this checkout.
mkdirSync(path.join(root, '.ubench'), { recursive: true });
const work = mkdtempSync(path.join(root, '.ubench', 'bands-'));
/** The history lives in work/.ubench/runs; comparisons with the fixed band run where there is none. */
const bare = path.join(work, 'bare');
mkdirSync(bare);
const bench = path.join(work, 'work.bench.ts');
const source = readFileSync(fixture, 'utf8');
if (!source.includes(BASE_STEPS)) throw new Error(`${fixture} no longer declares ${BASE_STEPS}`);

function ubench(args, cwd = work) {
  const result = spawnSync(process.execPath, [cli, ...args, '--no-color'], { cwd, encoding: 'utf8' });
  if (result.status !== 0 && result.status !== 1) throw new Error(`ubench ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return result;
}
function measure(name, code, keep) {
  writeFileSync(bench, code);
  const json = path.join(work, `${name}.json`);
  ubench([bench, '--time', TIME, '--quiet', ...(keep ? [] : ['--no-history']), '--json', json]);
  return json;
}
function compare(base, next, cwd) {
  const out = path.join(work, 'cmp.json');
  ubench(['compare', base, next, '--json', out], cwd);
  return JSON.parse(readFileSync(out, 'utf8')).rows;
}

for (let i = 0; i < RUNS; i++) {
  process.stderr.write(`kept run ${i + 1}/${RUNS}…\n`);
  measure('kept', source, true);
}
/** rows[kind][band]: every compared row, kind 'aa' or 'more', band 'learned' or 'fixed'. */
const rows = { aa: { learned: [], fixed: [] }, more: { learned: [], fixed: [] } };
for (let p = 0; p < PAIRS; p++) {
  process.stderr.write(`pair ${p + 1}/${PAIRS}…\n`);
  const a = measure('a', source, false);
  const b = measure('b', source, false);
  const c = measure('c', source.replace(BASE_STEPS, MORE_STEPS), false);
  for (const band of ['learned', 'fixed']) {
    const cwd = band === 'learned' ? work : bare;
    rows.aa[band].push(...compare(a, b, cwd));
    rows.more[band].push(...compare(a, c, cwd));
  }
}
rmSync(work, { recursive: true, force: true });

const name = (row) => row.name.replace(/^.*#/, '');
const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const range = (xs) => (xs.length === 0 ? '–' : `${pct(Math.min(...xs))} to ${pct(Math.max(...xs))}`);
const bands = (xs) => (xs.length === 0 ? '–' : `±${(Math.min(...xs) * 100).toFixed(1)}% to ±${(Math.max(...xs) * 100).toFixed(1)}%`);
const called = (xs) => xs.filter((r) => r.verdict === 'slower' || r.verdict === 'faster').length;
const lines = [
  `Measured by \`npm run lab -- bands --runs ${RUNS} --pairs ${PAIRS} --time ${TIME}\` (${new Date().toISOString().slice(0, 10)}, node ${process.versions.node}, ${PAIRS} pairs of single-process runs after ${RUNS} kept runs of the base code). Learned: \`compare\` with that history; fixed: the same files compared without one.`,
  '',
  '| rows | compared | called, learned band | called, fixed band | change (range) | learned band (range) | learned from |',
  '|---|---|---|---|---|---|---|',
];
const line = (what, learned, fixed) => {
  const from = [...new Set(learned.map((r) => (r.bandBasis?.learned ? `${r.bandBasis.runs} runs` : 'default')))].join(', ');
  lines.push(`| ${what} | ${learned.length} | ${called(learned)} | ${called(fixed)} | ${range(learned.map((r) => r.change))} | ${bands(learned.map((r) => r.band))} | ${from} |`);
};
line('A/A, all benchmarks', rows.aa.learned, rows.aa.fixed);
for (const benchmark of [...new Set(rows.aa.learned.map(name))]) {
  const only = (xs) => xs.filter((r) => name(r) === benchmark);
  line(`A/A, ${benchmark}`, only(rows.aa.learned), only(rows.aa.fixed));
}
const changed = (xs) => xs.filter((r) => name(r) === CHANGED);
const others = (xs) => xs.filter((r) => name(r) !== CHANGED);
line(`+5% steps, ${CHANGED}`, changed(rows.more.learned), changed(rows.more.fixed));
line('+5% run, the other benchmarks (unchanged code, changed file)', others(rows.more.learned), others(rows.more.fixed));
const text = lines.join('\n');
process.stdout.write(`${text}\n`);

if (values.out !== undefined) {
  writeOrAppendDocSection(path.resolve(root, values.out), START, END, text);
  process.stderr.write(`written to ${values.out}\n`);
}
