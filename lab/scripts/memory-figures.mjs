// The memory figures (lab/memory.md): bytes/op against the truth for allocation in every space
// (pretenured, old-generation, off-heap), alone and beside other benchmarks, over N runs; the
// spread of the GC share; and the memory warnings (a bounded ring must draw none, real leaks must
// draw `leak`). Truth for the heap shapes is a run with --no-allocation-site-pretenuring (every
// allocation young, counted exactly); for off-heap, the backing store's size.
// Usage: npm run lab -- memory [--runs 5 --time 1s --out lab/memory.md]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeDocSection } from './lib/doc-section.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'dist/cli/main.js');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, time: { type: 'string', default: '1s' }, out: { type: 'string' } } });
const RUNS = Number(values.runs);
const fixture = (name) => `test/fixtures/bench/memory-spaces/${name}.bench.ts`;
/** Bytes/op within this share of the truth count as right (the issue's bar). */
const TOLERANCE = 0.05;
/** GC shares over the runs within this many points count as stable (the issue's bar). */
const GC_SPREAD_POINTS = 10;
const MEMORY_WARNINGS = ['leak', 'retains-memory'];

/** Small Buffers come from Node's 8 KiB pool, 8-byte aligned: a 21-byte string takes 24 B, 341 to a pool. */
const POOLED = 8192 / (Math.floor((8192 - 21) / 24) + 1);
const OFF_HEAP_TRUTH = { 'new ArrayBuffer(1 << 20)': 1 << 20, 'new Float64Array(100_000)': 800_000, 'Buffer.alloc(64 * 1024)': 65_536, 'Buffer.from(string)': POOLED };

/** Each set: files, how they run, and which benchmarks (by name) are reported. */
const SETS = [
  { label: 'alone', file: fixture('ring-records'), args: [], kind: 'heap' },
  { label: 'beside 3 others', file: fixture('ring-beside'), args: [], kind: 'heap', only: ['ring of records with tag arrays'] },
  { label: 'alone', file: fixture('ring-shapes'), args: ['--isolate', 'benchmark'], kind: 'heap' },
  { label: 'beside the other rings', file: fixture('ring-shapes'), args: [], kind: 'heap' },
  { label: 'beside each other', file: fixture('large-objects'), args: [], kind: 'heap' },
  { label: 'alone', file: fixture('off-heap'), args: ['--isolate', 'benchmark'], kind: 'off-heap' },
  { label: 'beside the others', file: fixture('off-heap'), args: [], kind: 'off-heap' },
  { label: 'leak trap', file: 'corpus/traps/leak.bench.ts', args: [], kind: 'leak' },
  { label: 'leak trap', file: 'corpus/traps/memoize-leak.bench.ts', args: [], kind: 'leak' },
];

const log = (text) => process.stderr.write(`${text}\n`);

