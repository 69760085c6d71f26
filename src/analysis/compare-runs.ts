/**
 * Comparing two results files, benchmark by benchmark (benchstat's method with criterion's noise
 * band): the change of the median with a bootstrap confidence interval, a Mann–Whitney U test on
 * the per-sample times (or on the per-process estimates when both runs used `--forks`), and a
 * verdict that calls a change only when it is significant *and* its interval lies outside the
 * noise band.
 */
import { formatSignedPercent, formatThresholdPercent } from '../results/text/format-units.js';
import { complexityChanges, type ComplexityChange } from './complexity-changes.js';
import { runtimeFreeId, runtimeOfResult } from '../results/runtime-keys.js';
import { runtimeDisplay } from '../results/runtime-identity.js';
import { fingerprintDifferences, fingerprintOfFile } from './machine-fingerprint.js';
import { callVerdict, COMPARE_ALPHA, COMPARE_CONFIDENCE, isChange, type BytesChange, type CompareMetric, type CompareRow } from './compare-row.js';
import { compareInstructionCounts, measuredCount } from './compare-instructions.js';
import { bandBasisText, MIN_BAND_RUNS, PROCESS_ALLOWANCE, processBand, type ProcessBand } from './learned-band.js';

export { callVerdict, COMPARE_ALPHA, COMPARE_CONFIDENCE, isChange, verdictCounts, verdictText } from './compare-row.js';
export type { BytesChange, ChangeTest, CompareMetric, CompareRow, CompareSide, Verdict } from './compare-row.js';
import { allocates, BYTES_PER_OP_RESOLUTION } from '../results/memory-types.js';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { bootstrapMedianRatio, DEFAULT_BOOTSTRAP_RESAMPLES } from '../stats/bootstrap.js';
import { mannWhitneyU, minimumPValue } from '../stats/mann-whitney.js';
import { median } from '../stats/quantile.js';
import { createRng } from '../stats/random.js';
import { estimateValues } from './derive-from-samples.js';
import { slowedRead } from './run-host-speed.js';

/** criterion's default noise threshold: changes whose CI stays within ±1% are not called. */
export const DEFAULT_NOISE = 0.01;
export { PROCESS_ALLOWANCE } from './learned-band.js';
const percent = formatThresholdPercent;

/**
 * How much more than the throughput reference a benchmark can move when another hardware thread of
 * its core is busier in one run, in log terms: the reference's shift is raised to this power. In
 * pairs of single-process runs of the clean corpus with the reference ≥ 10% apart, benchmarks moved
 * by a median 0.9 and a 95th percentile 1.31 times the reference's log-shift (tuning half; 1.31 held
 * out too); with 1 (the shift itself) 17.8% of those pairs were called a change, with 1.5 0.4%
 * (held-out: 8.8% → 0%) — lab/corpus-rates.md.
 */
export const CONTENTION_SUSCEPTIBILITY = 1.5;

/** The throughput reference's shift as a band: raised to CONTENTION_SUSCEPTIBILITY in log terms, the same either way. */
export function contentionAllowance(throughputShift: number | null): number {
  if (throughputShift === null || !(throughputShift > -1)) return 0;
  return Math.expm1(CONTENTION_SUSCEPTIBILITY * Math.abs(Math.log1p(throughputShift)));
}

/** A host shift from this size on is worth a note (smaller ones are within the reference's own wander: 0.7% CV over 10 runs here). */
const HOST_SHIFT_NOTE = 0.005;
/** The throughput reference wanders more (±6% between quiet runs here), so its note starts later. */
const THROUGHPUT_SHIFT_NOTE = 0.1;
const signed = formatSignedPercent;
/** Two processes are the fewest forks that make a per-process test possible at all (and it must be able to reach significance: 4 against 4 at least). */
const MIN_FORKS_FOR_FORK_TEST = 2;

export interface Comparison {
  /** What changes were called on (absent in comparisons from before `--metric`: time). */
  metric?: CompareMetric;
  alpha: number;
  noise: number;
  confidence: number;
  rows: CompareRow[];
  /** Ids measured in the base run only. */
  onlyInBase: string[];
  /** Ids measured in the new run only. */
  onlyInNew: string[];
  /** Benchmarks in both that could not be compared (failed in one of them). */
  skipped: { id: string; reason: string }[];
  /** Geometric mean of the ratios over all rows, or null without rows. */
  geomean: { ratio: number; change: number } | null;
  /** Sweeps whose clear growth law changed (absent in comparisons from before it was looked at). */
  complexity?: ComplexityChange[];
  notes: string[];
}

