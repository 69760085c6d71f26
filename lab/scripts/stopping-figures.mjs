// The stopping rule's figures (docs/design.md §4, "Stopping"). Two parts:
// 1. Seeded simulation (deterministic, no timing): how often the rule stops independent and
//    host-moved series as host-limit, and at what share of the budget; and how often the narrowing
//    rate alone, read once, falls under STALLED_RATE for independent samples.
// 2. Measured (with --runs > 0): wall time of `ubench examples/` and the stop reasons, run by run;
//    with --before <dir> (a package folder holding another build's dist/ and schema/), its runs
//    alternate with this build's, and each benchmark's estimate is checked against the other
//    build's interval from the same pair.
// Usage: npm run lab -- stopping [--runs 3 --before /tmp/ubench-before --trials 200 --out lab/figures.md]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeOrAppendDocSection } from './lib/doc-section.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string' }, before: { type: 'string' }, trials: { type: 'string' }, time: { type: 'string' }, out: { type: 'string' } } });
/** Measured runs of examples/ per build (0: the simulation only). */
const RUNS = Number(values.runs ?? 3);
/** Seeded series per kind and budget: 200 puts one stop in 0.5%. */
const TRIALS = Number(values.trials ?? 200);
const START = '<!-- stopping-figures:start -->';
const END = '<!-- stopping-figures:end -->';

const rule = await import(path.join(root, 'dist/engine/loop/stopping-rule.js'));
const { createRng } = await import(path.join(root, 'dist/stats/random.js'));
const { normalDeviate } = await import(path.join(root, 'dist/stats/normal.js'));
const { median } = await import(path.join(root, 'dist/stats/quantile.js'));

const lines = [];
const say = (s = '') => lines.push(s);

// ---- 1. Simulation ----
const KINDS = {
  'independent, normal 5%': { moving: false, make: (g) => () => 100 * (1 + 0.05 * g()) },
  'independent, normal 20%': { moving: false, make: (g) => () => 100 * (1 + 0.2 * g()) },
  'independent, lognormal σ 0.3': { moving: false, make: (g) => () => 100 * Math.exp(0.3 * g()) },
  'independent, 5% of samples 3×': { moving: false, make: (g, u) => () => 100 * (1 + 0.05 * g()) * (u() < 0.05 ? 3 : 1) },
  'random walk, 2% a sample': {
    moving: true,
    make: (g) => {
      let level = 0;
      return () => {
        level += 0.02 * g();
        return 100 * Math.exp(level) * (1 + 0.03 * g());
      };
    },
  },
  'level shift ×1.3 at 30% of the budget': { moving: true, make: (g) => (i, budget) => 100 * (i > 0.3 * budget ? 1.3 : 1) * (1 + 0.05 * g()) },
  'AR(1) φ 0.95, 10%': {
    moving: true,
    make: (g) => {
      let x = 0;
      return () => {
        x = 0.95 * x + Math.sqrt(1 - 0.95 ** 2) * 0.1 * g();
        return 100 * (1 + x) * (1 + 0.02 * g());
      };
    },
  },
  'steps of up to 30% every 15 samples': {
    moving: true,
    make: (g, u) => {
      let level = 1;
      return (i) => {
        if (i % 15 === 0) level = 1 + 0.3 * u();
        return 100 * level * (1 + 0.03 * g());
      };
    },
  },
};
/** Budgets in samples: what a 1 s budget holds here for bodies of 25 ms, 10 ms and ~3 ms samples. */
const BUDGETS = [40, 100, 300];
const pct = (x) => `${Math.round(100 * x)}%`;

