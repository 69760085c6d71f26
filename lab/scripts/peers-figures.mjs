// The peers figures (lab/peers.md): the eight workloads of lab/harness-bench/peers/workloads.mjs through
// ubench, mitata and bench-node, each harness in a fresh process of its own with its default
// settings, the harness order rotated from run to run. Per workload and harness: the mean of its
// central estimate over the runs, the run-to-run CV and min–max; per harness: its wall time, the
// empty body's estimate (the loop floor) and chain 256 over chain 64; per run: ubench's wall time over
// mitata's. The issue's targets (issue 33) are checked and printed, never enforced: they are figures
// of a machine. A harness that fails or times out gives a row saying so. Exits 1 when some harness
// process failed.
// Usage: npm run lab -- peers [--runs 5 --out lab/peers.md]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeDocSection } from './lib/doc-section.mjs';
import { FLOOR, WORKLOADS } from '../harness-bench/peers/workloads.mjs';
import { HARNESSES, ROOT } from './peers/harnesses.mjs';
import { runHarness } from './peers/run-harness.mjs';
import { median, summarise, WALL_RATIO_TARGET } from './peers/summarise.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, out: { type: 'string' } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs wants a whole number ≥ 1, not ${values.runs}`);
const log = (text) => process.stderr.write(`${text}\n`);