export interface CompareOptions {
  noise: number;
  seed: number;
  /**
   * The two sides ran on different runtimes (or versions): the host references run at each
   * runtime's own speed, so their difference says nothing of the host and widens no band.
   */
  acrossRuntimes?: boolean;
  /** Call changes on time (default) or on instructions per operation. */
  metric?: CompareMetric;
  /** The kept runs (`.ubench/runs/`) to learn each benchmark's process band from (learned-band.ts); absent: the fixed band. */
  history?: readonly ResultsFile[];
}

/** What compareBenchmarks needs beyond the two results to learn a band: the files they come from. */
export interface BenchmarkCompareOptions extends CompareOptions {
  files?: { base: ResultsFile; next: ResultsFile };
}

/** Per process, each one's estimate; else the samples the estimate was taken from (the host's quiet rounds where it has them). */
function valuesOf(b: BenchmarkResult, unit: 'samples' | 'forks' | 'regions'): number[] {
  return unit === 'forks' ? b.forks!.map((f) => f.estimate.nsPerOp) : estimateValues(b);
}

/** Whether a benchmark has a result to compare: it ran, and has an estimate and samples. */
export const comparable = (b: BenchmarkResult): boolean => b.status === 'ok' && b.estimate !== null && b.samples.length > 0;

function bytesChange(base: BenchmarkResult, next: BenchmarkResult): BytesChange | null {
  if (base.memory === null || next.memory === null) return null;
  const difference = next.memory.bytesPerOp - base.memory.bytesPerOp;
  if (!allocates(base.memory) && !allocates(next.memory)) return null;
  return { base: base.memory.bytesPerOp, new: next.memory.bytesPerOp, difference, differs: Math.abs(difference) >= BYTES_PER_OP_RESOLUTION };
}

/** new / base − 1 of the latency reference next to each run's samples, or null. */
export function hostShiftOf(base: BenchmarkResult, next: BenchmarkResult): number | null {
  return shift(base.host?.referenceNs ?? null, next.host?.referenceNs ?? null);
}

/**
 * new / base − 1 of the throughput reference next to the samples each run's estimate read (the
 * host's quiet rounds where it read them, `host.quiet.throughputNs`; else all samples), or null.
 */
export function throughputShiftOf(base: BenchmarkResult, next: BenchmarkResult): number | null {
  const read = (b: BenchmarkResult): number | null => b.host?.quiet?.throughputNs ?? b.host?.throughputNs ?? null;
  return shift(read(base), read(next));
}

const shift = (a: number | null, b: number | null): number | null => (a === null || b === null || !(a > 0) ? null : b / a - 1);

