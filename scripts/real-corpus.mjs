#!/usr/bin/env node
// The real-file corpus (corpus/real/, docs/integrations.md "Real files"): every benchmark file
// written by others for mitata, tinybench, vitest or Benchmark.js, run unchanged under its own
// harness and then under ubench, one after the other (never in parallel), each run holding the
// machine's CPU lock. Prints one row per file — the benchmarks its own harness ran, how many of
// them ubench measured under the same name, which it refused or failed and why, which it never
// reported — and the wall time.
//
//   node scripts/real-corpus.mjs [--only <text>] [--json <file>] [--time <duration>] [--update-manifest]
//
// --update-manifest writes each file's own benchmark names into corpus/real/manifest.json.
// Needs `npm run build` (dist/) and `npm ci --prefix corpus/real`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareFile, fromUbench, nothingDropped, ownFromRecord, ownFromVitest } from './real-corpus/compare.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = path.join(ROOT, 'corpus', 'real');
const HELPERS = path.join(ROOT, 'scripts', 'real-corpus');
/**
 * A lock file that CPU-heavy jobs of a shared machine take in turn (`flock`), named by
 * UBENCH_CPU_LOCK; none when unset. A run inside a job that already holds it must leave it unset.
 */
const CPU_LOCK = process.env.UBENCH_CPU_LOCK ?? null;
/** Longest own-harness run of one file: Benchmark.js and mitata files can hold many benchmarks. */
const OWN_TIMEOUT_S = 240;
/** Longest ubench run of one file (ubench's own per-benchmark timeout is at least 60 s). */
const UBENCH_TIMEOUT_S = 300;
/** ubench's sampling budget and warm-up cap per benchmark: the quickest run that still measures. */
const DEFAULT_TIME = '100ms';

/** Runs argv in corpus/real (under the CPU lock, when one is named); the time counted starts once the lock is held. */
function locked(argv, { env = {}, timeoutS }) {
  const stamp = path.join(mkdtempSync(path.join(tmpdir(), 'real-corpus-')), 'start');
  const script = 'date +%s%N > "$0"; exec timeout -k 5 "$@"';
  const command = CPU_LOCK === null ? ['bash', ['-c', script, stamp, String(timeoutS), ...argv]] : ['flock', [CPU_LOCK, 'bash', '-c', script, stamp, String(timeoutS), ...argv]];
  const child = spawnSync(command[0], command[1], {
    cwd: CORPUS,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let seconds = null;
  if (existsSync(stamp)) {
    const started = BigInt(readFileSync(stamp, 'utf8').trim());
    // date's epoch nanoseconds and hrtime differ in origin: take the wall clock on both sides.
    seconds = Number(BigInt(Date.now()) * 1_000_000n - started) / 1e9;
  }
  rmSync(path.dirname(stamp), { recursive: true, force: true });
  const output = `${child.stdout ?? ''}${child.stderr ?? ''}`;
  const timedOut = child.status === 124 || child.status === 137;
  return { status: child.status, output, seconds, timedOut };
}

const lastLine = (text) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? '';

/** The file under its own harness; returns `{ own, seconds, error }`. */
function runOwn(entry) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'real-corpus-own-'));
  const record = path.join(scratch, 'record.jsonl');
  const ts = /\.[mc]?ts$/.test(entry.path) ? ['--import', 'tsx'] : [];
  let argv;
  if (entry.harness === 'mitata') argv = ['node', '--expose-gc', ...ts, '--import', path.join(HELPERS, 'mitata-register.mjs'), entry.path];
  else if (entry.harness === 'tinybench') argv = ['node', ...ts, '--import', path.join(HELPERS, 'tinybench-preload.mjs'), entry.path];
  else if (entry.harness === 'benchmark') argv = ['node', '--require', path.join(HELPERS, 'benchmark-preload.cjs'), entry.path];
  else argv = ['node', 'node_modules/vitest/vitest.mjs', 'bench', '--run', '--allowOnly', '--outputJson', record, entry.path];
  const run = locked(argv, { env: { REAL_CORPUS_RECORD: record }, timeoutS: OWN_TIMEOUT_S });
  let own = [];
  let error = null;
  try {
    if (existsSync(record)) {
      const text = readFileSync(record, 'utf8');
      own = entry.harness === 'vitest' ? ownFromVitest(JSON.parse(text)) : ownFromRecord(text);
    }
  } catch (e) {
    error = `unreadable record: ${e.message}`;
  }
  if (run.timedOut) error = `timed out after ${OWN_TIMEOUT_S} s`;
  else if (run.status !== 0 && error === null) error = `exit ${run.status}: ${lastLine(run.output)}`;
  rmSync(scratch, { recursive: true, force: true });
  return { own, seconds: run.seconds, error };
}

