/**
 * tinybench 6's `Task`, its events and its table under ubench (docs/integrations.md): a task's
 * `result` is filled from ubench's measurement when the file's `run()` resolves, in tinybench's own
 * shape (tinybench-statistics.ts says what each figure carries), and the events tinybench
 * dispatches around a task (`start`, `error`, `cycle`, `complete`) fire in its order. A task this
 * process does not measure keeps the state `not-started`, with every figure NaN, so code that
 * formats its figures runs on.
 */
import { HAS_NODE_VERSIONS, NODE_VERSION, THIS_RUNTIME } from '../../results/runtimes/this-runtime.js';
import { mToNs } from './tinybench-units.js';
import type { ForeignOutcome } from './foreign-run.js';
import { nanStatistics, type TinybenchFigures, tinybenchFigures } from './tinybench-statistics.js';

export type TaskResult = ({ state: 'completed' } & TinybenchFigures) | { state: 'errored'; error: Error } | ({ state: 'not-started' } & Partial<TinybenchFigures>) | { state: 'started' };

/** The runtime tinybench names in every result (its `JSRuntime`). */
export const RUNTIME: { name: string; version: string } = (() => {
  if (THIS_RUNTIME.runtime === 'bun' || THIS_RUNTIME.runtime === 'deno') return { name: THIS_RUNTIME.runtime, version: THIS_RUNTIME.runtimeVersion };
  if (HAS_NODE_VERSIONS) return { name: 'node', version: NODE_VERSION };
  return { name: 'browser', version: (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? 'unknown' };
})();

/** tinybench's `BenchEvent`: the task (and error) it is about. */
export class BenchEvent extends Event {
  readonly #task: Task | undefined;
  readonly #error: Error | undefined;
  constructor(type: string, task?: Task, error?: Error) {
    super(type);
    this.#task = task;
    this.#error = error;
  }
  get task(): Task | undefined {
    return this.#task;
  }
  get error(): Error | undefined {
    return this.#error;
  }
}

/** What a Task needs of its Bench. */
export interface TaskOwner extends EventTarget {
  readonly retainSamples: boolean;
  readonly timestampProvider: { name: string };
  /** Measures these tasks (their run() resolves with them). */
  runTasks(tasks: readonly Task[]): Promise<Task[]>;
  /** The figures known now, without measuring. */
  knownTasks(tasks: readonly Task[]): Task[];
}

export class Task extends EventTarget {
  readonly #bench: TaskOwner;
  readonly #name: string;
  readonly #retain: boolean | undefined;
  /** The ubench benchmark(s) it was declared as (set once, by its Bench). */
  ids: readonly string[] = [];
  #result: TaskResult = { state: 'not-started' };
  #runs = 0;

  constructor(bench: TaskOwner, name: string, retainSamples?: boolean) {
    super();
    this.#bench = bench;
    this.#name = name;
    this.#retain = retainSamples;
  }

  get name(): string {
    return this.#name;
  }

  get result(): TaskResult & { runtime: string; runtimeVersion: string; timestampProviderName: string } {
    return { ...this.#result, runtime: RUNTIME.name, runtimeVersion: RUNTIME.version, timestampProviderName: this.#bench.timestampProvider.name };
  }

  /** Calls timed (tinybench: samples taken). */
  get runs(): number {
    return this.#runs;
  }

  /** tinybench estimates its timer's resolution from single-call samples; ubench times batches: none. */
  get detectedResolution(): number | undefined {
    return undefined;
  }

  reset(emit = true): void {
    this.#result = { state: 'not-started' };
    this.#runs = 0;
    if (emit) this.dispatchEvent(new BenchEvent('reset', this));
  }

  /** Measures this task alone (ubench measures a benchmark once per process: later runs give the same figures). */
  async run(): Promise<this> {
    await this.#bench.runTasks([this]);
    return this;
  }

  runSync(): this {
    this.#bench.knownTasks([this]);
    return this;
  }

  /** ubench warms up every benchmark itself. */
  async warmup(): Promise<void> {}

  warmupSync(): void {}

  /** Marks the task as running (before ubench measures it). */
  started(): void {
    this.#result = { state: 'started' };
    this.dispatchEvent(new BenchEvent('start', this));
  }

  /** Fills the result from what ubench measured and dispatches tinybench's events; returns the error of a failed task. */
  settle(outcome: ForeignOutcome): Error | null {
    let error: Error | null = null;
    if (outcome.state === 'measured') {
      this.#result = { state: 'completed', ...tinybenchFigures(outcome.estimate, outcome.perOpNs, outcome.elapsedNs, this.#retain ?? this.#bench.retainSamples) };
      this.#runs = outcome.iterations;
    } else if (outcome.state === 'failed') {
      error = new Error(outcome.message);
      this.#result = { state: 'errored', error };
      this.#runs = 0;
      const event = new BenchEvent('error', this, error);
      this.dispatchEvent(event);
      this.#bench.dispatchEvent(event);
    } else {
      this.#result = { state: 'not-started', latency: nanStatistics(), throughput: nanStatistics(), period: Number.NaN, totalTime: Number.NaN };
      this.#runs = 0;
    }
    const cycle = new BenchEvent('cycle', this);
    this.dispatchEvent(cycle);
    this.#bench.dispatchEvent(cycle);
    this.dispatchEvent(new BenchEvent('complete', this));
    return error;
  }
}

/**
 * A number as tinybench's tables print it: about `significantDigits` significant digits, at most
 * `maxFractionDigits` after the point, infinities as ±∞.
 */
export function formatNumber(value: number, significantDigits = 5, maxFractionDigits = 2): string {
  if (value === Number.POSITIVE_INFINITY) return '+∞';
  if (value === Number.NEGATIVE_INFINITY) return '-∞';
  if (Number.isNaN(value)) return 'NaN';
  const size = Math.abs(value);
  if (size >= 10 ** significantDigits) return value.toFixed();
  if (size < 10 ** (significantDigits - maxFractionDigits)) return value.toFixed(maxFractionDigits);
  const integerDigits = Math.floor(Math.log10(size)) + 1;
  return value.toFixed(Math.min(Math.max(0, significantDigits - integerDigits), maxFractionDigits));
}

/** tinybench's default row of `table()`: the task's name, latency and throughput with their margins, or its error or state. */
export function tableRow(task: Task): Record<string, string | number> {
  const result = task.result;
  if (result.state === 'completed') {
    const { latency, throughput } = result;
    return {
      'Task name': task.name,
      'Latency avg (ns)': `${formatNumber(mToNs(latency.mean))} \u00b1 ${formatNumber(latency.rme)}%`,
      'Latency med (ns)': `${formatNumber(mToNs(latency.p50))} \u00b1 ${formatNumber(mToNs(latency.mad))}`,
      'Throughput avg (ops/s)': `${Math.round(throughput.mean)} \u00b1 ${formatNumber(throughput.rme)}%`,
      'Throughput med (ops/s)': `${Math.round(throughput.p50)} \u00b1 ${Math.round(throughput.mad)}`,
      Samples: latency.samplesCount,
    };
  }
  if (result.state === 'errored') return { 'Task name': task.name, Error: result.error.message, Stack: result.error.stack ?? 'N/A' };
  return {
    'Task name': task.name,
    'Latency avg (ns)': 'N/A',
    'Latency med (ns)': 'N/A',
    'Throughput avg (ops/s)': 'N/A',
    'Throughput med (ops/s)': 'N/A',
    Samples: 'N/A',
    Remarks: result.state,
  };
}