export function compareBenchmarks(base: BenchmarkResult, next: BenchmarkResult, options: BenchmarkCompareOptions): CompareRow {
  const processes = [base.forks?.length ?? 1, next.forks?.length ?? 1] as const;
  const severalProcesses = processes[0] >= MIN_FORKS_FOR_FORK_TEST && processes[1] >= MIN_FORKS_FOR_FORK_TEST;
  // Too few processes for the per-process test to ever be significant: their samples, held to the single-process band.
  const tooFew = severalProcesses && minimumPValue(processes[0], processes[1]) >= COMPARE_ALPHA;
  const unit = severalProcesses && !tooFew ? 'forks' : 'samples';
  const a = valuesOf(base, unit);
  const b = valuesOf(next, unit);
  const test = mannWhitneyU(b, a);
  const interval = bootstrapMedianRatio(b, a, { resamples: DEFAULT_BOOTSTRAP_RESAMPLES, confidence: COMPARE_CONFIDENCE, rng: createRng(options.seed) });
  const change = interval.ratio - 1;
  const ciLower = interval.lower - 1;
  const ciUpper = interval.upper - 1;
  // Single processes: the test sees the noise within each process only. A change must also clear what
  // processes typically differ by, and the host's own speed difference between the runs — not as a
  // correction (code does not follow the reference alike: dividing by it made unchanged code of the
  // corpus less consistent between runs), but as a sign the two processes met different machines.
  const hostShift = unit === 'samples' && options.acrossRuntimes !== true ? hostShiftOf(base, next) : null;
  const throughputShift = unit === 'samples' && options.acrossRuntimes !== true ? throughputShiftOf(base, next) : null;
  const contention = contentionAllowance(throughputShift);
  // A side whose estimate read rounds far slower than this machine's usual: the code's figure there is not its usual one.
  const slowed = options.acrossRuntimes !== true && options.files !== undefined ? { base: slowedRead(options.files.base, base), new: slowedRead(options.files.next, next) } : null;
  const slowedAllowance = Math.max(contentionAllowance(slowed?.base ?? null), contentionAllowance(slowed?.new ?? null));
  const onSlowedHost = slowedAllowance > 0;
  const moved = Math.max(Math.abs(hostShift ?? 0), contention, slowedAllowance);
  const between = unit === 'samples' ? singleProcessBand(base, next, options) : null;
  const inner = between === null ? options.noise : between.band;
  const band = inner + (between === null ? slowedAllowance : moved);
  const called = callVerdict({ pValue: test.pValue, change, ciLower, ciUpper }, band, { decide: decider(unit, moved, onSlowedHost), sameBand: onSlowedHost ? null : inner });
  const verdict = called.verdict;
  const hostPart = onSlowedHost
    ? `, and ±${percent(slowedAllowance)} for ${slowedText(slowed!)}`
    : hostShift === null
      ? ''
      : contention > Math.abs(hostShift)
        ? `, and ±${percent(contention)} for the throughput reference's ${signed(throughputShift!)} between the runs (code can move more than it)`
        : `, and the host's own ${signed(hostShift)} between the runs`;
  const processPart =
    between === null
      ? `±${percent(options.noise)} noise`
      : between.basis.learned
        ? `±${percent(between.band)} that this benchmark's single processes differ by (from ${between.basis.runs} kept runs)`
        : `±${percent(options.noise)} noise, ±${percent(PROCESS_ALLOWANCE)} that single processes differ by`;
  // A `same` was judged with the inner band alone; any other verdict with the host's part on top.
  const bandParts = verdict === 'same' ? processPart : `${processPart}${hostPart}`;
  const reason = called.reason !== null && (verdict === 'same' ? inner : band) > options.noise ? `${called.reason} (band: ${bandParts})` : called.reason;
  const floorP = minimumPValue(a.length, b.length);
  const warning = tooFew
    ? `with ${processes[0]} and ${processes[1]} processes a per-process test cannot reach p < ${COMPARE_ALPHA} (smallest possible p ${minimumPValue(processes[0], processes[1]).toPrecision(2)}): compared by their samples, held to the single-process band; 4 or more processes a side give the per-process test`
    : floorP >= COMPARE_ALPHA
      ? `with ${a.length} and ${b.length} samples the test cannot reach p < ${COMPARE_ALPHA} (smallest possible p ${floorP.toPrecision(2)}): use more --time`
      : null;
  return {
    id: next.id,
    name: next.name,
    file: next.file,
    group: next.group,
    base: { nsPerOp: unit === 'forks' ? median(a) : base.estimate!.nsPerOp, n: a.length },
    new: { nsPerOp: unit === 'forks' ? median(b) : next.estimate!.nsPerOp, n: b.length },
    ratio: interval.ratio,
    change,
    ciLower,
    ciUpper,
    pValue: test.pValue,
    unit,
    verdict,
    hostShift,
    throughputShift,
    band,
    ...(between === null || options.history === undefined ? {} : { bandBasis: between.basis, bandText: bandBasisText(band, between.basis) }),
    ...(onSlowedHost ? { slowedHost: slowed! } : {}),
    reason,
    warning,
    bytes: bytesChange(base, next),
  };
}

/** A host shift from this size on is named as what would decide a row it left undecided. */
const MOVED_HOST_DECIDES = 0.05;

/** "the host made the new run's samples 55% slower than this machine's usual": which side, and by how much. */
function slowedText(slowed: { base: number | null; new: number | null }): string {
  const side = (name: string, off: number | null): string[] =>
    off === null ? [] : [`the host made the ${name} run's samples ${Math.round(off * 100)}% slower than this machine's usual (other programs holding the CPU, or another thread of its cores at work)`];
  return [...side('base', slowed.base), ...side('new', slowed.new)].join(' and ');
}

