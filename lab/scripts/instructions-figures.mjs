// The --instructions figures (lab/instructions.md):
// - A/A: the same benchmarks counted in separate runs (each its own counting processes): the spread of
//   instructions per op across runs, beside the spread of time per op of the same runs;
// - a 1% change: runs of a 1000-step chain against runs of a 1010-step one, compared with
//   `compare --metric instructions` pair by pair (called slower?), and unchanged pairs (1000 against 1000);
// - linearity: chain 4096 over chain 1024 (≈ 4); the empty body's own instructions;
// - wall time of the counting per benchmark.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli/main.js');
// --from <dir>: the runs of an earlier invocation (its results folder), compared and summarized again.
const { values } = parseArgs({ options: { pairs: { type: 'string', default: '10' }, from: { type: 'string' } } });
const work = values.from ?? mkdtempSync(path.join(tmpdir(), 'ubench-instructions-'));
const PAIRS = Number(values.pairs);
const FILE = 'lab/harness-bench/instructions/work.bench.ts';

function ubench(args, env = {}) {
  // A command (compare) comes first; the run's own options after the files.
  const options = args[0] === 'compare' ? ['--no-color'] : ['--no-color', '--no-history', '--quiet'];
  const result = spawnSync(process.execPath, [cli, ...args, ...options], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  if (result.status !== 0 && result.status !== 1) throw new Error(`ubench ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

function countRun(steps, index) {
  const json = path.join(work, `run-${steps}-${index}.json`);
  if (values.from === undefined) ubench([FILE, '--time', '300ms', '--instructions', '--json', json], { UBENCH_CHAIN_STEPS: String(steps) });
  return { json, results: JSON.parse(readFileSync(json, 'utf8')) };
}

const byName = (results, name) => results.benchmarks.find((b) => b.baseName === name);
const spread = (xs) => (Math.max(...xs) - Math.min(...xs)) / median(xs);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (x) => `${(100 * x).toFixed(3)}%`;

const base = [];
const changed = [];
for (let i = 0; i <= PAIRS; i++) {
  if (values.from === undefined) process.stderr.write(`run ${i + 1}/${PAIRS + 1}: 1000 steps${i < PAIRS ? ', then 1010' : ''}…\n`);
  base.push(countRun(1000, i));
  if (i < PAIRS) changed.push(countRun(1010, i));
}

function verdict(a, b) {
  const out = ubench(['compare', a, b, '--metric', 'instructions', '--json', path.join(work, 'compare.json')]);
  const doc = JSON.parse(readFileSync(path.join(work, 'compare.json'), 'utf8'));
  return { out, row: doc.rows.find((r) => r.name === 'chain (steps from the environment)') };
}

let slowerCalled = 0;
let unchangedCalled = 0;
for (let i = 0; i < PAIRS; i++) {
  if (verdict(base[i].json, changed[i].json).row.verdict === 'slower') slowerCalled++;
  if (verdict(base[i].json, base[i + 1].json).row.verdict.match(/^(slower|faster)$/)) unchangedCalled++;
}

console.log('| benchmark | instr/op (median of runs) | spread of instr/op across runs | spread of time/op across the same runs | wall time of counting |');
console.log('|---|---|---|---|---|');
for (const name of ['chain (steps from the environment)', 'chain 1024', 'chain 4096', 'empty body () => {}', 'sort 16 numbers']) {
  const counts = base.map((r) => byName(r.results, name).instructions.perOp);
  const times = base.map((r) => byName(r.results, name).estimate.nsPerOp);
  const walls = base.map((r) => byName(r.results, name).instructions.wallSeconds);
  console.log(
    `| ${name} | ${median(counts).toFixed(2)} | ${pct(spread(counts))} | ${pct(spread(times))} | ${median(walls).toFixed(1)} s (${Math.min(...walls).toFixed(1)}–${Math.max(...walls).toFixed(1)}) |`,
  );
}
const ratios = base.map((r) => byName(r.results, 'chain 4096').instructions.perOp / byName(r.results, 'chain 1024').instructions.perOp);
console.log(`\nchain 4096 / chain 1024 instructions: ${median(ratios).toFixed(4)} (${Math.min(...ratios).toFixed(4)}–${Math.max(...ratios).toFixed(4)}) over ${ratios.length} runs`);
console.log(`compare --metric instructions, 1000 → 1010 steps (1% more work): called slower in ${slowerCalled} of ${PAIRS} pairs`);
console.log(`compare --metric instructions, 1000 → 1000 steps (unchanged): ${unchangedCalled} calls in ${PAIRS} pairs`);
console.log(`(${base.length + changed.length} runs of ${FILE}, each: timing at --time 300ms, then counting in its own processes; results in ${work})`);
