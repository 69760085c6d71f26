/**
 * The protocol between a benchmark process (child) and ubench (parent): one JSON object per line
 * on file descriptor 3, never stdout/stderr, which user code and V8 traces write to.
 */
import type { EngineMemory } from '../memory/memory-phase.js';
import type { PassRequest, PassResult } from '../passes/run-pass.js';
import type { ClockInfo, DeoptEvent, DetachedBuffers, ErrorInfo, FloorEstimate, ForcedGc, JitInfo, LoopMode, ModuleIsolation, ParamValue, ThrottleInfo } from '../../results/types.js';
import type { RuntimeIdentity, RuntimeName } from '../../results/runtime-identity.js';
import type { Measurement } from '../loop/measure.js';
import type { ProbeFigures } from '../probes/index.js';

/** File descriptor of the event channel in the child. */
export const EVENT_FD = 3;

/** The event channel of a benchmark page (Chromium): a binding the parent exposes to the page. */
export const PAGE_EMIT_BINDING = '__ubenchEmit';

/** A page's `--profile` pass asks the parent to drive V8's profiler (DevTools protocol) through this binding. */
export const PAGE_PROFILER_BINDING = '__ubenchProfiler';
/**
 * The page binding a benchmark page awaits before it measures: the parent answers once the
 * browser's processes are quiet (runner/runtimes/browser-settle.ts), its own start-up included.
 */
export const PAGE_SETTLE_BINDING = '__ubenchSettle';

/** What a page asks of the profiler binding: start before warm-up, restart before the replay, stop after it. */
export type PageProfilerStep = { step: 'start' } | { step: 'restart' } | { step: 'stop'; benchName: string; outFile: string; top: number; iterations: number };

/** What the parent asks a child to do. Written as JSON to the child's stdin (a page: bundled into it). */
export interface ChildRequest {
  /** Absolute path of the bench file. */
  file: string;
  /** Path shown to the user and used in ids (relative to the working directory). */
  displayFile: string;
  /** `--filter` regex source, matched against benchmark ids. */
  filter: string | null;
  /** Only these ids (used to resume after a crash, and for `--isolate benchmark`). */
  only: string[] | null;
  /** Report the declared benchmarks and exit without measuring. */
  listOnly: boolean;
  timeBudgetNs: number;
  warmupMaxNs: number;
  precisionTarget: number;
  seed: number;
  /** Throttling reference time from the start of the run; null: this process measures it. */
  throttleBaselineNs: number | null;
  /** Where V8 writes deoptimizations (`--log-deopt --logfile`); set by the executor. */
  deoptLogPath: string | null;
  /** A pass after timing, in a process of its own (null: the timing run itself). */
  pass: PassRequest | null;
  /** The user's flags for this process (`--node-flags`), placed by the executor (launch-plan.ts); none when absent. */
  nodeFlags?: string[];
  /** Environment variables set for this child on top of the parent's (`ubench probe --quick` sets UBENCH_PROBE_QUICK). */
  env?: Record<string, string>;
  /** Sample the file's benchmarks (and the loop floor) in randomized rounds after warming each up; false or absent: one after another. */
  interleave?: boolean;
  /** A number the parent drew for this process (1 to 2³²), unique across runs, from which its rounds' keys are made; absent: the pid (unique within one run only). */
  processKey?: number;
  /** The runtime to start this process in (`--runtime`); absent: the Node running ubench. Read by the executor, not the child. */
  runtime?: RuntimeTarget;
  /** Events go to the end of this file rather than descriptor 3 (runtimes that cannot write to an inherited descriptor); set by the executor. */
  channelFile?: string;
  /** `--args key=values`: the values every benchmark declaring the key takes instead of its own (absent: none). */
  args?: Record<string, ParamValue[]>;
  /** The working folder to start this process in (the run's; `ab <rev>`: the checkout's root); absent: the parent's. Read by the executor. */
  cwd?: string;
  /** Time only: no setup or state probes, memory phase or retention stretch after sampling (`ab`'s pairs, which read ns/op alone); absent: the full measurement. */
  timingOnly?: boolean;
  /** `--quick`: bytes/op is the only measurement after sampling (no setup or state probes, GC share apart or retention stretch); absent: the full measurement. */
  quick?: boolean;
}

