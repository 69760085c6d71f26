/**
 * The results file: the seam between measuring and everything after it.
 *
 * Everything downstream (relative speed, reporters, exporters, later `compare`) reads only these
 * types, so a saved file can be re-analysed without re-running. The JSON Schema in
 * `schema/results.schema.json` describes the same shape; `docs/results-format.md` documents it.
 * All times are nanoseconds per operation unless a field name says otherwise.
 */

import type { InstructionCount } from './instruction-types.js';
import type { DetachedBuffers, ModuleIsolation } from './isolation-types.js';
import type { HostTrack, RunHost } from './host-types.js';
import type { FixedCostFit, SpreadInfo } from './fixed-cost-types.js';
import type { ForcedGc, MemoryInfo } from './memory-types.js';
import type { RuntimeName } from './runtime-identity.js';
import type { BenchmarkRuntime, ClockInfo, RunRuntime, RuntimeRelative } from './runtime-types.js';
import type { Estimate, Sample } from './sample-types.js';
import type { ProfileInfo } from './profile-types.js';
import type { RunSettings } from './run-settings.js';
import type { StateChange } from './state-change-types.js';
import type { ThrottleInfo } from './throttle-types.js';
import type { ComplexityReport } from './complexity-types.js';

export type { Estimate, Sample } from './sample-types.js';
export type { RunSettings } from './run-settings.js';
export type { BenchmarkRuntime, ClockInfo, RunRuntime, RuntimeRelative } from './runtime-types.js';
export type { InstructionCount, RegionCount, SimulatedCacheMisses } from './instruction-types.js';
export type { ThrottleInfo } from './throttle-types.js';
export type { HostQuiet, HostTrack, RunHost } from './host-types.js';
export type { FixedCostFit, SpreadInfo } from './fixed-cost-types.js';
export type * from './complexity-types.js';
export type * from './explain-types.js';
export type { AllocationSite, AllocationSites, Footprint, ForcedGc, GcApart, GcCost, GcOverhead, HeapSource, MemoryAccounting, MemoryInfo, PretenuringOffReading } from './memory-types.js';
export type { DetachedBuffers, GetterReads, ModuleIsolation } from './isolation-types.js';
export type {
  CpuProfileFindings,
  CpuSampling,
  DeoptEvent,
  Disassembly,
  DisasmInstruction,
  HotFunction,
  HotFunctionKind,
  HotLine,
  JitInfo,
  JitTier,
  NativeSymbol,
  PassFile,
  ProfileInfo,
  TierReading,
  TierTrack,
} from './profile-types.js';

/** Bumped on any incompatible change to the shape below. */
export const SCHEMA_VERSION = 4;

export type BenchmarkStatus = 'ok' | 'error' | 'timeout';

/** How the measured loop drives the benchmark body. */
export type LoopMode = 'sync' | 'async' | 'manual';

export type ParamValue = string | number | boolean | null;

export interface ErrorInfo {
  /** One line: the error's message (or the reason the child died). */
  message: string;
  /** `file:line:column` of the first stack frame in user code, when known. */
  location: string | null;
  /** The full stack, for `--verbose`-style inspection; never printed by default. */
  stack: string | null;
}

export interface OutlierCounts {
  lowSevere: number;
  lowMild: number;
  highMild: number;
  highSevere: number;
  /** How many samples were excluded from the estimate (ubench never drops samples silently: 0 unless stated). */
  excluded: number;
}

/** Descriptive statistics of the per-sample ns/op values. */
export interface SampleStats {
  sampleCount: number;
  median: number;
  mean: number;
  min: number;
  max: number;
  p25: number;
  p75: number;
  p99: number;
  /** Sample standard deviation (n − 1). */
  stddev: number;
  /** Median absolute deviation, scaled by 1.4826 to be consistent with stddev for normal data. */
  mad: number;
  /** Coefficient of variation: stddev / mean. */
  cv: number;
  /** Operations per second implied by the estimate (1e9 / nsPerOp); null when the estimate is 0. */
  opsPerSecond: number | null;
  outliers: OutlierCounts;
}

