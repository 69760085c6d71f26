/**
 * Raw measurements from one or more processes → the `BenchmarkResult` of the results file:
 * estimate with its confidence interval, descriptive statistics, regression, warm-up facts.
 */
import type { DeclaredInfo, MeasuredBenchmark } from '../engine/process/events.js';
import type {
  AllocationSites,
  BenchmarkResult,
  BenchmarkRuntime,
  CpuProfileFindings,
  PretenuringOffReading,
  Disassembly,
  ErrorInfo,
  InstructionCount,
  Estimate,
  ForkResult,
  Sample,
  SampleStats,
} from '../results/types.js';
import { allocates } from '../results/memory-types.js';
import { gcCostOf, type NoGcOutcome } from './gc-cost.js';
import { withPretenuringOff } from './pretenuring-off.js';
import { DEFAULT_BOOTSTRAP_RESAMPLES, twoLevelBootstrapMedian } from '../stats/bootstrap.js';
import { CONFIDENCE, estimateHalfWidth, perOpValues, splitByCounts, throttleRatio } from '../results/derived-values.js';
import { describe } from '../stats/describe.js';
import { medianWithInterval } from '../stats/median-ci.js';
import { tukeyOutliers } from '../stats/outliers.js';
import { createRng } from '../stats/random.js';
import { linearFit } from '../stats/regression.js';

export interface BenchmarkRecord extends PassReadings {
  info: DeclaredInfo;
  file: string;
  /** One entry per process that measured it (several with `--forks`). */
  runs: MeasuredBenchmark[];
  failure: { status: 'error' | 'timeout'; error: ErrorInfo } | null;
  /** The runtime it ran on, once its process said (absent: not known yet). */
  runtime?: BenchmarkRuntime;
}

/** What the passes after timing read for one benchmark (each present once its pass ran). */
export interface PassReadings {
  /** The GC-free pass (`--gc-cost`), when run. */
  noGc?: NoGcOutcome | null;
  /** The pretenuring-off pass (automatic where allocation was born old), when run. */
  pretenuringOff?: PretenuringOffReading | null;
  /** The allocation-site pass (`--alloc-sites`), when run. */
  allocSites?: AllocationSites | null;
  /** The CPU-profiling pass (`--profile`), when run. */
  cpuProfile?: CpuProfileFindings | null;
  /** The disassembly pass (`--disasm`), when run. */
  disasm?: Disassembly | null;
  /** The instruction-counting pass (`--instructions`), when run. */
  instructions?: InstructionCount | null;
}

/** Median with its distribution-free order-statistic interval (benchstat); [min, max] if n < 6. */
export function singleProcessEstimate(values: number[]): Estimate {
  const { median, lower, upper } = medianWithInterval(values, CONFIDENCE);
  return { nsPerOp: median, ciLower: lower, ciUpper: upper, confidence: CONFIDENCE, method: 'median-order-statistics' };
}

/** Median of all samples, with a two-level bootstrap (processes, then samples) for the interval. */
function multiProcessEstimate(groups: number[][], seed: number): Estimate {
  const boot = twoLevelBootstrapMedian(groups, { resamples: DEFAULT_BOOTSTRAP_RESAMPLES, confidence: CONFIDENCE, rng: createRng(seed) });
  return { nsPerOp: boot.estimate, ciLower: boot.lower, ciUpper: boot.upper, confidence: CONFIDENCE, method: 'two-level-bootstrap' };
}

/** Descriptive statistics of per-sample ns/op values, with Tukey's outlier counts (none excluded). */
export function sampleStats(values: readonly number[], estimate: Estimate): SampleStats {
  const { fences: _fences, ...outliers } = tukeyOutliers(values);
  return { ...describe(values), opsPerSecond: estimate.nsPerOp > 0 ? 1e9 / estimate.nsPerOp : null, outliers: { ...outliers, excluded: 0 } };
}

/**
 * The same result with other samples (the host-adjusted ones): estimate, statistics and the precision
 * reached recomputed from them, so a rule judges them as it would a run on a host of constant speed.
 */
