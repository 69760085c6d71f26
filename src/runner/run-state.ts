/**
 * What the steps of one run share (run.ts makes it): the options, the runtimes and what their first
 * processes said of themselves, the collector, and how results are saved and progress is told.
 */
import type { RuntimeTarget } from '../engine/process/events.js';
import type { Environment, ResultsFile, RunRuntime } from '../results/types.js';
import type { FinishedBenchmark } from '../results/finished-benchmark.js';
import type { ResultCollector } from './record/collector.js';
import type { Executor } from './child/executor.js';
import type { RunChildOptions } from './child/run-child.js';
import type { RunOptions } from './run-options.js';
import type { RuntimeSpec } from './runtimes/runtime-spec.js';

export interface RunDeps {
  executor: Executor;
  /** Progress messages (a status line on a terminal). */
  progress(text: string): void;
  /** A benchmark finished its timing run, measured or failed (a line in a CI log). */
  finished?(benchmark: FinishedBenchmark): void;
  /** A pass after timing (`--profile`, `--instructions`, …) started on a benchmark (a line in a CI log). */
  passStarted?(text: string): void;
  /** A problem that does not stop the run (the history could not be written). */
  warn?(text: string): void;
  /** ubench's note on a bench file's declarations, once per run for each file and text. */
  note?(file: string, text: string): void;
  signal?: AbortSignal;
  /** Finds a runtime's executable (default: the project's node_modules, then PATH); tests replace it. */
  findRuntime?: (spec: RuntimeSpec) => RuntimeTarget;
  /** Called once the bench files are found, before the first process starts (the host check, --wait-for-quiet). */
  beforeMeasuring?(): Promise<void>;
}

export interface RunState {
  options: RunOptions;
  deps: RunDeps;
  /** The runtimes, the first being the reference. */
  targets: readonly RuntimeTarget[];
  environment: Environment;
  collector: ResultCollector;
  /** Each runtime's identity, from its first process's hello (by label). */
  runtimes: Map<string, RunRuntime>;
  /** How every benchmark process is run (the executor, timeout, the run's abort signal). */
  childOptions: Omit<RunChildOptions, 'onEvent'>;
  /** Writes the results so far (after every benchmark), or the final ones. */
  save(final: { complete: boolean } | null): ResultsFile;
  /** A benchmark's id in the results: qualified by its runtime when the run has several. */
  keyFor(target: RuntimeTarget): (id: string) => string;
  /** The runtime's throttle baseline from its first process, handed to the next ones. */
  baselineOf(target: RuntimeTarget): number | null;
}