/** Least-squares fit of `elapsedNs = interceptNs + slopeNs · iterations` over the samples. */
export interface Regression {
  slopeNs: number;
  interceptNs: number;
  r2: number;
}

export interface WarmupInfo {
  /** Timed batches run before sampling. */
  batches: number;
  /** Total benchmark calls made during warm-up. */
  iterations: number;
  durationNs: number;
  /** True when the fast and slow moving averages agreed long enough (steady state); false when capped. */
  converged: boolean;
  /** Times warm-up started over because the first sample ran > 2× off its steady level (a late tier change). */
  restarts: number;
  /** ns/op of the last warm-up batches, in order (up to 64; absent in files from before version 3): whether timings still trended at the end. */
  seriesNs?: number[];
}

export interface CalibrationInfo {
  /** Target duration of one sample. */
  targetSampleNs: number;
  /** Iteration count the sample sizes vary around (with `spread`: the top count). */
  baseIterations: number;
  /** A manual loop whose samples were mostly a fixed cost per call: the counts were spread geometrically below the top count (absent otherwise, and in older files). */
  spread?: SpreadInfo;
}

export interface PrecisionInfo {
  /** Target 95% CI half-width relative to the estimate (0.01 = ±1%). */
  target: number;
  /** Half-width reached, relative to the estimate. */
  reached: number | null;
  /** Why sampling stopped; `host-limit` (version 4) when the interval had stopped narrowing at the rate more samples would buy. */
  stopReason: 'precision' | 'budget' | 'max-samples' | 'host-limit';
  /** Time spent sampling (timed batches plus per-sample setup/teardown). */
  durationNs: number;
}

/** Speed relative to the reference benchmark of the same group (the baseline, else the fastest). */
export interface Relative {
  /** Id of the reference benchmark. */
  referenceId: string;
  /** This estimate divided by the reference's: > 1 is slower. */
  ratio: number;
  ciLower: number;
  ciUpper: number;
}

/** Per-process figures when a benchmark ran in several processes (`--forks`), and of every process of a merged file. */
export interface ForkResult {
  estimate: Estimate;
  sampleCount: number;
  floorNsPerOp: number | null;
  /** The run (`environment.runId`) and its fork number this process belongs to; set by `ubench merge`, absent otherwise (the file's own run, in fork order). */
  source?: ProcessSource;
}

/** One benchmark process: the run it was part of and its fork number (1-based). */
export interface ProcessSource {
  runId: string;
  fork: number;
}

export type Severity = 'info' | 'warning' | 'error';

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  hint: string;
  evidence?: Record<string, unknown>;
}

/**
 * Seed 003's setup-overhead check: minimum per-iteration times of batches with 1 and 2 iterations
 * give the fixed cost per sample as `i·j·(t_i − t_j)/(j − i)`.
 */
export interface SetupProbe {
  oneIterationNs: number;
  twoIterationsNs: number;
  setupNs: number;
  rounds: number;
}

/**
 * The state probe (benchmarks with `setup`): `states` values returned by setup, each timed once in
 * each of `passes` passes, in a fresh random order every pass — so whether the cost depends on the
 * state can be told apart from the host's movement (see stats/block-effect.ts).
 */
export interface StateProbe {
  states: number;
  passes: number;
  /** Iterations of every timed batch. */
  iterations: number;
  /** `perOpNs[pass][state]`: ns per iteration of that state's batch in that pass. */
  perOpNs: number[][];
}

/** What the body returned on two calls after sampling (the return-value probe). */
export interface ReturnValue {
  /** `typeof` of the first call's value (`null` for null). */
  type: 'undefined' | 'null' | 'boolean' | 'number' | 'bigint' | 'string' | 'symbol' | 'object' | 'function';
  /** For a primitive, whether both calls returned the same value; null for an object or function. */
  sameEachCall: boolean | null;
}

export interface FloorEstimate {
  nsPerOp: number;
  ciLower: number;
  ciUpper: number;
  /** Interleaved mode: the floor's own samples, taken in the same rounds as the benchmarks' (paired by `round`). */
  samples?: Sample[];
}