const records = [];
const orders = [];
const loads = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'ubench-peers-'));
try {
  for (let run = 1; run <= RUNS; run++) {
    const order = HARNESSES.map((_, i) => HARNESSES[(i + run - 1) % HARNESSES.length]);
    orders.push(order.map((h) => h.id));
    loads.push(loadavg()[0]);
    for (const harness of order) {
      log(`run ${run}/${RUNS}: ${harness.id}`);
      const record = runHarness(harness, run, scratch);
      if (record.exitStatus !== undefined) log(`${harness.id} exited ${record.exitStatus} in run ${run}; its figures are kept`);
      if (!record.ok) log(`${harness.id} failed in run ${run}: ${record.reason}`);
      records.push(record);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const ids = HARNESSES.map((h) => h.id);
const names = WORKLOADS.map((w) => w.name);
const s = summarise(records, names, ids, FLOOR);
const ns = (x) => (x === undefined ? '—' : x < 1 ? `${(x * 1000).toFixed(0)} ps` : x < 1000 ? `${x.toPrecision(3)} ns` : `${(x / 1000).toPrecision(3)} µs`);
const pct = (x) => (x === undefined ? '—' : `${(100 * x).toFixed(1)}%`);
const span = (xs, f) => (xs.length === 0 ? '—' : `${f(Math.min(...xs))}–${f(Math.max(...xs))}`);
const secs = (x) => `${x.toFixed(1)} s`;
const failed = (c) => (c.reasons.length > 0 ? ` · failed in ${c.runs - c.values.length} of ${c.runs}: ${c.reasons.join('; ')}` : '');
const cellText = (c) => (c.values.length === 0 ? `not measured${failed(c)}` : `${ns(c.mean)} · CV ${pct(c.cv)} (${span(c.values, ns)})${failed(c)}`);
const verdict = (b) => (b === undefined ? '—' : b ? 'yes' : 'no');

const cvVerdicts = names.map((w) => s.cvMet(w));

/**
 * ubench's estimate reads the host's quiet rounds; beside it, the median over all its samples
 * (`stats.median`, the estimate before it read them): each one's run-to-run CV against the best peer's.
 */
function overallTable() {
  const overallRecords = records.filter((r) => r.harness === 'ubench' && r.ok && r.overall !== undefined).map((r) => ({ ...r, harness: 'ubench-all', estimates: r.overall }));
  const o = summarise(overallRecords, names, ['ubench-all'], FLOOR);
  const rows = names.map((w) => ({ w, own: s.cell(w, 'ubench'), all: o.cell(w, 'ubench-all'), best: s.bestPeerCv(w) }));
  const met = rows.filter((r) => r.all.cv !== undefined && r.best !== undefined && r.all.cv <= r.best).length;
  return [
    `ubench's estimate reads the host's quiet rounds (the samples whose throughput reference read within 5% of its lowest in the process, where there are 6). Beside it, the median over all its samples (\`stats.median\`): its CV at most the best peer's for ${met} of ${names.length} workloads.`,
    '',
    "| workload | ubench estimate: mean · CV | median over all samples: mean · CV | best peer's CV |",
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.w} | ${ns(r.own.mean)} · CV ${pct(r.own.cv)} | ${r.all.values.length === 0 ? '—' : `${ns(r.all.mean)} · CV ${pct(r.all.cv)}`} | ${pct(r.best)} |`),
  ];
}
const lines = [
  `Command: \`npm run lab -- peers --runs ${RUNS}\` · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · node ${process.version} · ${availableParallelism()} CPUs · 1-minute load average before each run: ${loads.map((l) => l.toFixed(2)).join(', ')}.`,
  '',
  `Method: each harness runs the same eight workloads (lab/harness-bench/peers/workloads.mjs, declared in the same order) in a fresh process with its default settings; the ${RUNS} runs rotate the order of the three processes (${orders.map((o) => o.join(' → ')).join('; ')}). Each harness's central estimate is read from its own output: ${HARNESSES.map((h) => `${h.id}, the ${h.estimator}`).join('; ')}. Wall time is the whole process, start to exit. CV is the sample standard deviation of a workload's estimate over the runs divided by its mean.`,
  '',
  `Targets (issue 33): ubench's run-to-run CV at most the best peer's — met for ${cvVerdicts.filter((v) => v === true).length} of ${names.length} workloads; ubench's wall time at most ${WALL_RATIO_TARGET}× mitata's in the same run — met in ${s.ratios.filter((r) => r.ratio <= WALL_RATIO_TARGET).length} of ${s.ratios.length} runs.`,
  '',
  "| workload | ubench | mitata | bench-node | ubench CV ≤ best peer's |",
  '|---|---|---|---|---|',
  ...names.map((w, i) => `| ${w} | ${ids.map((h) => cellText(s.cell(w, h))).join(' | ')} | ${verdict(cvVerdicts[i])} |`),
  '',
  '| harness | estimator | wall time, median (min–max) | loop floor: the empty body (min–max) | its own floor figure | chain 256 / chain 64 (min–max) |',
  '|---|---|---|---|---|---|',
  ...HARNESSES.map((h) => {
    const walls = s.walls.get(h.id);
    const { empty, own } = s.floors.get(h.id);
    const chain = s.ratioOf(h.id, 'chain 256', 'chain 64');
    const f2 = (x) => x.toFixed(2);
    return `| ${h.id} | ${h.estimator} | ${walls.length === 0 ? '—' : `${secs(median(walls))} (${span(walls, secs)})`} | ${empty.values.length === 0 ? '—' : `${ns(empty.mean)} (${span(empty.values, ns)})`} | ${own.length === 0 ? '—' : `${ns(median(own))} (${span(own, ns)})`} | ${chain.length === 0 ? '—' : `${f2(median(chain))} (${span(chain, f2)})`} |`;
  }),
  '',
  ...overallTable(),
  '',
  '| run | order | ubench | mitata | bench-node | ubench / mitata |',
  '|---|---|---|---|---|---|',
  ...orders.map((order, i) => {
    const run = i + 1;
    const wall = (h) => {
      const r = records.find((x) => x.run === run && x.harness === h);
      return r === undefined ? '—' : r.ok ? secs(r.wallSeconds) : `failed (${secs(r.wallSeconds)})`;
    };
    const ratio = s.ratios.find((r) => r.run === run);
    return `| ${run} | ${order.join(' → ')} | ${ids.map(wall).join(' | ')} | ${ratio === undefined ? '—' : ratio.ratio.toFixed(2)} |`;
  }),
];
/**
 * Where each ubench process's time went, from its results file: warm-ups, the benchmarks' own
 * samples, the GC share's window apart, and the rest (start, the loop floor, probes, the memory phase,
 * retention, exit); and the warm-ups with the samples alone over mitata's wall time in the same run,
 * the least the ratio can be while warm-up and sampling stay as they are.
 */
function phaseTable() {
  const rows = records.filter((r) => r.harness === 'ubench' && r.ok && r.phases !== undefined);
  if (rows.length === 0) return [];
  const s1 = (ns) => `${(ns / 1e9).toFixed(2)} s`;
  return [
    '',
    `ubench's time by phase, from its results file (\`warmup.durationNs\`, \`precision.durationNs\`, \`memory.gcApart.windowNs\`, summed over the workloads); the rest is start, the loop floor, the probes, the memory phase, retention and exit. The last column is the least ubench / mitata can be while warm-up and sampling stay as they are.`,
    '',
    '| run | ubench wall time | warm-ups | own samples | GC share apart | the rest | (warm-ups + samples) / mitata |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const { warmupNs, samplingNs, gcApartNs } = r.phases;
      const rest = Math.max(0, r.wallSeconds * 1e9 - warmupNs - samplingNs - gcApartNs);
      const mitata = records.find((x) => x.run === r.run && x.harness === 'mitata' && x.ok);
      const bound = mitata === undefined ? '—' : ((warmupNs + samplingNs) / 1e9 / mitata.wallSeconds).toFixed(2);
      return `| ${r.run} | ${secs(r.wallSeconds)} | ${s1(warmupNs)} | ${s1(samplingNs)} | ${s1(gcApartNs)} | ${s1(rest)} | ${bound} |`;
    }),
  ];
}
lines.push(...phaseTable());
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
if (values.out !== undefined) {
  const start = '<!-- peers-figures:start -->';
  const end = '<!-- peers-figures:end -->';
  writeDocSection(path.resolve(ROOT, values.out), start, end, table, `# Peers side by side\n\n${start}\n${end}\n`);
  log(`written to ${values.out}`);
}
process.exitCode = records.some((r) => !r.ok) ? 1 : 0;