/** What would decide a row the verdict cannot call: more processes, or pairs, or a host that moved less between the runs. */
function decider(unit: 'samples' | 'forks', moved: number, onSlowedHost: boolean): string {
  const quieter = onSlowedHost
    ? 'the slowed side measured again when the host is back at its usual speed (other programs or another tenant shared its cores), or '
    : moved >= MOVED_HOST_DECIDES
      ? `both runs on a quieter host (the host's movement between them widened the band by ±${percent(moved)}), or `
      : '';
  if (unit === 'forks') return `${quieter}more processes a side (--forks), or ubench ab, whose pairs alternate`;
  return `${quieter}--forks 5 on both sides, or ubench ab, whose pairs alternate`;
}

/** The band for what single processes differ by: learned from the kept runs when given, else the fixed default. */
function singleProcessBand(base: BenchmarkResult, next: BenchmarkResult, options: BenchmarkCompareOptions): ProcessBand {
  if (options.history === undefined || options.files === undefined) return { band: options.noise + PROCESS_ALLOWANCE, basis: { learned: false, runs: 0, spread: null, why: 'no run history read' } };
  return processBand({ file: options.files.base, result: base }, { file: options.files.next, result: next }, options.history, options.noise);
}

/**
 * How benchmarks of the two runs are paired. Runs that share a runtime pair a benchmark with itself on
 * the same runtime (`--runtime node,bun` against `--runtime node` compares the node rows). Runs of one
 * runtime each, different ones, pair by the benchmark alone: that comparison is of the runtimes.
 */
function pairing(base: ResultsFile, next: ResultsFile): { key: (file: ResultsFile, b: BenchmarkResult) => string; across: { base: string; next: string } | null; several: boolean } {
  const labels = (file: ResultsFile) => new Set(file.benchmarks.map((b) => runtimeOfResult(file, b).label));
  const [a, b] = [labels(base), labels(next)];
  const shared = [...a].some((label) => b.has(label));
  const several = a.size > 1 || b.size > 1;
  if (shared || a.size !== 1 || b.size !== 1) return { key: (file, r) => `${runtimeFreeId(r)}\u0000${runtimeOfResult(file, r).label}`, across: null, several };
  const name = (file: ResultsFile): string => runtimeDisplay(runtimeOfResult(file, file.benchmarks[0]!));
  return { key: (_file, r) => runtimeFreeId(r), across: { base: name(base), next: name(next) }, several: false };
}

