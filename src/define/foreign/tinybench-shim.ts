/**
 * What `import { Bench } from 'tinybench'` means in a ubench benchmark process
 * (docs/integrations.md): each `bench.add(name, fn, options)` declares a ubench benchmark, in the
 * group the Bench's `name` gives. Hooks keep their meaning where ubench has the form: the Bench's
 * `setup`/`teardown` and a task's `beforeAll`/`afterAll` (once around a phase of iterations in
 * tinybench 6, dist/index.js) run before and after each ubench sample, untimed. `beforeEach` and
 * `afterEach` run around every single iteration, which ubench's generated loop cannot keep out of
 * the timing, so such a task is refused, naming ubench's per-call state. `run()` measures nothing
 * (ubench measures in its own processes) and resolves to no tasks; `table()` is empty. A task that
 * reports its own duration (`overriddenDuration`) is refused: ubench would time something else.
 */
import { DeclarationError } from '../declaration-error.js';
import { declareForeign, declareRefused, plainBody, refusalMessage, unknownKeys } from './foreign-declare.js';
import { markForeignRun } from './foreign-run.js';
import { type Hook, hookedBody } from './hook-bench.js';

type TaskHook = (this: unknown, mode?: 'run' | 'warmup') => unknown;
type BenchHook = (task?: unknown, mode?: 'run' | 'warmup') => unknown;

export interface FnOptions {
  beforeAll?: TaskHook;
  afterAll?: TaskHook;
  beforeEach?: TaskHook;
  afterEach?: TaskHook;
  async?: boolean;
  retainSamples?: boolean;
  signal?: AbortSignal;
}

export interface BenchOptions {
  name?: string;
  time?: number;
  iterations?: number;
  warmup?: boolean;
  warmupTime?: number;
  warmupIterations?: number;
  setup?: BenchHook;
  teardown?: BenchHook;
  concurrency?: 'task' | 'bench' | null;
  threshold?: number;
  throws?: boolean;
  now?: () => number;
  timestampProvider?: unknown;
  signal?: AbortSignal;
  retainSamples?: boolean;
  subtractTimerOverhead?: boolean;
}

