/**
 * What `import { Bench } from 'tinybench'` means in a ubench benchmark process
 * (docs/integrations.md), for tinybench 6: each `bench.add(name, fn, options)` declares a ubench
 * benchmark, in the group the Bench's `name` gives. Hooks keep their meaning where ubench has the
 * form: the Bench's `setup`/`teardown` and a task's `beforeAll`/`afterAll` (once around a phase of
 * iterations) run before and after each ubench sample, untimed; `beforeEach`/`afterEach` (around
 * every iteration) make a manual loop that stops the clock around them. `run()` measures the
 * Bench's tasks there and then (foreign-run.ts) and resolves with them, each `task.result` filled
 * from ubench's figures (tinybench-task.ts), so `table()`, `results` and the code after `run()`
 * see what they would under tinybench. A task that reports its own duration (`overriddenDuration`)
 * and `concurrency: 'task'` are refused: ubench would time something else.
 */
import { DeclarationError } from '../declaration-error.js';
import { declareForeign, declareRefused, plainBody, refusalMessage, unknownKeys, withdrawDeclared } from './foreign-declare.js';
import { type ForeignOutcome, knownForeign, runForeign } from './foreign-run.js';
import { type Hook, hookedBody, perCallHooked } from './hook-bench.js';
import { BenchEvent, RUNTIME, Task, type TaskOwner, tableRow } from './tinybench-task.js';
import { hrtimeNowTimestampProvider, now, performanceNowTimestampProvider } from './tinybench-units.js';

export { BenchEvent, formatNumber, Task } from './tinybench-task.js';
export {
  calibrateTimerOverhead,
  classifyTimerSaturation,
  detectTimerSaturation,
  estimateResolution,
  hrtimeNow,
  hrtimeNowTimestampProvider,
  medianAbsoluteDeviation,
  mToNs,
  now,
  nToMs,
  performanceNowTimestampProvider,
} from './tinybench-units.js';

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

/**
 * Bench options ubench has its own form for or need not read: the budget (`time`, `iterations`,
 * `warmup*`), the clock (`now`, `timestampProvider`, `subtractTimerOverhead`: ubench reads its
 * clock once per batch), `threshold` (only with `concurrency: 'task'`), `signal` (every declared
 * task is measured), `concurrency: 'bench'` (ubench measures one task at a time).
 */