export function withSamples(result: BenchmarkResult, samples: Sample[]): BenchmarkResult {
  const values = perOpValues(samples);
  const estimate = singleProcessEstimate(values);
  const halfWidth = estimateHalfWidth(estimate);
  return {
    ...result,
    samples,
    estimate,
    stats: sampleStats(values, estimate),
    precision: result.precision === null ? null : { ...result.precision, reached: Number.isFinite(halfWidth) ? halfWidth : null },
  };
}

function emptyResult(record: BenchmarkRecord): BenchmarkResult {
  const { info } = record;
  return {
    id: info.id,
    name: info.name,
    baseName: info.baseName,
    file: record.file,
    group: info.group,
    params: { ...info.params },
    baseline: info.baseline,
    ...(info.bytesPerItem == null ? {} : { bytesPerItem: info.bytesPerItem }),
    ...(info.modules === undefined ? {} : { modules: { ...info.modules } }),
    status: record.failure?.status ?? 'ok',
    error: record.failure?.error ?? null,
    mode: null,
    estimate: null,
    stats: null,
    samples: [],
    floorNsPerOp: null,
    floor: null,
    regression: null,
    warmup: null,
    calibration: null,
    precision: null,
    relative: null,
    forks: null,
    profile: { tier: null, deopts: [], cpu: null, hot: null, lines: null, cpuprofile: null, disasm: null },
    setupProbe: null,
    stateProbe: null,
    throttle: null,
    host: null,
    timerReadsPerSample: null,
    memory: null,
    diagnostics: [],
    ...(record.runtime === undefined ? {} : { runtime: { ...record.runtime } }),
    ...(record.instructions === undefined ? {} : { instructions: record.instructions }),
  };
}

/** The warm-up series of one process (the first that did not converge stands for all). */
function tailOf(run: { warmup: { seriesNs?: number[] } }): { seriesNs?: number[] } {
  return run.warmup.seriesNs === undefined ? {} : { seriesNs: run.warmup.seriesNs };
}

export function buildResult(record: BenchmarkRecord, seed: number): BenchmarkResult {
  const result = emptyResult(record);
  const runs = record.runs;
  if (runs.length === 0) {
    if (record.failure === null) throw new Error(`internal: ${record.info.id} has neither measurements nor an error`);
    return result;
  }
  const samples = runs.flatMap((run) => run.samples);
  const derived = fromSamples(samples, runs.length === 1 ? null : runs.map((run) => run.samples.length), seed);
  const values = perOpValues(samples);
  const first = runs[0]!;
  result.mode = first.mode;
  result.estimate = derived.estimate;
  result.stats = derived.stats;
  result.samples = samples;
  // With several processes, the process with the median floor stands for all of them.
  const floors = runs.map((run) => run.floor).sort((a, b) => a.nsPerOp - b.nsPerOp);
  result.floor = floors[(floors.length - 1) >> 1]!;
  result.floorNsPerOp = result.floor.nsPerOp;
  result.profile = {
    ...result.profile,
    tier: first.jit,
    deopts: runs.flatMap((run) => run.deopts),
    ...(record.cpuProfile ?? {}),
    disasm: record.disasm ?? null,
  };
  const detached = runs.find((run) => run.detachedBuffers != null)?.detachedBuffers;
  if (detached != null) result.detachedBuffers = detached;
  result.setupProbe = first.setupProbe;
  result.stateProbe = first.stateProbe ?? null;
  if (first.stateChange != null) result.stateChange = first.stateChange;
  if (first.perCallChunk != null) result.perCallChunk = first.perCallChunk;
  result.timerReadsPerSample = Math.max(...runs.map((run) => run.timerReadsPerSample));
  // Allocation is a property of the code, not of the process: the first fork's reading stands.
  result.memory =
    first.memory === null
      ? null
      : {
          ...withPretenuringOff(first.memory, record.pretenuringOff ?? null),
          gcCost: record.noGc == null ? null : gcCostOf(values, record.noGc, allocates(first.memory), CONFIDENCE, seed),
          allocationSites: record.allocSites ?? null,
        };
  // The most throttled process is the one that matters for the warning.
  result.throttle = runs.map((run) => run.throttle).reduce((worst, t) => (t !== null && (worst === null || throttleRatio(t) > throttleRatio(worst)) ? t : worst), null as BenchmarkResult['throttle']);
  result.regression = derived.regression;
  result.warmup = {
    batches: runs.reduce((sum, run) => sum + run.warmup.batches, 0),
    iterations: runs.reduce((sum, run) => sum + run.warmup.iterations, 0),
    durationNs: runs.reduce((sum, run) => sum + run.warmup.durationNs, 0),
    converged: runs.every((run) => run.warmup.converged),
    restarts: runs.reduce((sum, run) => sum + run.warmup.restarts, 0),
    ...tailOf(runs.find((run) => !run.warmup.converged) ?? first),
  };
  result.calibration = first.calibration;
  result.precision = {
    target: first.precision.target,
    reached: derived.reached,
    stopReason: first.precision.stopReason,
    durationNs: runs.reduce((sum, run) => sum + run.precision.durationNs, 0),
  };
  if (derived.forkEstimates !== null) {
    result.forks = runs.map((run, i): ForkResult => ({ estimate: derived.forkEstimates![i]!, sampleCount: run.samples.length, floorNsPerOp: run.floor.nsPerOp }));
  }
  return result;
}

