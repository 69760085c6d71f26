#!/usr/bin/env node
// The fixture project's bodies measured two ways, --runs times each: through ubench/vitest in
// vitest's worker (`vitest bench` on the fixture's Node 22) and by `ubench` in its own processes
// (test/fixtures/vitest-project/plain/bodies.ubench.ts, on the same Node 22: V8 12 and V8 11 differ by a
// few percent on these chains, which would read as the provider's doing). Prints per
// body the median estimate of each way with the spread over runs, in how many runs the two 95% CIs
// overlapped, and the wall time of each whole run. The two ways run alternately, never at once.
//
// Usage: npm run lab -- vitest [--runs 3 --time 300ms --out docs/integrations.md]
// With --out, the table replaces what is between the vitest-figures markers of that file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FIXTURE_DIR, installVitestFixture } from '../../scripts/vitest-fixture-install.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' } } });
const runs = Number(values.runs ?? 3);
const time = values.time ?? '300ms';
const ROOT = path.resolve(FIXTURE_DIR, '../../..');
const CLI = path.join(ROOT, 'dist/cli/main.js');
const temp = mkdtempSync(path.join(tmpdir(), 'ubench-vitest-figures-'));

installVitestFixture();

function timed(command, args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: FIXTURE_DIR, env: { ...process.env, NO_COLOR: '1', ...env }, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return seconds;
}

const estimates = (file) => new Map(JSON.parse(readFileSync(file, 'utf8')).benchmarks.map((b) => [b.name, b.estimate]));

const rows = new Map();
const wall = { provider: [], ubench: [] };
for (let run = 1; run <= runs; run++) {
  const viaVitest = path.join(temp, `vitest-${run}.json`);
  const viaUbench = path.join(temp, `ubench-${run}.json`);
  const options = JSON.stringify({ time, json: viaVitest, print: false });
  const node22 = path.join(FIXTURE_DIR, 'node_modules/.bin/node');
  wall.provider.push(timed(node22, [path.join(FIXTURE_DIR, 'node_modules/vitest/vitest.mjs'), 'bench', '--run'], { UBENCH_VITEST_OPTIONS: options }));
  wall.ubench.push(timed(node22, [CLI, 'plain/bodies.ubench.ts', '--time', time, '--json', viaUbench, '--no-history']));
  const a = estimates(viaVitest);
  const b = estimates(viaUbench);
  for (const [name, p] of a) {
    const u = b.get(name);
    if (u == null || p == null) continue;
    const row = rows.get(name) ?? { provider: [], ubench: [], overlap: 0 };
    row.provider.push(p.nsPerOp);
    row.ubench.push(u.nsPerOp);
    if (p.ciLower <= u.ciUpper && u.ciLower <= p.ciUpper) row.overlap++;
    rows.set(name, row);
  }
  process.stderr.write(`run ${run}/${runs} done\n`);
}
rmSync(temp, { recursive: true, force: true });

const median = (xs) => [...xs].sort((x, y) => x - y)[(xs.length - 1) >> 1];
const ns = (v) => (v >= 1000 ? `${(v / 1000).toPrecision(4)} µs` : `${v.toPrecision(3)} ns`);
const spread = (xs) => `${ns(median(xs))} (${ns(Math.min(...xs))}–${ns(Math.max(...xs))})`;
const s = (xs) => `${median(xs).toFixed(2)} s (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
const lines = [
  `Measured with \`npm run lab -- vitest --runs ${runs} --time ${time}\` (${new Date().toISOString().slice(0, 10)}, both ways on the fixture's Node 22): median over runs (min–max).`,
  '',
  "| body | ubench/vitest (in vitest's worker) | ubench (own processes) | 95% CIs overlapped |",
  '|---|---|---|---|',
  ...[...rows].map(([name, r]) => `| ${name} | ${spread(r.provider)} | ${spread(r.ubench)} | ${r.overlap} of ${r.provider.length} runs |`),
  `| wall time of the whole run | ${s(wall.provider)} | ${s(wall.ubench)} | |`,
  '',
];
const table = lines.join('\n');
process.stdout.write(table);
if (values.out !== undefined) {
  const START = '<!-- vitest-figures:start -->';
  const END = '<!-- vitest-figures:end -->';
  const doc = readFileSync(values.out, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  writeFileSync(values.out, from >= 0 && to > from ? `${doc.slice(0, from + START.length)}\n${table}${doc.slice(to)}` : table);
}
