/**
 * The protocol between a benchmark process (child) and ubench (parent): one JSON object per line
 * on file descriptor 3, never stdout/stderr, which user code and V8 traces write to.
 */
import type { ClockInfo, DeoptEvent, ErrorInfo, FloorEstimate, JitInfo, LoopMode, MemoryInfo, ParamValue, SetupProbe, ThrottleInfo } from '../results/types.js';
import type { Measurement } from './measure.js';

/** File descriptor of the event channel in the child. */
export const EVENT_FD = 3;

/** What the parent asks a child to do. Passed as one JSON argument. */
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
}

export interface DeclaredInfo {
  id: string;
  name: string;
  baseName: string;
  group: string | null;
  params: Record<string, ParamValue>;
  baseline: boolean;
}

export interface MeasuredBenchmark extends Measurement {
  mode: LoopMode;
  floor: FloorEstimate;
  jit: JitInfo | null;
  deopts: DeoptEvent[];
  setupProbe: SetupProbe | null;
  throttle: ThrottleInfo | null;
  timerReadsPerSample: number;
  memory: MemoryInfo | null;
}

export type ChildEvent =
  | { type: 'hello'; pid: number; clock: ClockInfo; execArgv: string[]; throttleBaselineNs: number }
  | { type: 'load-error'; error: ErrorInfo }
  /** The benchmarks this child will run (after filter/only), in order. */
  | { type: 'declared'; benchmarks: DeclaredInfo[] }
  | { type: 'start'; id: string }
  | { type: 'phase'; id: string; phase: 'floor' | 'warmup' | 'sample' }
  | { type: 'measured'; id: string; result: MeasuredBenchmark }
  | { type: 'bench-error'; id: string; error: ErrorInfo }
  /** An uncaught exception or unhandled rejection outside any benchmark's control: the child exits. */
  | { type: 'crash'; error: ErrorInfo }
  /** process.exit() was called (by user code, if it precedes `done`). */
  | { type: 'exit'; code: number }
  | { type: 'done' };