/** What follows from the samples alone: the estimate, statistics, regression, precision reached, and each process's estimate. */
interface FromSamples {
  estimate: Estimate;
  stats: SampleStats;
  regression: BenchmarkResult['regression'];
  reached: number | null;
  /** Per process, in pool order; null for one process (no `forkSizes`). */
  forkEstimates: Estimate[] | null;
}

/** `forkSizes`: samples per process in the order they are pooled, or null for a single process. */
function fromSamples(samples: readonly Sample[], forkSizes: readonly number[] | null, seed: number): FromSamples {
  const values = perOpValues(samples);
  const groups = forkSizes === null ? [values] : splitByCounts(values, forkSizes)!;
  const estimate = groups.length === 1 ? singleProcessEstimate(values) : multiProcessEstimate(groups, seed);
  const fit = linearFit(
    samples.map((s) => s.iterations),
    samples.map((s) => s.elapsedNs),
  );
  const halfWidth = estimateHalfWidth(estimate);
  return {
    estimate,
    stats: sampleStats(values, estimate),
    // A fit that overflowed (samples near the largest double) is no fit: null, never NaN written as null fields.
    regression: fit === null || ![fit.slope, fit.intercept, fit.r2].every(Number.isFinite) ? null : { slopeNs: fit.slope, interceptNs: fit.intercept, r2: fit.r2 },
    reached: Number.isFinite(halfWidth) ? halfWidth : null,
    forkEstimates: forkSizes === null ? null : groups.map(singleProcessEstimate),
  };
}

/**
 * The estimate, statistics, regression, per-process figures and precision reached of a saved result,
 * derived again from its samples exactly as when it was measured (the samples of several processes
 * are pooled in fork order, `forks[].sampleCount` tells them apart). Results without samples are
 * returned as they are.
 */
export function rederive(result: BenchmarkResult, seed: number): BenchmarkResult {
  if (result.status !== 'ok' || result.samples.length === 0) return result;
  // One process's count stands for all the samples, as when it was measured.
  const sizes = result.forks === null ? null : result.forks.length === 1 ? [result.samples.length] : result.forks.map((f) => f.sampleCount);
  // Counts that do not add up, or an empty process (a file edited by hand): the samples as one pool.
  const usable = sizes !== null && !sizes.includes(0) && splitByCounts(result.samples, sizes) !== null ? sizes : null;
  const derived = fromSamples(result.samples, usable, seed);
  return {
    ...result,
    estimate: derived.estimate,
    stats: derived.stats,
    regression: derived.regression,
    precision: result.precision === null ? null : { ...result.precision, reached: derived.reached },
    forks: result.forks === null || derived.forkEstimates === null ? result.forks : result.forks.map((fork, i) => ({ ...fork, estimate: derived.forkEstimates![i]! })),
  };
}