export interface BenchmarkResult {
  /** `file#group/name`, unique within a run; `--filter` matches it. */
  id: string;
  /** Display name: the declared name plus parameter values, e.g. `sort(size=100)`. */
  name: string;
  /** The name as declared, without parameters. */
  baseName: string;
  /** Bench file path relative to the working directory. */
  file: string;
  group: string | null;
  params: Record<string, ParamValue>;
  baseline: boolean;
  status: BenchmarkStatus;
  error: ErrorInfo | null;
  mode: LoopMode | null;
  estimate: Estimate | null;
  stats: SampleStats | null;
  /** Every timed sample, in the order taken (pooled in fork order with `--forks`). */
  samples: Sample[];
  /** Time per iteration of an empty benchmark with the same loop kind, measured in the same process. Not subtracted. */
  floorNsPerOp: number | null;
  /** The floor with its 95% CI (order statistics), for telling a result apart from an empty loop. */
  floor: FloorEstimate | null;
  regression: Regression | null;
  warmup: WarmupInfo | null;
  calibration: CalibrationInfo | null;
  precision: PrecisionInfo | null;
  relative: Relative | null;
  forks: ForkResult[] | null;
  /** JIT tiers and deoptimizations (always), and the `--profile` / `--disasm` passes' findings. */
  profile: ProfileInfo;
  /** Null when the samples themselves already use 1–2 iterations, or the body is too slow to probe. */
  setupProbe: SetupProbe | null;
  /** Benchmarks with `setup`: the state probe (null without setup, when too slow, in older files). */
  stateProbe: StateProbe | null;
  throttle: ThrottleInfo | null;
  /** The host's speed during the samples (null in files from before host tracking, or when nothing was measured next to the samples). */
  host: HostTrack | null;
  /** Clock reads per sample: 2 for generated loops, more when a manual body pauses its timer. Null when not measured. */
  timerReadsPerSample: number | null;
  /** Null where the runtime cannot account allocation, or the benchmark did not finish. */
  memory: MemoryInfo | null;
  diagnostics: Diagnostic[];
  /** The machine's fingerprint id (`environment.fingerprint.id`) this was measured on; set by `ubench merge` when the merged runs came from more than one machine. */
  machine?: string;
  /** The runtime that measured it (absent in files from before `--runtime`: the environment's). With several runtimes in a run, the id ends in ` [<label>]`. */
  runtime?: BenchmarkRuntime;
  /** With several runtimes in a run: this estimate over the same benchmark's on the first runtime (absent otherwise, or when either failed). */
  runtimeRelative?: RuntimeRelative | null;
  /** Instructions per operation under callgrind (`--instructions`; absent without it). */
  instructions?: InstructionCount | null;
  /** Bytes of working set per unit of its size parameter (the `bytesPerItem` option; absent when not declared). */
  bytesPerItem?: number;
  /** Whether its modules were its own instance (absent in files from before module instances). */
  modules?: ModuleIsolation;
  /** Another benchmark of its process detached an ArrayBuffer before it was measured (absent: none did, or not watched). */
  detachedBuffers?: DetachedBuffers;
  /** Benchmarks with setup: what its body did to the state setup made (absent: no setup, not probed, or an older file). */
  stateChange?: StateChange;
  /** What the body returns (absent: a manual loop, not probed, or an older file). */
  returnValue?: ReturnValue;
  /** A manual loop with spread samples (`calibration.spread`): the per-operation slope and the fixed cost per sample apart; the estimate is the slope (absent otherwise). */
  fixedCost?: FixedCostFit;
  /** `state: 'per-call'`: calls per timed chunk, each chunk's states made before it (absent for other forms). */
  perCallChunk?: number;
  /** Collections forced outside the timing because its file asked (mitata's `.gc()`; absent: none). Added within version 3. */
  forcedGc?: ForcedGc;
  /**
   * Hash of the code it measured: its body's source and the bench file with the project files it
   * imports (runner/record/source-fingerprint.ts), so kept runs of unchanged code can be told (absent in older files).
   */
  sourceFingerprint?: string;
}

/** A bench file that could not be loaded at all (syntax error, missing import, declaration misuse). */
export interface FileError {
  file: string;
  error: ErrorInfo;
}