/** A runtime found for `--runtime` (runner/runtimes/find-runtime.ts). */
export interface RuntimeTarget {
  /** As given to `--runtime`: `node`, `bun`, `node@22`. */
  label: string;
  kind: RuntimeName;
  executable: string;
}

/**
 * Extra measurements in processes of their own, after timing; the executor derives any V8 flags
 * from the kind (a large young generation for GC-free samples).
 */
export type { PassRequest, PassResult };
export type { AllYoungPlan } from '../passes/pretenuring-off/all-young-memory.js';
export type { EngineMemory };

export interface DeclaredInfo {
  id: string;
  name: string;
  baseName: string;
  group: string | null;
  params: Record<string, ParamValue>;
  baseline: boolean;
  /** The `bytesPerItem` option (absent or null when not declared, and from older processes). */
  bytesPerItem?: number | null;
  /** Whether it runs its own instance of the user's modules (absent from older processes, and when only listing). */
  modules?: ModuleIsolation;
  /** Hash of its functions' source (body-source.ts; absent from older processes). */
  bodyHash?: string;
  /** The runner's: hash of that and of the files the bench file loads (runner/record/source-fingerprint.ts). */
  sourceFingerprint?: string;
}

/** The in-loop probes' figures (absent under `--quick` and time-only runs). */
type ProbedFigures = Partial<ProbeFigures>;

export interface MeasuredBenchmark extends Measurement, ProbedFigures {
  mode: LoopMode;
  floor: FloorEstimate;
  jit: JitInfo | null;
  deopts: DeoptEvent[];
  /** `state: 'per-call'`: calls per timed chunk (absent otherwise). */
  perCallChunk?: number | null;
  /** Collections forced outside the timing (absent or null: none). */
  forcedGc?: ForcedGc | null;
  throttle: ThrottleInfo | null;
  timerReadsPerSample: number;
  memory: EngineMemory | null;
  /** Another benchmark of the process detached an ArrayBuffer before this one was measured (absent: none, or not watched). */
  detachedBuffers?: DetachedBuffers | null;
}

export type ChildEvent =
  /** `runtime`: what the process is (absent from processes of older ubench versions: Node). */
  | { type: 'hello'; pid: number; clock: ClockInfo; execArgv: string[]; throttleBaselineNs: number; runtime?: RuntimeIdentity }
  | { type: 'load-error'; error: ErrorInfo }
  /** The benchmarks this child will run (after filter/only), in order. */
  | { type: 'declared'; benchmarks: DeclaredInfo[] }
  /** Something ubench says about the file's declarations (define/registry.ts `notes`). */
  | { type: 'note'; text: string }
  | { type: 'start'; id: string }
  | { type: 'phase'; id: string; phase: 'floor' | 'warmup' | 'sample' }
  /** Interleaved mode: a round of samples begins, with the benchmarks still sampling. */
  | { type: 'round'; round: number; active: string[] }
  /** Interleaved mode: this benchmark is the one running now (a crash or timeout blames it). */
  | { type: 'current'; id: string }
  | { type: 'measured'; id: string; result: MeasuredBenchmark }
  /** The outcome of a pass (see PassRequest) for one benchmark. */
  | { type: 'pass-result'; id: string; result: PassResult }
  | { type: 'bench-error'; id: string; error: ErrorInfo }
  /** An uncaught exception or unhandled rejection outside any benchmark's control: the child exits. */
  | { type: 'crash'; error: ErrorInfo }
  /** process.exit() was called (by user code, if it precedes `done`). */
  | { type: 'exit'; code: number }
  | { type: 'done' };