/** Bench options that steer only tinybench's budget, clock or reporting: ubench decides those itself. */
const IGNORED_BENCH_OPTIONS = new Set([
  'name',
  'time',
  'iterations',
  'warmup',
  'warmupTime',
  'warmupIterations',
  'threshold',
  'throws',
  'now',
  'timestampProvider',
  'signal',
  'retainSamples',
  'subtractTimerOverhead',
]);
const KNOWN_BENCH_OPTIONS = new Set([...IGNORED_BENCH_OPTIONS, 'setup', 'teardown', 'concurrency']);
/** Task options: `async` is told by ubench from the returned value; the rest steer tinybench's reporting. */
const KNOWN_TASK_OPTIONS = new Set(['beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'async', 'retainSamples', 'signal']);

/** A task that reports its own duration names one of these keys in its source (tinybench's FnReturnedObject). */
const SELF_TIMED = /\boverridden(?:Duration|IterationCost)\b/;

const PER_CALL_FORM = "write it with ubench's bench(name, { setup, run, state: 'per-call' }), whose setup makes each call's state before the sample, untimed (docs/writing.md)";

/** The task the hooks receive as `this` (tinybench passes its Task): its name only. */
class TaskStandIn {
  constructor(readonly name: string) {}
}

export class Bench extends EventTarget {
  readonly name: string | undefined;
  readonly opts: BenchOptions;
  /** Empty under ubench: tinybench's tasks hold its own measurements. */
  readonly tasks: never[] = [];
  readonly results: never[] = [];
  readonly concurrency: BenchOptions['concurrency'];
  readonly #declared = new Set<string>();

  constructor(options: BenchOptions = {}) {
    super();
    this.opts = { ...options };
    this.name = options.name;
    this.concurrency = options.concurrency ?? null;
  }

  add(name: string, fn: (...args: never[]) => unknown, options?: FnOptions): this {
    if (typeof name !== 'string' || name.trim() === '') throw new DeclarationError('tinybench add() needs a task name');
    if (typeof fn !== 'function') throw new DeclarationError(`tinybench task "${name}": the task must be a function`);
    this.#declared.add(name);
    const group = this.name ?? null;
    const refuse = (feature: string, instead: string): this => {
      declareRefused(name, group, refusalMessage('tinybench', feature, instead));
      return this;
    };
    const unknownBench = unknownKeys(this.opts, KNOWN_BENCH_OPTIONS);
    if (unknownBench.length > 0) return refuse(`the Bench option ${unknownBench.map((k) => `"${k}"`).join(', ')}`, "write the benchmark with ubench's bench() (docs/writing.md)");
    if (this.concurrency != null)
      return refuse(`concurrency: '${this.concurrency}'`, 'ubench measures one call at a time; for concurrent work, start it in the body and return a promise of all of it');
    const unknownTask = unknownKeys(options, KNOWN_TASK_OPTIONS);
    if (unknownTask.length > 0) return refuse(`the task option ${unknownTask.map((k) => `"${k}"`).join(', ')}`, "write the benchmark with ubench's bench() (docs/writing.md)");
    if (SELF_TIMED.test(Function.prototype.toString.call(fn))) {
      return refuse(
        'a task returning overriddenDuration or overriddenIterationCost (a duration it times itself)',
        "ubench times the whole call and does not read a reported duration; write ubench's manual form bench(name, (b) => { for (let i = 0; i < b.n; i++) work(); }), with b.stop()/b.start() around what must not be timed (docs/writing.md)",
      );
    }
    if (options?.beforeEach != null || options?.afterEach != null) {
      return refuse(`${options.beforeEach != null ? 'beforeEach' : 'afterEach'} (run around every iteration, which ubench's loop cannot keep out of the timing)`, PER_CALL_FORM);
    }
    const task = new TaskStandIn(name);
    const before: Hook[] = [];
    const after: Hook[] = [];
    const { setup, teardown } = this.opts;
    if (setup !== undefined) before.push(() => setup(task, 'run'));
    if (options?.beforeAll != null) before.push(() => options.beforeAll!.call(task, 'run'));
    if (options?.afterAll != null) after.push(() => options.afterAll!.call(task, 'run'));
    if (teardown !== undefined) after.push(() => teardown(task, 'run'));
    declareForeign({ api: 'tinybench', name, group, body: hookedBody(plainBody(fn), before, after) });
    return this;
  }

  /** Declared benchmarks stay declared: ubench reads them when the file has loaded. */
  remove(name: string): this {
    if (this.#declared.has(name)) throw new DeclarationError(`tinybench remove("${name}"): ubench cannot take back a declared task; use ubench --filter to choose benchmarks`);
    return this;
  }

  /** Measures nothing (ubench measures the tasks in its own processes): resolves to no tasks. */
  run(): Promise<never[]> {
    markForeignRun('tinybench');
    return Promise.resolve([]);
  }

  runSync(): never[] {
    markForeignRun('tinybench');
    return [];
  }

  reset(): void {}

  /** No rows under ubench: its own report shows the results. */
  table(): never[] {
    return [];
  }

  getTask(): undefined {
    return undefined;
  }

  /** The clock tinybench would use (a file may read it; ubench measures with its own). */
  now(): number {
    return performance.now();
  }
}

/** A task: tinybench's are made by `add()`; under ubench none is, so this is only a type to import. */
export class Task extends EventTarget {
  constructor(readonly name: string) {
    super();
  }
}

/** tinybench's clocks and unit helpers, for files that import them (a clock given as an option is ignored). */
export const now = (): number => performance.now();
export const hrtimeNow = now;
export const mToNs = (ms: number): number => ms * 1e6;
export const nToMs = (ns: number): number => ns / 1e6;
export const formatNumber = (value: number, significantDigits = 5): string => String(Number(value.toPrecision(significantDigits)));