export interface Environment {
  /** The runtime the benchmark processes ran on (ubench's own: bun and deno run it through their Node compatibility). */
  runtime: RuntimeName;
  runtimeVersion: string;
  v8Version: string;
  /** Node and V8 flags the user gave the benchmark processes (`--node-flags`); ubench's own are in `harnessV8Flags`. */
  v8Flags: string[];
  /** Flags ubench itself started the benchmark processes with (deoptimization log, a pass's flags; absent in older files, whose `v8Flags` mixed both). */
  harnessV8Flags?: string[];
  cpu: { model: string; cores: number; speedMHz: number | null };
  os: { platform: string; release: string; arch: string };
  totalMemoryBytes: number;
  ubenchVersion: string;
  git: { commit: string; dirty: boolean } | null;
  /** Clock figures measured by the first benchmark process. */
  clock: ClockInfo | null;
  /** Throttling reference workload timed at the start of the run, ns. */
  throttleBaselineNs: number | null;
  startedAt: string;
  /** A random id of this run, drawn when it started (absent in older files): what `ubench merge` tells runs apart by. */
  runId?: string;
  /** What the measurements depend on of the machine (absent in older files; analysis/machine-fingerprint.ts derives it then). */
  fingerprint?: MachineFingerprint;
  /** The run was measured inside another tool's process (`ubench/vitest`), not in ubench's own benchmark processes; absent: ubench's own. */
  embedded?: EmbeddedHost;
}

/** The tool whose process a run was measured in, and what that changes (`environment.embedded`). */
export interface EmbeddedHost {
  /** The tool: `vitest` (its benchmark provider, ubench/vitest). */
  host: 'vitest';
  /** Its version, where it could be read. */
  hostVersion: string | null;
  /** The tool's run the file belongs to: the provider's workers of one run add to one file. */
  session: string;
  /** What measuring in that process changes (shared JIT state, its module transform, no isolation), one sentence each. */
  notes: string[];
}

/**
 * The machine a run measured on, as far as its figures depend on it: `ubench merge` pools the same
 * benchmark from several runs only when their fingerprints match.
 */
export interface MachineFingerprint {
  /** A short hash of the fields below except `hostUsualNs`: equal ids, equal machines and software. */
  id: string;
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  /** Platform, release and architecture, e.g. `linux 6.1.0 x64`. */
  os: string;
  /** e.g. `node 20.20.2`. */
  runtime: string;
  v8Version: string;
  /** The machine's usual latency-reference figure from its host calibration (ns per 1,000 steps), where it had one. */
  hostUsualNs: number | null;
}

/** What `ubench merge` made this file of. */
export interface MergeInfo {
  /** Every input, in the order given. */
  inputs: { label: string; runIds: string[]; benchmarks: number }[];
  /** The runs pooled, each with its machine's fingerprint id. */
  runs: { runId: string; machine: string; shard: { index: number; count: number } | null }[];
  /** The machines' fingerprints, the file's own (`environment.fingerprint`) first. */
  machines: MachineFingerprint[];
  /** What the merge said: benchmarks kept apart, settings that differed. */
  notes: string[];
}

export interface ResultsFile {
  schemaVersion: typeof SCHEMA_VERSION;
  environment: Environment;
  settings: RunSettings;
  /** False while the run is in progress or when it was interrupted. */
  complete: boolean;
  finishedAt: string | null;
  benchmarks: BenchmarkResult[];
  fileErrors: FileError[];
  /** The host's speed over the run (null when not measured, or in files from before host tracking). */
  host: RunHost | null;
  /** The ubench version whose analysis (estimates, host tracks, diagnostics, relative speeds) this holds (analysis/analyse.ts); absent in older files. */
  analysedBy?: string;
  /** Set by `ubench merge`: the files and runs this one combines. */
  merged?: MergeInfo;
  /** The runtimes measured on (`--runtime`), in the order given; the first is the one the others are compared with. Absent in older files. */
  runtimes?: RunRuntime[];
  /** Growth laws fitted to benchmarks swept over a numeric parameter, and their cliffs (absent when none was swept over ≥ 4 sizes). */
  complexity?: ComplexityReport;
}