const IGNORED_BENCH_OPTIONS = new Set(['time', 'iterations', 'warmup', 'warmupTime', 'warmupIterations', 'threshold', 'now', 'timestampProvider', 'signal', 'subtractTimerOverhead']);
/** Bench options mapped to ubench's forms. */
const MAPPED_BENCH_OPTIONS = new Set(['name', 'setup', 'teardown', 'concurrency', 'throws', 'retainSamples']);
const KNOWN_BENCH_OPTIONS = new Set([...IGNORED_BENCH_OPTIONS, ...MAPPED_BENCH_OPTIONS]);
/** Task options: the hooks and `retainSamples` are mapped; `async` is told by ubench from the returned value; `signal` is not read. */
const KNOWN_TASK_OPTIONS = new Set(['beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'async', 'retainSamples', 'signal']);

/** A task that reports its own duration names one of these keys in its source (tinybench's FnReturnedObject). */
const SELF_TIMED = /\boverridden(?:Duration|IterationCost)\b/;

export class Bench extends EventTarget implements TaskOwner {
  readonly name: string | undefined;
  /** The options as given (older tinybench versions exposed them). */
  readonly opts: BenchOptions;
  readonly concurrency: BenchOptions['concurrency'];
  readonly iterations: number;
  readonly time: number;
  readonly warmup: boolean;
  readonly warmupTime: number;
  readonly warmupIterations: number;
  readonly threshold: number;
  readonly throws: boolean;
  readonly retainSamples: boolean;
  readonly subtractTimerOverhead: boolean;
  readonly signal: AbortSignal | undefined;
  readonly runtime = RUNTIME.name;
  readonly runtimeVersion = RUNTIME.version;
  readonly timestampProvider: { name: string; fn: () => number; toMs(value: number): number; fromMs(value: number): number };
  readonly timerOverhead: number | undefined = undefined;
  readonly setup: BenchHook;
  readonly teardown: BenchHook;
  readonly #tasks = new Map<string, Task>();

  constructor(options: BenchOptions = {}) {
    super();
    this.opts = { ...options };
    this.name = options.name;
    this.concurrency = options.concurrency ?? null;
    this.iterations = options.iterations ?? 64;
    this.time = options.time ?? 1000;
    this.warmup = options.warmup ?? true;
    this.warmupTime = options.warmupTime ?? 250;
    this.warmupIterations = options.warmupIterations ?? 16;
    this.threshold = options.threshold ?? Number.POSITIVE_INFINITY;
    this.throws = options.throws === true;
    this.retainSamples = options.retainSamples === true;
    this.subtractTimerOverhead = options.subtractTimerOverhead === true;
    this.signal = options.signal;
    this.setup = options.setup ?? (() => undefined);
    this.teardown = options.teardown ?? (() => undefined);
    const custom = typeof options.now === 'function' ? { name: 'custom', fn: options.now, toMs: (v: number) => v, fromMs: (v: number) => v } : null;
    this.timestampProvider = custom ?? (options.timestampProvider === 'hrtimeNow' ? hrtimeNowTimestampProvider : performanceNowTimestampProvider);
  }

  /** tinybench's clock (a file may read it; ubench measures with its own). */
  readonly now = (): number => now();

  get tasks(): Task[] {
    return [...this.#tasks.values()];
  }

  get results(): Task['result'][] {
    return this.tasks.map((task) => task.result);
  }

  add(name: string, fn: (...args: never[]) => unknown, options?: FnOptions): this {
    if (typeof name !== 'string' || name.trim() === '') throw new DeclarationError('tinybench add() needs a task name');
    if (typeof fn !== 'function') throw new DeclarationError(`tinybench task "${name}": the task must be a function`);
    if (this.#tasks.has(name)) throw new DeclarationError(`tinybench: task "${name}" already exists`);
    const task = new Task(this, name, options?.retainSamples);
    task.ids = this.#declare(task, fn, options);
    this.#tasks.set(name, task);
    this.dispatchEvent(new BenchEvent('add', task));
    return this;
  }

  /** Declares the task as a ubench benchmark (or a refused one); its ids. */
  #declare(task: Task, fn: (...args: never[]) => unknown, options: FnOptions | undefined): string[] {
    const name = task.name;
    const group = this.name ?? null;
    const refuse = (feature: string, instead: string): string[] => declareRefused(name, group, refusalMessage('tinybench', feature, instead));
    const unknownBench = unknownKeys(this.opts, KNOWN_BENCH_OPTIONS);
    if (unknownBench.length > 0) return refuse(`the Bench option ${unknownBench.map((k) => `"${k}"`).join(', ')}`, "write the benchmark with ubench's bench() (docs/writing.md)");
    if (this.concurrency === 'task')
      return refuse("concurrency: 'task' (a task's calls running at once)", 'ubench measures one call at a time; for concurrent work, start it in the body and return a promise of all of it');
    const unknownTask = unknownKeys(options, KNOWN_TASK_OPTIONS);
    if (unknownTask.length > 0) return refuse(`the task option ${unknownTask.map((k) => `"${k}"`).join(', ')}`, "write the benchmark with ubench's bench() (docs/writing.md)");
    if (SELF_TIMED.test(Function.prototype.toString.call(fn))) {
      return refuse(
        'a task returning overriddenDuration or overriddenIterationCost (a duration it times itself)',
        "ubench times the whole call and does not read a reported duration; write ubench's manual form bench(name, (b) => { for (let i = 0; i < b.n; i++) work(); }), with b.stop()/b.start() around what must not be timed (docs/writing.md)",
      );
    }
    // What tinybench passes its hooks: the task and the phase (always 'run': ubench's warm-up and samples alike).
    const self = task;
    const { setup, teardown } = this.opts;
    const before: Hook[] = [];
    const after: Hook[] = [];
    if (setup !== undefined) before.push(() => setup(self, 'run'));
    if (options?.beforeAll != null) before.push(() => options.beforeAll!.call(self, 'run'));
    if (options?.afterAll != null) after.push(() => options.afterAll!.call(self, 'run'));
    if (teardown !== undefined) after.push(() => teardown(self, 'run'));
    const { beforeEach, afterEach } = options ?? {};
    if (beforeEach == null && afterEach == null) return declareForeign({ api: 'tinybench', name, group, body: hookedBody(plainBody(fn), before, after) });
    const each = (hook: TaskHook | undefined): Hook | undefined => (hook == null ? undefined : () => hook.call(self, 'run'));
    return declareForeign({ api: 'tinybench', name, group, body: perCallHooked(fn as () => unknown, each(beforeEach), each(afterEach), before, after) });
  }

  getTask(name: string): Task | undefined {
    return this.#tasks.get(name);
  }

  /** Removes the task; one not measured yet is not measured at all (as tinybench would not run it). */
  remove(name: string): this {
    const task = this.#tasks.get(name);
    if (task === undefined) return this;
    this.#tasks.delete(name);
    withdrawDeclared(task.ids);
    this.dispatchEvent(new BenchEvent('remove', task));
    return this;
  }

  reset(): void {
    for (const task of this.#tasks.values()) task.reset();
    this.dispatchEvent(new BenchEvent('reset'));
  }

  /** Measures the tasks (ubench measures each once per process) and resolves with them, their results filled. */
  run(): Promise<Task[]> {
    return this.runTasks(this.tasks);
  }

  async runTasks(tasks: readonly Task[]): Promise<Task[]> {
    if (this.warmup) this.dispatchEvent(new BenchEvent('warmup'));
    this.dispatchEvent(new BenchEvent('start'));
    for (const task of tasks) task.started();
    const outcomes = await runForeign(
      'tinybench',
      tasks.flatMap((t) => t.ids),
    );
    return this.#settle(tasks, outcomes);
  }

  /** tinybench's synchronous run: ubench cannot measure synchronously, so the tasks hold what is known (docs/integrations.md). */
  runSync(): Task[] {
    return this.knownTasks(this.tasks);
  }

  knownTasks(tasks: readonly Task[]): Task[] {
    this.dispatchEvent(new BenchEvent('start'));
    return this.#settle(
      tasks,
      knownForeign(
        'tinybench',
        tasks.flatMap((t) => t.ids),
      ),
    );
  }

  #settle(tasks: readonly Task[], outcomes: ReadonlyMap<string, ForeignOutcome>): Task[] {
    let firstError: Error | null = null;
    for (const task of tasks) {
      const outcome = outcomes.get(task.ids[0] ?? '') ?? { state: 'elsewhere' as const, why: 'not declared' };
      const error = task.settle(outcome);
      firstError ??= error;
    }
    this.dispatchEvent(new BenchEvent('complete'));
    // tinybench's `throws: true`: a failed task's error ends the run (here after every task is filled).
    if (this.throws && firstError !== null) throw firstError;
    return [...tasks];
  }

  /** tinybench's table: one row per task, from `convert` (default: its own columns). */
  table(convert: (task: Task) => Record<string, unknown> = tableRow): (Record<string, unknown> | null)[] {
    return this.tasks.map(convert);
  }
}