say(`Seeded simulation, ${TRIALS} series per cell (each sample one time unit; budget in samples): share of series stopped as host-limit / precision / budget, and the mean share of the budget spent.`);
say();
say(`| series | ${BUDGETS.map((b) => `budget ${b}`).join(' | ')} |`);
say(`|---|${BUDGETS.map(() => '---').join('|')}|`);
let seed = 1;
for (const [name, kind] of Object.entries(KINDS)) {
  const cells = [];
  for (const budget of BUDGETS) {
    const count = { 'host-limit': 0, precision: 0, budget: 0, 'max-samples': 0 };
    let spent = 0;
    for (let t = 0; t < TRIALS; t++) {
      const u = createRng(seed++);
      const next = kind.make(() => normalDeviate(u), u);
      const xs = [];
      let reason = null;
      const config = { precisionTarget: 0.01, timeBudgetNs: budget, minSamples: rule.MIN_SAMPLES, maxSamples: rule.MAX_SAMPLES };
      while (reason === null) {
        xs.push(next(xs.length, budget));
        reason = rule.shouldStop(xs, xs.length, config);
      }
      count[reason]++;
      spent += xs.length / budget;
    }
    cells.push(`${pct(count['host-limit'] / TRIALS)} / ${pct(count.precision / TRIALS)} / ${pct(count.budget / TRIALS)}, time ${pct(spent / TRIALS)}`);
  }
  say(`| ${name}${kind.moving ? ' (host moved)' : ''} | ${cells.join(' | ')} |`);
}
say();
say(`The narrowing rate alone, read once on independent lognormal (σ 0.2) samples: share of ${TRIALS * 5} series under STALLED_RATE (${rule.STALLED_RATE}).`);
say();
say('| samples | rate < 0.25 | median rate |');
say('|---|---|---|');
for (const n of [40, 60, 100, 200, 400]) {
  const rates = [];
  for (let t = 0; t < TRIALS * 5; t++) {
    const u = createRng(seed++);
    const xs = Array.from({ length: n }, () => 100 * Math.exp(0.2 * normalDeviate(u)));
    rates.push(rule.narrowing(xs, 1, { precisionTarget: 0.01, timeBudgetNs: 1, minSamples: rule.MIN_SAMPLES, maxSamples: rule.MAX_SAMPLES }).rate);
  }
  rates.sort((a, b) => a - b);
  say(`| ${n} | ${pct(rates.filter((r) => r < rule.STALLED_RATE).length / rates.length)} | ${rates[rates.length >> 1].toFixed(2)} |`);
}

// ---- 2. Measured ----
function runExamples(pkg, json) {
  const begin = process.hrtime.bigint();
  const args = [path.join(pkg, 'dist/cli/main.js'), 'examples/', '--json', json, ...(values.time === undefined ? [] : ['--time', values.time])];
  spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] });
  const wallS = Number(process.hrtime.bigint() - begin) / 1e9;
  const file = JSON.parse(readFileSync(json, 'utf8'));
  const ok = file.benchmarks.filter((b) => b.estimate != null && b.precision != null);
  const reasons = {};
  for (const b of ok) reasons[b.precision.stopReason] = (reasons[b.precision.stopReason] ?? 0) + 1;
  const samplingS = ok.reduce((s, b) => s + b.precision.durationNs, 0) / 1e9;
  const halfWidths = ok.map((b) => b.precision.reached ?? Number.POSITIVE_INFINITY);
  return { wallS, samplingS, reasons, medianHalfWidth: median(halfWidths), estimates: new Map(ok.map((b) => [b.id, b.estimate])) };
}

if (RUNS > 0) {
  const work = mkdtempSync(path.join(tmpdir(), 'ubench-stopping-'));
  const builds =
    values.before === undefined
      ? [['this build', root]]
      : [
          ['before', path.resolve(values.before)],
          ['this build', root],
        ];
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const pair = {};
    for (const [label, pkg] of builds) {
      pair[label] = runExamples(pkg, path.join(work, `${r}-${label.replace(' ', '-')}.json`));
      process.stderr.write(`run ${r + 1} ${label}: ${pair[label].wallS.toFixed(1)} s\n`);
    }
    runs.push(pair);
  }
  rmSync(work, { recursive: true, force: true });
  say();
  say(
    `Measured: \`ubench examples/\`${values.time === undefined ? '' : ` --time ${values.time}`}, ${RUNS} run(s) per build${builds.length > 1 ? ', alternating' : ''} (${new Date().toISOString().slice(0, 10)}, node ${process.versions.node}).`,
  );
  say();
  say('| run | build | wall | sampling (sum) | median ±CI | stop reasons |');
  say('|---|---|---|---|---|---|');
  runs.forEach((pair, r) => {
    for (const [label, m] of Object.entries(pair)) {
      const reasons = Object.entries(m.reasons)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      say(`| ${r + 1} | ${label} | ${m.wallS.toFixed(1)} s | ${m.samplingS.toFixed(1)} s | ±${(100 * m.medianHalfWidth).toFixed(1)}% | ${reasons} |`);
    }
  });
  if (builds.length > 1) {
    let pairs = 0;
    let agree = 0;
    for (const pair of runs) {
      for (const [id, a] of pair.before.estimates) {
        const b = pair['this build'].estimates.get(id);
        if (b === undefined) continue;
        pairs++;
        if (b.nsPerOp >= a.ciLower && b.nsPerOp <= a.ciUpper && a.nsPerOp >= b.ciLower && a.nsPerOp <= b.ciUpper) agree++;
      }
    }
    say();
    say(`Estimates of the same pair of runs inside each other's 95% CI: ${agree} of ${pairs} benchmarks.`);
  }
}

const text = lines.join('\n');
process.stdout.write(`${text}\n`);
if (values.out !== undefined) {
  writeOrAppendDocSection(path.resolve(root, values.out), START, END, text);
  process.stderr.write(`written to ${values.out}\n`);
}
