// The per-runtime figures (lab/figures.md, "Runtimes"): for each runtime, the loop floor of
// () => {}, chain 4096 over chain 1024 (≈ 4), the 1024-step chain under ubench against the same chain
// timed by hand on the same runtime (lab/harness-bench/runtimes/bare-chain.js, within ±3%), the empty-loop
// traps flagged by optimized-away, and the wall time of `ubench examples/` — each over separate runs,
// with the spread. Runtimes not installed are left out and said so.
// Usage: npm run lab -- runtimes [--runs 3 --runtimes node,bun,deno,chromium,node@22 --skip-examples]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/main.js');
const work = mkdtempSync(path.join(tmpdir(), 'ubench-runtimes-'));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, runtimes: { type: 'string', default: 'node,bun,deno,chromium,node@22' }, 'skip-examples': { type: 'boolean' } } });
const RUNS = Number(values.runs);

const { findRuntime, realSearch } = await import(path.join(root, 'dist/runner/runtimes/find-runtime.js'));
const { parseRuntimeList } = await import(path.join(root, 'dist/runner/runtimes/runtime-spec.js'));
const { CHROMIUM_ARGS, JS_FLAGS } = await import(path.join(root, 'dist/runner/runtimes/browser-executor.js'));
const { servePage } = await import(path.join(root, 'dist/runner/runtimes/page-server.js'));
const found = [];
for (const spec of parseRuntimeList(values.runtimes)) {
  try {
    found.push(findRuntime(spec, realSearch(root)));
  } catch (error) {
    process.stderr.write(`left out: ${error.message}\n`);
  }
}
const labels = found.map((r) => r.label);

function ubench(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, '--quiet', '--no-color', '--no-history', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, status: result.status, output: result.stdout + result.stderr };
}

async function bareChain(runtime) {
  const script = path.join(root, 'lab/harness-bench/runtimes/bare-chain.js');
  if (runtime.kind === 'chromium') {
    const { chromium } = await import('playwright-core');
    // The page ubench's benchmarks run in: the same browser flags, V8 flags and cross-origin isolated
    // page from a local server, the hand loop as its module script, so only the harness differs.
    const browser = await chromium.launch({ executablePath: runtime.executable, args: [...CHROMIUM_ARGS, `--js-flags=${JS_FLAGS.join(' ')}`] });
    const server = await servePage(readFileSync(script, 'utf8'));
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => typeof window.bareChain === 'function');
    const measured = await page.evaluate(() => window.bareChain());
    await browser.close();
    server.close();
    return measured.nsPerOp;
  }
  const args = runtime.kind === 'deno' ? ['run', script] : [script];
  return JSON.parse(spawnSync(runtime.executable, args, { encoding: 'utf8' }).stdout).nsPerOp;
}

/** Processes per side for the comparison with the hand loop (see below). */
const BARE_PROCESSES = 3;
const FORKS = 3;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
async function bareChains(runtime) {
  const times = [];
  for (let i = 0; i < BARE_PROCESSES; i++) times.push(await bareChain(runtime));
  return times;
}

const per = Object.fromEntries(labels.map((l) => [l, { floor: [], ratio: [], vsBare: [], traps: 0, realFlagged: 0, wall: [] }]));
for (let run = 1; run <= RUNS; run++) {
  process.stderr.write(`run ${run}/${RUNS}: chains on ${labels.join(', ')}, timed by hand before and after…\n`);
  const json = path.join(work, `chains-${run}.json`);
  // By hand just before and just after ubench: the host's drift over the minutes between them then
  // touches both sides alike.
  // Single processes of one runtime differ by a few percent (where the JIT places code), so both sides
  // are several processes: the hand loop's median over BARE_PROCESSES before and as many after, and
  // ubench pooling FORKS processes.
  const before = [];
  for (const runtime of found) before.push(await bareChains(runtime));
  ubench(['lab/harness-bench/runtimes/chains.bench.ts', '--runtime', labels.join(','), '--forks', String(FORKS), '--json', json]);
  const after = [];
  for (const runtime of found) after.push(await bareChains(runtime));
  const results = JSON.parse(readFileSync(json, 'utf8'));
  for (const [index, runtime] of found.entries()) {
    const mine = (name) => results.benchmarks.find((b) => b.baseName === name && b.runtime?.label === runtime.label);
    const figures = per[runtime.label];
    figures.floor.push(mine('empty body () => {}').estimate.nsPerOp);
    const [c1024, c4096] = [mine('chain 1024').estimate.nsPerOp, mine('chain 4096').estimate.nsPerOp];
    figures.ratio.push(c4096 / c1024);
    figures.vsBare.push(c1024 / median([...before[index], ...after[index]]) - 1);
    const flagged = (name) => mine(name).diagnostics.some((d) => d.code === 'optimized-away');
    if (flagged('Math.sqrt(42) dropped') && flagged('1 + 1')) figures.traps++;
    if (flagged('chain 1024') || flagged('chain 4096')) figures.realFlagged++;
  }
  if (!values['skip-examples']) {
    for (const runtime of found) {
      process.stderr.write(`run ${run}/${RUNS}: examples/ on ${runtime.label}…\n`);
      const timed = ubench(['examples/', '--runtime', runtime.label]);
      per[runtime.label].wall.push(timed.status === 0 ? timed.seconds : Number.NaN);
    }
  }
}

const spread = (xs, f) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${f(s[Math.floor(s.length / 2)])} (${f(s[0])}–${f(s.at(-1))})`;
};
const ns = (x) => (x < 1 ? `${(x * 1000).toFixed(0)} ps` : `${x.toFixed(2)} ns`);
const pct = (x) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
console.log(`| runtime | loop floor of () => {} | chain 4096 / chain 1024 | chain 1024 vs by hand | traps flagged | real work flagged | examples/ wall time |`);
console.log('|---|---|---|---|---|---|---|');
for (const label of labels) {
  const f = per[label];
  const wall = f.wall.length === 0 ? 'not measured' : spread(f.wall, (s) => `${s.toFixed(1)} s`);
  console.log(`| ${label} | ${spread(f.floor, ns)} | ${spread(f.ratio, (x) => x.toFixed(3))} | ${spread(f.vsBare, pct)} | ${f.traps}/${RUNS} | ${f.realFlagged}/${RUNS} | ${wall} |`);
}
console.log(`\nMedians of ${RUNS} separate runs, (min–max) beside them. Runtimes: ${found.map((r) => `${r.label} = ${r.executable}`).join('; ')}.`);
