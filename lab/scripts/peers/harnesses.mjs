// The three harnesses of the peers figures (lab/scripts/peers-figures.mjs): how each is started on the
// workloads of lab/harness-bench/peers/, which estimate it reports, and how its output is read. Every byte
// a harness process writes is untrusted: a reader returns only the workloads it knows, each a finite
// non-negative number, and throws a one-line reason for anything else.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKLOADS } from '../../harness-bench/peers/workloads.mjs';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = 'lab/harness-bench/peers';
const NAMES = new Set(WORKLOADS.map((w) => w.name));
/** A harness output larger than this is not read (measured here: mitata's JSON without samples 5 kB, ubench's results file of the eight workloads 241 kB). */
export const MAX_OUTPUT_BYTES = 64 << 20;

/** `text` as JSON, or a reason: the whole text, else its last line that opens an object. */
export function parseJson(text, what) {
  if (typeof text !== 'string' || text.length === 0) throw new Error(`${what}: empty`);
  if (text.length > MAX_OUTPUT_BYTES) throw new Error(`${what}: ${text.length} bytes, over the limit`);
  try {
    return JSON.parse(text);
  } catch {
    const line = text
      .split('\n')
      .reverse()
      .find((l) => l.trimStart().startsWith('{'));
    if (line === undefined) throw new Error(`${what}: not JSON`);
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`${what}: not JSON`);
    }
  }
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A time in ns, or undefined: finite, ≥ 0 and below an hour (anything else is not a time per op). */
export const nsOrUndefined = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 3.6e12 ? v : undefined);
const listOf = (v, what) => {
  if (!Array.isArray(v)) throw new Error(`${what}: no list of benchmarks`);
  return v;
};
/** The known workload a name from a child process stands for, or undefined. */
const workloadOf = (name) => (typeof name === 'string' && NAMES.has(name) ? name : undefined);

/**
 * ubench's results file: each ok benchmark's `estimate.nsPerOp` (the median of its samples in the
 * host's quiet rounds), and `floorNsPerOp`; `overall`: the median over all its samples (`stats.median`);
 * `phases`: the time its benchmarks spent in warm-up (`warmup.durationNs`), in their own samples
 * (`precision.durationNs`) and in the GC share's window apart (`memory.gcApart.windowNs`), summed.
 */
export function readUbench(resultsText) {
  const doc = parseJson(resultsText, 'ubench results file');
  const estimates = new Map();
  const overall = new Map();
  const floors = [];
  const phases = { warmupNs: 0, samplingNs: 0, gcApartNs: 0 };
  for (const b of listOf(isObject(doc) ? doc.benchmarks : undefined, 'ubench results file')) {
    if (!isObject(b) || b.status !== 'ok') continue;
    phases.warmupNs += nsOrUndefined(isObject(b.warmup) ? b.warmup.durationNs : undefined) ?? 0;
    phases.samplingNs += nsOrUndefined(isObject(b.precision) ? b.precision.durationNs : undefined) ?? 0;
    const apart = isObject(b.memory) && isObject(b.memory.gcApart) ? b.memory.gcApart.windowNs : undefined;
    phases.gcApartNs += nsOrUndefined(apart) ?? 0;
    const name = workloadOf(b.name);
    const ns = nsOrUndefined(isObject(b.estimate) ? b.estimate.nsPerOp : undefined);
    if (name !== undefined && ns !== undefined) estimates.set(name, ns);
    const allNs = nsOrUndefined(isObject(b.stats) ? b.stats.median : undefined);
    if (name !== undefined && allNs !== undefined) overall.set(name, allNs);
    const floor = nsOrUndefined(b.floorNsPerOp);
    if (floor !== undefined) floors.push(floor);
  }
  return { estimates, overall, phases, ownFloorNs: floors.length > 0 ? Math.min(...floors) : undefined };
}

/** mitata's JSON: each run's `stats.avg` (the mean, its ns/iter headline); its own floor `context.noop.fn.avg`. */
export function readMitata(stdout) {
  const doc = parseJson(stdout, 'mitata output');
  const estimates = new Map();
  for (const trial of listOf(isObject(doc) ? doc.benchmarks : undefined, 'mitata output')) {
    for (const run of isObject(trial) && Array.isArray(trial.runs) ? trial.runs : []) {
      if (!isObject(run) || !isObject(run.stats)) continue;
      const name = workloadOf(run.name);
      const ns = nsOrUndefined(run.stats.avg);
      if (name !== undefined && ns !== undefined) estimates.set(name, ns);
    }
  }
  const noop = isObject(doc.context) && isObject(doc.context.noop) && isObject(doc.context.noop.fn) ? doc.context.noop.fn.avg : undefined;
  return { estimates, ownFloorNs: nsOrUndefined(noop) };
}

/** bench-node's results: 1e9 / `opsSec`, its total time over its total iterations (a mean). */
export function readBenchNode(stdout) {
  const doc = parseJson(stdout, 'bench-node output');
  const estimates = new Map();
  for (const r of listOf(isObject(doc) ? doc.benchmarks : undefined, 'bench-node output')) {
    if (!isObject(r)) continue;
    const name = workloadOf(r.name);
    const opsSec = typeof r.opsSec === 'number' && Number.isFinite(r.opsSec) && r.opsSec > 0 ? r.opsSec : undefined;
    const ns = opsSec === undefined ? undefined : nsOrUndefined(1e9 / opsSec);
    if (name !== undefined && ns !== undefined) estimates.set(name, ns);
  }
  return { estimates, ownFloorNs: undefined };
}

/**
 * The harnesses in their base order; `argv(resultsFile)` starts one process with its defaults, `read`
 * takes its stdout, or (ubench) the results file it wrote. ubench's `--no-history --quiet --no-color`
 * change no measurement: they keep the run out of .ubench/runs/ and the progress off its output.
 */
export const HARNESSES = [
  {
    id: 'ubench',
    estimator: "median of its samples in the host's quiet rounds (`estimate.nsPerOp`)",
    argv: (resultsFile) => [path.join(ROOT, 'dist/cli/main.js'), `${DIR}/ubench.bench.mjs`, '--json', resultsFile, '--no-history', '--quiet', '--no-color'],
    readsResultsFile: true,
    read: readUbench,
  },
  {
    id: 'mitata',
    estimator: 'mean of its samples (`avg`, its ns/iter headline)',
    argv: () => [`${DIR}/mitata.mjs`],
    readsResultsFile: false,
    read: readMitata,
  },
  {
    id: 'bench-node',
    estimator: 'total time over total iterations (1e9 / `opsSec`), a mean',
    argv: () => ['--allow-natives-syntax', `${DIR}/bench-node.mjs`],
    readsResultsFile: false,
    read: readBenchNode,
  },
];