/** The file under ubench; returns `{ ubench, seconds, error }` (ubench null: no results file). */
function runUbench(entry, time, quick) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'real-corpus-ubench-'));
  const out = path.join(scratch, 'results.json');
  const argv = ['node', path.join(ROOT, 'dist', 'cli', 'main.js'), entry.path, '--time', time, '--warmup', time, '--json', out, '--no-history', '--quiet', '--no-color', ...(quick ? ['--quick'] : [])];
  const run = locked(argv, { timeoutS: UBENCH_TIMEOUT_S });
  let ubench = null;
  let error = null;
  if (existsSync(out)) {
    try {
      ubench = fromUbench(JSON.parse(readFileSync(out, 'utf8')));
    } catch (e) {
      error = `unreadable results file: ${e.message}`;
    }
  } else error = run.timedOut ? `timed out after ${UBENCH_TIMEOUT_S} s` : `exit ${run.status}, no results file: ${lastLine(run.output)}`;
  rmSync(scratch, { recursive: true, force: true });
  return { ubench, seconds: run.seconds, error, exit: run.status };
}

/** The names its own harness ran, as the manifest recorded them (`--update-manifest`), for `{ recorded: true }`. */
function ownRecorded(entry) {
  if (!Array.isArray(entry.ownBenchmarks)) return { own: [], seconds: null, error: 'the manifest records no names for it: run with --update-manifest' };
  return { own: entry.ownBenchmarks.map((key) => ({ key, error: null })), seconds: null, error: null };
}

/**
 * Runs the corpus (or the files whose path contains `only`) and returns one result per file.
 * `quick` runs ubench with --quick: what is measured and under which names, without the probes
 * and passes that only add figures (the system test asks no more). `recorded` takes each file's
 * own names from the manifest instead of running its own harness: the files and their harnesses
 * are pinned (corpus/real's lockfile), so their names change only with the corpus, when
 * `--update-manifest` records them again; the harnesses' own runs were two thirds of the time.
 * @param {{ only?: string, time?: string, quick?: boolean, recorded?: boolean, say?: (line: string) => void }} options
 */
