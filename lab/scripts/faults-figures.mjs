// The fault suite's figures (lab/reliability.md): each file of test/faults/ (or those whose name
// starts with --match) run several times in a row, one at a time, with its cases, its passes and its
// wall time per run (median and range), so a flaky case shows as a pass count below the runs. The
// browser files need Chromium (/usr/bin/chromium or UBENCH_CHROMIUM); all need a build.
// Usage: npm run lab -- faults [--runs 3 --match browser- --out lab/reliability.md]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOrAppendDocSection } from './lib/doc-section.mjs';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, match: { type: 'string', default: '' }, out: { type: 'string' } } });
const RUNS = Number(values.runs);
/** One file's run: its cases bound themselves (a minute each at most); this only stops a runaway. */
const FILE_TIMEOUT_MS = 300_000;
/** The figures replace what lies between these markers in the --out file (or the whole file without them). */
const START = '<!-- fault-figures:start -->';
const END = '<!-- fault-figures:end -->';

const files = readdirSync(path.join(root, 'test/faults'))
  .filter((f) => f.endsWith('.test.ts') && f.startsWith(values.match))
  .sort();
const lines = [];
const say = (line) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
const count = (text, key) => Number(new RegExp(`^# ${key} (\\d+)`, 'm').exec(text)?.[1] ?? 0);

say(
  `Measured by \`npm run lab -- faults --runs ${RUNS}${values.match === '' ? '' : ` --match ${values.match}`}\` (${new Date().toISOString().slice(0, 10)}, node ${process.versions.node}): each file run ${RUNS} times, one at a time.`,
);
say('');
say('| fault test file | cases | runs with every case passing | wall time per run, median (range) |');
say('|---|---|---|---|');
for (const file of files) {
  const times = [];
  let passing = 0;
  let cases = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = Date.now();
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `test/faults/${file}`], { cwd: root, encoding: 'utf8', timeout: FILE_TIMEOUT_MS });
    times.push((Date.now() - started) / 1000);
    const text = `${result.stdout}${result.stderr}`;
    cases = count(text, 'tests');
    if (result.status === 0 && count(text, 'fail') === 0 && count(text, 'skipped') === 0) passing++;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  say(`| \`${file}\` | ${cases} | ${passing} of ${RUNS} | ${median.toFixed(1)} s (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)} s) |`);
}

if (values.out !== undefined) {
  writeOrAppendDocSection(path.resolve(root, values.out), START, END, lines.join('\n'));
  process.stderr.write(`written to ${values.out}\n`);
}