function runUbench(args) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ubench-memory-'));
  const json = path.join(scratch, 'results.json');
  try {
    const run = spawnSync(process.execPath, [CLI, ...args, '--time', values.time, '--json', json, '--no-history', '--quiet', '--no-color'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (run.status !== 0 && run.status !== 1) throw new Error(`ubench ${args.join(' ')} exited ${run.status}:\n${run.stdout}${run.stderr}`);
    return JSON.parse(readFileSync(json, 'utf8')).benchmarks;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const truth = new Map();
for (const file of new Set(SETS.filter((s) => s.kind === 'heap').map((s) => s.file))) {
  const set = { file };
  log(`truth: ${set.file} with --no-allocation-site-pretenuring`);
  for (const b of runUbench([set.file, '--node-flags', '--no-allocation-site-pretenuring'])) truth.set(`${set.file}#${b.name}`, b.memory.bytesPerOp);
}

const rows = new Map();
const failedRuns = [];
for (let run = 0; run < RUNS; run++) {
  for (const set of SETS) {
    log(`run ${run + 1}/${RUNS}: ${set.file} ${set.label}`);
    let benchmarks;
    try {
      benchmarks = runUbench([set.file, ...set.args]);
    } catch (error) {
      // A run that gave no results file counts against the figures, and the others go on.
      log(`  failed: ${String(error.message).slice(0, 2000)}`);
      failedRuns.push(`${set.file} (${set.label}), run ${run + 1}`);
      continue;
    }
    for (const b of benchmarks) {
      if (set.only !== undefined && !set.only.includes(b.name)) continue;
      const key = `${set.file}#${b.name}#${set.label}`;
      if (!rows.has(key)) rows.set(key, { set, name: b.name, runs: [] });
      const m = b.memory;
      rows.get(key).runs.push({
        heap: m.bytesPerOp,
        external: m.externalBytesPerOp,
        source: m.accounting?.heapSource ?? '—',
        exact: set.kind === 'off-heap' ? m.accounting?.externalExact === true : m.accounting?.heapExact === true,
        gcShare: m.gcShare,
        majors: m.gcApart?.majorGcCount ?? null,
        warnings: (b.diagnostics ?? []).filter((d) => MEMORY_WARNINGS.includes(d.code)).map((d) => d.code),
      });
    }
  }
}

const fmt = (x) => (x >= 10_000 ? x.toFixed(0) : x.toFixed(1));
const range = (xs) => (Math.min(...xs) === Math.max(...xs) ? fmt(xs[0]) : `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`);
const lines = [
  `Node ${process.version}, ${RUNS} runs, --time ${values.time}. Truth: heap shapes as read with --no-allocation-site-pretenuring (every allocation young), off-heap the backing store (a pooled Buffer its share of the 8 KiB pool). "Right": within ±${TOLERANCE * 100}% of the truth; GC share: min–max over the runs (the spread in points, stable within ${GC_SPREAD_POINTS}); majors: major GCs in the window the share was measured over.`,
  '',
  '| benchmark | setting | truth | bytes/op (runs) | right | exact | heap figure from | GC share | majors | leak / retains-memory |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
let failures = 0;
for (const row of rows.values()) {
  const { set, name, runs } = row;
  const measured = runs.map((r) => (set.kind === 'off-heap' ? r.external : r.heap));
  const t = set.kind === 'off-heap' ? OFF_HEAP_TRUTH[name] : set.kind === 'heap' ? truth.get(`${set.file}#${name}`) : undefined;
  const right = t === undefined ? null : measured.filter((x) => Math.abs(x - t) <= TOLERANCE * t).length;
  const shares = runs.map((r) => r.gcShare).filter((x) => x !== null);
  const spread = shares.length === 0 ? 0 : (Math.max(...shares) - Math.min(...shares)) * 100;
  const warned = runs.filter((r) => r.warnings.length > 0).length;
  const expectWarning = set.kind === 'leak';
  if ((right !== null && right < runs.length) || spread > GC_SPREAD_POINTS || (expectWarning ? warned < runs.length : warned > 0)) failures++;
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  lines.push(
    `| ${name} | ${set.label} | ${t === undefined ? '—' : `${fmt(t)} B`} | ${range(measured)} B | ${right === null ? '—' : `${right}/${runs.length}`} | ${runs.filter((r) => r.exact).length}/${runs.length} | ${[...new Set(runs.map((r) => r.source))].join(', ')} | ${shares.length === 0 ? '—' : `${pct(Math.min(...shares))}–${pct(Math.max(...shares))} (${spread.toFixed(1)})`} | ${range(runs.map((r) => r.majors ?? 0))} | ${warned}/${runs.length}${expectWarning ? ' (expected)' : ''} |`,
  );
}
if (failedRuns.length > 0) {
  failures += failedRuns.length;
  lines.push('', `Runs that gave no results file: ${failedRuns.join('; ')}.`);
}
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
if (values.out !== undefined) {
  writeDocSection(path.resolve(ROOT, values.out), '<!-- memory-figures:start -->', '<!-- memory-figures:end -->', table);
  log(`written to ${values.out}`);
}
process.exitCode = failures > 0 ? 1 : 0;