export function runCorpus({ only, time = DEFAULT_TIME, quick = false, recorded = false, say = () => {} } = {}) {
  if (!existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('dist/cli/main.js is missing: run npm run build first');
  if (!existsSync(path.join(CORPUS, 'node_modules', 'vitest'))) throw new Error('corpus/real/node_modules is missing: run npm ci --prefix corpus/real first');
  const manifest = JSON.parse(readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8'));
  const files = manifest.files.filter((f) => only === undefined || f.path.includes(only));
  const started = Date.now();
  const results = [];
  for (const [i, entry] of files.entries()) {
    say(`[${i + 1}/${files.length}] ${entry.path}`);
    const own = recorded ? ownRecorded(entry) : runOwn(entry);
    const ub = runUbench(entry, time, quick);
    const row = compareFile(own.own, ub.ubench, ub.error);
    results.push({
      path: entry.path,
      harness: entry.harness,
      ownError: own.error,
      ownSeconds: own.seconds,
      ubenchSeconds: ub.seconds,
      ubenchExit: ub.exit,
      ownKeys: own.own.map((b) => b.key),
      ...row,
    });
  }
  return { results, wallSeconds: (Date.now() - started) / 1000 };
}

const pad = (text, width) => String(text).padEnd(width);

/** The table of a corpus run, as lines. */
export function tableLines({ results, wallSeconds }) {
  const lines = [];
  const width = Math.max(...results.map((r) => r.path.length), 4);
  lines.push(`${pad('file', width)}  ${pad('harness', 9)}  own  measured  refused/failed  missing  extra`);
  for (const r of results) {
    lines.push(`${pad(r.path, width)}  ${pad(r.harness, 9)}  ${pad(r.own, 3)}  ${pad(r.measured.length, 8)}  ${pad(r.refused.length, 14)}  ${pad(r.missing.length, 7)}  ${r.extra.length}`);
  }
  lines.push('');
  for (const r of results) {
    const notes = [];
    if (r.ownError) notes.push(`  own harness: ${r.ownError}`);
    for (const f of r.ownFailed) notes.push(`  failed under its own harness too: ${f.key}: ${f.reason}`);
    if (r.fileError) notes.push(`  ubench file error: ${r.fileError}`);
    const reasons = new Map();
    for (const f of r.refused) reasons.set(f.reason, [...(reasons.get(f.reason) ?? []), f.key]);
    for (const [reason, keys] of reasons) if (!reason.startsWith('file: ')) notes.push(`  refused/failed (${keys.length}): ${keys.slice(0, 4).join(' | ')}${keys.length > 4 ? ' | …' : ''}: ${reason}`);
    if (r.missing.length > 0) notes.push(`  missing under ubench: ${r.missing.join(' | ')}`);
    if (r.extra.length > 0) notes.push(`  only under ubench: ${r.extra.map((e) => `${e.key} (${e.status})`).join(' | ')}`);
    if (notes.length > 0) lines.push(r.path, ...notes);
  }
  lines.push('');
  const harnesses = [...new Set(results.map((r) => r.harness))];
  for (const h of harnesses) {
    const rs = results.filter((r) => r.harness === h);
    const sum = (f) => rs.reduce((s, r) => s + f(r), 0);
    const whole = rs.filter((r) => r.own > 0 && r.measured.length === r.own).length;
    lines.push(
      `${pad(h, 9)}  files ${rs.length} (all measured: ${whole})  own ${sum((r) => r.own)}  measured ${sum((r) => r.measured.length)}  refused/failed ${sum((r) => r.refused.length)}  missing ${sum((r) => r.missing.length)}  extra ${sum((r) => r.extra.length)}`,
    );
  }
  const own = results.reduce((s, r) => s + (r.ownSeconds ?? 0), 0);
  const ub = results.reduce((s, r) => s + (r.ubenchSeconds ?? 0), 0);
  const ownPart = results.every((r) => r.ownSeconds === null) ? 'own names from the manifest' : `own harnesses ${own.toFixed(0)} s`;
  lines.push(`wall time ${wallSeconds.toFixed(0)} s (${ownPart}, ubench ${ub.toFixed(0)} s, the rest waiting for the CPU lock)`);
  lines.push(`nothing silently dropped: ${results.filter(nothingDropped).length} of ${results.length} files`);
  return lines;
}

function writeManifestNames(results) {
  const file = path.join(CORPUS, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  for (const entry of manifest.files) {
    const r = results.find((x) => x.path === entry.path);
    if (r === undefined) continue;
    entry.ownBenchmarks = r.ownKeys;
  }
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only' || a === '--json' || a === '--time') {
      if (argv[i + 1] === undefined) throw new Error(`${a} needs a value`);
      options[a.slice(2)] = argv[++i];
    } else if (a === '--update-manifest') options.updateManifest = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return options;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const run = runCorpus({ only: options.only, time: options.time, say: (l) => process.stderr.write(`${l}\n`) });
    console.log(tableLines(run).join('\n'));
    if (options.json) writeFileSync(options.json, `${JSON.stringify(run, null, 2)}\n`);
    if (options.updateManifest) writeManifestNames(run.results);
  } catch (error) {
    console.error(`real-corpus: ${error.message}`);
    process.exit(1);
  }
}
