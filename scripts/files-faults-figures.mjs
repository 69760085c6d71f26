// The files fault suite's figures (docs/results-format.md, "Reading and writing from code"): each
// test/faults/files-*.test.ts run N times, with passes, the longest duration, and the fuzzed files'
// outcome counts (reports and one-line errors, fixed by the seed, so equal on every run).
// Usage: npm run bench:files-faults [-- --runs 3 --out docs/results-format.md]
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, out: { type: 'string' } } });
const RUNS = Number(values.runs);
const FILES = ['files-full-disk', 'files-concurrent', 'files-fuzzed-results'];
const log = (text) => process.stderr.write(`${text}\n`);

const rows = [];
for (const name of FILES) {
  const outcomes = [];
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', `test/faults/${name}.test.ts`], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const seconds = (Date.now() - started) / 1000;
    const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(run.stdout)?.[1] ?? Number.NaN);
    const fuzz = /fuzzed results: (\d+) files × 5 commands: (\d+) reports, (\d+) one-line errors/.exec(`${run.stdout}${run.stderr}`);
    outcomes.push({ ok: run.status === 0, tests: count('tests'), pass: count('pass'), skipped: count('skipped'), seconds, fuzz: fuzz === null ? null : `${fuzz[2]} reports, ${fuzz[3]} errors` });
    log(`${name} run ${i + 1}/${RUNS}: ${run.status === 0 ? 'pass' : 'FAIL'} in ${seconds.toFixed(1)} s`);
  }
  const passed = outcomes.filter((o) => o.ok).length;
  const fuzz = [...new Set(outcomes.map((o) => o.fuzz).filter((f) => f !== null))].join('; ') || '—';
  const skipped = Math.max(...outcomes.map((o) => o.skipped));
  rows.push(
    `| ${name} | ${outcomes[0].tests} | ${passed} of ${RUNS}${skipped > 0 ? ` (${skipped} skipped)` : ''} | ${Math.min(...outcomes.map((o) => o.seconds)).toFixed(0)}–${Math.max(...outcomes.map((o) => o.seconds)).toFixed(0)} s | ${fuzz} |`,
  );
}

const table = ['| fault file | tests | runs passed | duration | fuzzed files: outcomes of 1,000 invocations |', '| :--- | ---: | ---: | ---: | :--- |', ...rows].join('\n');
process.stdout.write(`${table}\n`);
if (values.out !== undefined) {
  const file = path.resolve(ROOT, values.out);
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- files-faults-figures:start -->';
  const end = '<!-- files-faults-figures:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${values.out} has no ${start} … ${end} section`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${table}\n${doc.slice(to)}`);
  log(`written to ${values.out}`);
}
