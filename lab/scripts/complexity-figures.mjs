// How the complexity fit does on sweeps of known algorithms (corpus/sweeps, laws in laws.json): per
// sweep the expected law, the reported law and status, and the cliffs with the cache levels they
// crossed; per half (tuning / held-out, by an FNV-1a hash of the sweep id) the share of sweeps whose
// right law is reported with a committed status ('clear', or 'cannot tell' naming it). Measured on
// real runs, reported, never asserted in tests.
// Usage: npm run lab -- complexity [--runs 2 --time 150ms --out lab/complexity.md --keep --half tune --results a.json,b.json]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { writeOrAppendDocSection } from './lib/doc-section.mjs';
import { withComplexity } from '../../dist/analysis/complexity.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/main.js');
const { values } = parseArgs({
  options: { runs: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' }, keep: { type: 'boolean' }, half: { type: 'string' }, results: { type: 'string' } },
});
/** `--results a.json,b.json`: fit saved runs again (with this build's fit) instead of measuring. */
const SAVED = values.results === undefined ? null : values.results.split(',');
/** `--half tune` prints the tuning half only: what a constant may be chosen by looking at. */
const ONLY = values.half ?? null;
/** The issue asks for the rate in each of 2 runs. */
const RUNS = Number(values.runs ?? 2);
/** A short per-size budget keeps a run of the 24 sweeps (about 240 sizes) to a few minutes. */
const TIME = values.time ?? '150ms';
const CORPUS = 'corpus/sweeps';
/** The five sorts of 11 sizes took over the default 60 s on a busy host (the file was stopped, its sweeps not fitted). */
const FILE_TIMEOUT = '600s';
/** The figures replace what lies between these markers in the --out file (or the whole file without them). */
const START = '<!-- complexity-figures:start -->';
const END = '<!-- complexity-figures:end -->';

const { laws } = JSON.parse(readFileSync(path.join(root, CORPUS, 'laws.json'), 'utf8'));
mkdirSync(path.join(root, '.ubench'), { recursive: true });
const work = mkdtempSync(path.join(root, '.ubench', 'complexity-'));

/** FNV-1a of the id: the half a sweep belongs to never depends on what else is in the corpus. */
function half(id) {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2 === 0 ? 'tune' : 'held-out';
}

function run(r) {
  const json = path.join(work, `run-${r}.json`);
  const result = spawnSync(process.execPath, [cli, CORPUS, '--time', TIME, '--timeout', FILE_TIMEOUT, '--quiet', '--no-color', '--no-history', '--json', json], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(`ubench exited with ${result.status}: ${result.stderr}`);
  return JSON.parse(readFileSync(json, 'utf8'));
}

const modelText = (m) => m.replace('^2', '²').replace('^3', '³');
const statusText = (g) => (g.status === 'clear' ? 'clear' : g.status === 'cannot-tell' ? `cannot tell from ${g.indistinct.map(modelText).join(', ')}` : g.status);
const sizeText = (n) => n.toLocaleString('en-US');
function cliffText(c) {
  const jump = c.jump ?? c.ratio / c.expected;
  const levels = c.crossed.length > 0 ? ` (${c.crossed.map((l) => l.name).join(', ')})` : '';
  return `×${jump.toFixed(1)} at ${sizeText(c.fromN)}→${sizeText(c.toN)}${levels}`;
}
/** Right law, committed: clear and right, or cannot tell with the right law named among the candidates. */
function committed(g, expected) {
  if (g.status === 'clear') return g.best.model === expected;
  return g.status === 'cannot-tell' && (g.best.model === expected || g.indistinct.includes(expected));
}

const runs = [];
for (let r = 0; r < (SAVED?.length ?? RUNS); r++) {
  process.stderr.write(`sweeps, run ${r + 1}/${SAVED?.length ?? RUNS}…\n`);
  const results = SAVED === null ? run(r) : withComplexity(JSON.parse(readFileSync(SAVED[r], 'utf8')));
  const bySweep = new Map();
  for (const g of results.complexity?.groups ?? []) bySweep.set(`${path.basename(g.file)}#${g.baseName}`, g);
  runs.push(bySweep);
}
if (!values.keep) rmSync(work, { recursive: true, force: true });

const lines = [];
const say = (line = '') => {
  lines.push(line);
  console.log(line);
};
say(
  `${SAVED === null ? `Measured by \`npm run lab -- complexity --runs ${runs.length}\`` : `Saved runs (${runs.length}) fitted again by \`npm run lab -- complexity --results …\``} (${new Date().toISOString().slice(0, 10)}, node ${process.versions.node}, \`--time ${TIME}\` per size) on the ${Object.keys(laws).length} sweeps of \`corpus/sweeps\`. Each sweep belongs to the tuning or the held-out half by an FNV-1a hash of its id; the fit's constants were chosen looking at the tuning half only. ✓: the right law, clear or named by 'cannot tell'. Cliffs: the fitted steps, with the cache levels (per the OS) their working sets crossed when the sweep declares \`bytesPerItem\`.`,
);
say();
say(`| sweep | half | law | ${runs.map((_, r) => `run ${r + 1}`).join(' | ')} |`);
say(`|---|---|---|${runs.map(() => '---|').join('')}`);
const tally = { tune: runs.map(() => [0, 0]), 'held-out': runs.map(() => [0, 0]) };
let cliffsTotal = 0;
let cliffsNamed = 0;
for (const [id, expected] of Object.entries(laws)) {
  const h = half(id);
  if (ONLY !== null && h !== ONLY) continue;
  const cells = runs.map((bySweep, r) => {
    const g = bySweep.get(id);
    tally[h][r][1]++;
    if (g === undefined) return 'not fitted';
    const ok = committed(g, expected);
    if (ok) tally[h][r][0]++;
    for (const c of g.cliffs) {
      if (g.bytesPerItem === null) continue;
      cliffsTotal++;
      if (c.crossed.length > 0) cliffsNamed++;
    }
    const cliffs = g.cliffs.length === 0 ? '' : `; cliff ${g.cliffs.map(cliffText).join(', ')}`;
    return `${ok ? '✓' : '✗'} ${modelText(g.best.model)} (${statusText(g)}, rms ${(100 * g.best.rms).toFixed(1)}%)${cliffs}`;
  });
  say(`| ${id} | ${h} | ${modelText(expected)} | ${cells.join(' | ')} |`);
}
say();
say(`| half | ${runs.map((_, r) => `run ${r + 1}`).join(' | ')} |`);
say(`|---|${runs.map(() => '---|').join('')}`);
for (const h of ['tune', 'held-out'].filter((x) => ONLY === null || x === ONLY)) say(`| ${h} | ${tally[h].map(([ok, all]) => `${ok}/${all} (${((100 * ok) / all).toFixed(0)}%)`).join(' | ')} |`);
say();
say(`Cliffs of sweeps that declare \`bytesPerItem\`, over all runs: ${cliffsNamed} of ${cliffsTotal} crossed a cache level the OS lists.`);

if (values.out !== undefined) {
  writeOrAppendDocSection(path.resolve(root, values.out), START, END, lines.join('\n'));
  process.stderr.write(`written to ${values.out}\n`);
}