export function compareRuns(base: ResultsFile, next: ResultsFile, options: CompareOptions): Comparison {
  const metric: CompareMetric = options.metric ?? 'time';
  const instructions = metric === 'instructions';
  const paired = pairing(base, next);
  const baseByKey = new Map(base.benchmarks.map((b) => [paired.key(base, b), b]));
  const nextKeys = new Set(next.benchmarks.map((b) => paired.key(next, b)));
  const rows: CompareRow[] = [];
  const skipped: Comparison['skipped'] = [];
  for (const b of next.benchmarks) {
    const old = baseByKey.get(paired.key(next, b));
    if (old === undefined) continue;
    const missing = !comparable(old) ? { run: 'the base run', status: old.status } : !comparable(b) ? { run: 'the new run', status: b.status } : null;
    if (missing !== null) {
      skipped.push({ id: b.id, reason: `${missing.run} has no result for it (${missing.status})` });
      continue;
    }
    const [was, now] = [runtimeOfResult(base, old), runtimeOfResult(next, b)];
    const acrossRuntimes = was.name !== now.name || was.version !== now.version;
    if (instructions && (measuredCount(old) === null || measuredCount(b) === null)) {
      skipped.push({ id: b.id, reason: `${measuredCount(old) === null ? 'the base run' : 'the new run'} has no instruction count for it (run with --instructions)` });
      continue;
    }
    const row = instructions ? compareInstructionCounts(old, b, options.noise) : compareBenchmarks(old, b, { ...options, acrossRuntimes, files: { base, next } });
    rows.push(paired.several ? { ...row, name: `${row.name} [${now.label}]` } : row);
  }
  const geomean =
    rows.length === 0
      ? null
      : (() => {
          const ratio = Math.exp(rows.reduce((sum, r) => sum + Math.log(r.ratio), 0) / rows.length);
          return { ratio, change: ratio - 1 };
        })();
  const notes: string[] = [];
  if (instructions) {
    notes.push(
      `changes called on instructions per operation (callgrind counts of the optimized loop; ±${percent(options.noise)} noise band), not on time: a count does not move with the host, but it is not time either — memory stalls and mispredictions cost nothing in it`,
    );
  }
  if (paired.across !== null) {
    notes.push(
      `compares runtimes: ${paired.across.base} (base) against ${paired.across.next} (new): each change is the runtimes' difference on this code; the host references run at each runtime's own speed, so the host's movement between the runs is not judged`,
    );
  }
  const machines = fingerprintDifferences(fingerprintOfFile(base), fingerprintOfFile(next));
  if (machines.length > 0) notes.push(`the runs come from different machines or software (${machines.join('; ')}): a change may be theirs, not the code's`);
  const called = rows.filter((r) => isChange(r.verdict)).length;
  if (rows.length > 1) {
    notes.push(
      `${rows.length} comparisons at p < ${COMPARE_ALPHA}: by chance alone about ${(rows.length * COMPARE_ALPHA).toFixed(1)} could test significant; ${called} change${called === 1 ? '' : 's'} called (each also beyond the noise band)`,
    );
  }
  const bySamples = rows.filter((r) => r.unit === 'samples').length;
  if (bySamples > 0) {
    notes.push(
      `${bySamples === rows.length ? 'all rows' : `${bySamples} row${bySamples === 1 ? '' : 's'}`} compared by samples (one process per run, or too few for a per-process test): the test sees the noise within each process, not between processes, so a change must also clear what single processes differ by — the band learned for the benchmark from the kept runs of its code where at least ${MIN_BAND_RUNS} match (machine, runtime, settings), else ±${percent(PROCESS_ALLOWANCE)} (measured here, unchanged code still moved by more than ±3% between single processes in 1 benchmark of 6, and a few benchmarks whose V8 decisions differ between processes by 40%); before acting on a verdict run both with --forks 5, or use ubench ab`,
    );
  }
  const shifted = rows.filter((r) => r.hostShift !== null && Math.abs(r.hostShift) >= HOST_SHIFT_NOTE);
  if (shifted.length > 0) {
    const shifts = shifted.map((r) => r.hostShift!);
    notes.push(
      `the host ran ${Math.min(...shifts) > 0 ? 'slower' : Math.max(...shifts) < 0 ? 'faster' : 'at a different speed'} in the new run (${[...new Set(shifts.map(signed))].slice(0, 3).join(', ')} on its latency reference): ${shifted.length === rows.length ? 'every row' : `${shifted.length} row${shifted.length === 1 ? '' : 's'}`} judged with the band widened by that much, so the machine's own change is not called a change of the code`,
    );
  }
  const contended = rows.filter((r) => r.throughputShift !== null && Math.abs(r.throughputShift) >= THROUGHPUT_SHIFT_NOTE);
  if (contended.length > 0) {
    const shifts = contended.map((r) => r.throughputShift!);
    notes.push(
      `code of much instruction-level parallelism ran ${Math.min(...shifts) > 0 ? 'slower' : Math.max(...shifts) < 0 ? 'faster' : 'at a different speed'} in the new run (${[...new Set(shifts.map(signed))].slice(0, 3).join(', ')} on the throughput reference: another hardware thread of the cores busier in one run than in the other); ${contended.length === rows.length ? 'every row' : `${contended.length} row${contended.length === 1 ? '' : 's'}`} judged with the band widened by that ratio raised to the power ${CONTENTION_SUSCEPTIBILITY} (code moved up to that much more than the reference on the corpus), so a change of the code is called only beyond it: to see smaller changes, run both again on a quieter machine or use ubench ab, whose pairs alternate`,
    );
  }
  if (!base.complete || !next.complete) notes.push(`${!base.complete ? 'the base run' : 'the new run'} is incomplete (interrupted or still running)`);
  return {
    metric,
    alpha: COMPARE_ALPHA,
    noise: options.noise,
    confidence: COMPARE_CONFIDENCE,
    rows,
    onlyInBase: base.benchmarks.filter((b) => !nextKeys.has(paired.key(base, b))).map((b) => b.id),
    onlyInNew: next.benchmarks.filter((b) => !baseByKey.has(paired.key(next, b))).map((b) => b.id),
    skipped,
    geomean,
    complexity: complexityChanges(base, next),
    notes,
  };
}
