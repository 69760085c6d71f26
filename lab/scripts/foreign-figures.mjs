// The foreign figures (docs/integrations.md): the same bodies (a 64/256/1024-step integer chain and a
// small allocation, test/fixtures/foreign/figures/) written for ubench and for each foreign API, all
// in one ubench run, repeated --runs times. For each API and body: the median estimate over the runs
// against ubench's own form, the spread of the per-run ratios, and in how many runs the two 95% CIs
// overlap. Each benchmark runs in a process of its own (--isolate benchmark, the default here): an
// allocating body's figure moves with the other benchmarks measured in its process (74–106 ns for
// the same body in one file's process, 74–77 ns alone, measured here), which would hide what the
// stand-ins do. Exits 1 when a body of some API has no overlap in most runs.
// Usage: npm run lab -- foreign [--runs 3 --time 300ms --isolate benchmark|file --out docs/integrations.md]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeDocSection } from './lib/doc-section.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'dist/cli/main.js');
const DIR = 'test/fixtures/foreign/figures';
const APIS = ['vitest', 'mitata', 'tinybench', 'benchmark'];
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, time: { type: 'string', default: '300ms' }, isolate: { type: 'string', default: 'benchmark' }, out: { type: 'string' } },
});
const RUNS = Number(values.runs);
const log = (text) => process.stderr.write(`${text}\n`);

/**
 * The body a result measures, whatever the API names it. A step count given as a parameter (mitata's
 * `chain $steps(steps=64)`, ubench's `chain(steps=64)`) is not a constant the optimizer can fold into
 * the loop, as `() => chain(64)` is: those are held against ubench's parameter form.
 */
const bodyOf = (b) => (typeof b.params?.steps === 'number' ? `chain ${b.params.steps} (args)` : b.baseName);
/** The ubench file and form an API's body is held against: mitata's against the parameter form, in a file of as many benchmarks. */
const referenceFile = (api) => (api === 'mitata' ? 'ubench-args' : 'ubench');
const referenceOf = (api, body) => (api === 'mitata' && body.startsWith('chain') ? `${body} (args)` : body);
const foreignOf = (api, body) => referenceOf(api, body);
const apiOf = (b) => path.basename(b.file).replace(/\.bench\.ts$/, '');

/** One run of every file: Map(api → Map(body → estimate)). */
function oneRun() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ubench-foreign-figures-'));
  const json = path.join(scratch, 'results.json');
  try {
    const files = ['ubench', 'ubench-args', ...APIS].map((api) => `${DIR}/${api}.bench.ts`);
    const args = [CLI, ...files, '--time', values.time, '--warmup', values.time, '--isolate', values.isolate, '--json', json, '--no-history', '--quiet', '--no-color'];
    const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (run.status !== 0) throw new Error(`ubench exited ${run.status}:\n${run.stdout}${run.stderr}`);
    const results = JSON.parse(readFileSync(json, 'utf8'));
    const byApi = new Map();
    for (const b of results.benchmarks) {
      if (b.status !== 'ok' || b.estimate === null) continue;
      const api = apiOf(b);
      if (!byApi.has(api)) byApi.set(api, new Map());
      byApi.get(api).set(bodyOf(b), b.estimate);
    }
    return byApi;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ns = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} µs` : `${x.toFixed(x >= 100 ? 0 : 1)} ns`);
const overlaps = (a, b) => a.ciLower <= b.ciUpper && b.ciLower <= a.ciUpper;

const runs = [];
for (let r = 0; r < RUNS; r++) {
  log(`run ${r + 1}/${RUNS}`);
  runs.push(oneRun());
}

const bodies = ['chain 64', 'chain 256', 'chain 1024', 'allocate'];
const lines = [
  `${RUNS} runs, every file in the same run, --isolate ${values.isolate} (--time ${values.time}); node ${process.version}.`,
  '',
  '| API | body | ubench form | foreign file | ratio (median) | per-run ratios | 95% CIs overlap |',
  '|---|---|---|---|---|---|---|',
];
let failures = 0;
for (const api of APIS) {
  for (const body of bodies) {
    const pairs = runs.map((run) => [run.get(referenceFile(api))?.get(referenceOf(api, body)), run.get(api)?.get(foreignOf(api, body))]).filter(([a, b]) => a !== undefined && b !== undefined);
    if (pairs.length === 0) {
      lines.push(`| ${api} | ${body} | — | — | — | — | not measured |`);
      failures++;
      continue;
    }
    const ratios = pairs.map(([a, b]) => b.nsPerOp / a.nsPerOp);
    const overlapping = pairs.filter(([a, b]) => overlaps(a, b)).length;
    if (overlapping * 2 <= pairs.length) failures++;
    const own = median(pairs.map(([a]) => a.nsPerOp));
    const theirs = median(pairs.map(([, b]) => b.nsPerOp));
    lines.push(
      `| ${api} | ${referenceOf(api, body)} | ${ns(own)} | ${ns(theirs)} | ${(theirs / own).toFixed(3)} | ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)} | ${overlapping} of ${pairs.length} |`,
    );
  }
}
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
if (values.out !== undefined) {
  writeDocSection(path.resolve(ROOT, values.out), '<!-- foreign-figures:start -->', '<!-- foreign-figures:end -->', table);
  log(`written to ${values.out}`);
}
process.exitCode = failures > 0 ? 1 : 0;
