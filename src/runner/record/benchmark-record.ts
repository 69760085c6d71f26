/**
 * What the benchmark processes reported of one benchmark (its declaration, each process's
 * measurements, the passes' readings, or its failure) → its `BenchmarkResult` as the results file
 * records it. The runner keeps the record; every figure derived from samples comes from the
 * analysis's own derivation (analysis/derive-from-samples.ts), the one `analyse()` repeats on read.
 */
import type { DeclaredInfo, MeasuredBenchmark } from '../../engine/process/events.js';
import { PROBE_FIELDS } from '../../engine/probes/index.js';
import type {
  AllocationSites,
  BenchmarkResult,
  BenchmarkRuntime,
  CpuProfileFindings,
  PretenuringOffReading,
  Disassembly,
  ErrorInfo,
  InstructionCount,
  ForkResult,
  PassFile,
} from '../../results/types.js';
import { allocates } from '../../results/memory-types.js';
import { gcCostOf, type NoGcOutcome } from '../../analysis/gc-cost.js';
import { withPretenuringOff } from '../../analysis/pretenuring-off.js';
import { fromSamples } from '../../analysis/derive-from-samples.js';
import { CONFIDENCE, perOpValues, throttleRatio } from '../../results/derived-values.js';

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
  /** Files the passes wrote for it (the collector keeps each pass's latest). */
  passFiles?: PassFile[];
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
    ...(info.sourceFingerprint === undefined ? {} : { sourceFingerprint: info.sourceFingerprint }),
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
  const derived = fromSamples(samples, runs.length === 1 ? null : runs.map((run) => run.samples.length), seed, runs[0]!.calibration.spread !== undefined);
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
    ...(record.passFiles === undefined || record.passFiles.length === 0 ? {} : { files: record.passFiles }),
  };
  const detached = runs.find((run) => run.detachedBuffers != null)?.detachedBuffers;
  if (detached != null) result.detachedBuffers = detached;
  // The in-loop probes ran in the first process: each field it filled, as it filled it.
  for (const field of PROBE_FIELDS) {
    const figures = (first as unknown as Record<string, unknown>)[field];
    if (figures != null) (result as unknown as Record<string, unknown>)[field] = figures;
  }
  if (first.perCallChunk != null) result.perCallChunk = first.perCallChunk;
  // Forced collections are counted over every process that measured it.
  const forced = runs.flatMap((run) => (run.forcedGc == null ? [] : [run.forcedGc]));
  if (forced.length > 0) {
    result.forcedGc = {
      ...forced[0]!,
      count: forced.reduce((sum, f) => sum + f.count, 0),
      totalNs: forced.reduce((sum, f) => sum + f.totalNs, 0),
      minNs: Math.min(...forced.map((f) => f.minNs)),
      maxNs: Math.max(...forced.map((f) => f.maxNs)),
    };
  }
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
  if (derived.fixedCost !== null) result.fixedCost = derived.fixedCost;
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
