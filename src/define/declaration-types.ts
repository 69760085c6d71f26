/**
 * Public types of the declaration API (`bench`, `group`). Declaring never measures anything: it
 * records benchmarks into the registry, which the engine reads after the bench file is imported.
 */
import type { ParamValue } from '../results/types.js';

export type { ParamValue };

/** Parameter values of one benchmark instance, e.g. `{ size: 100 }`. */
export type Params = Readonly<Record<string, ParamValue>>;

/**
 * Handle given to a manual-loop benchmark, Go `testing.B` style: run the work `b.n` times.
 * The timer runs from the call until it returns; `b.stop()` pauses it and `b.start()` resumes it, to
 * exclude per-sample preparation from the measurement.
 */
export interface BenchContext {
  /** How many times to run the work in this call. */
  readonly n: number;
  /** Parameter values of this instance (from `args`). */
  readonly args: Params;
  /** Resume the timer (no-op if it runs). */
  start(): void;
  /** Pause the timer (no-op if it is paused). */
  stop(): void;
}

/** A benchmark body called once per iteration; its return value is consumed so it cannot be dropped. */
export type BenchFn = () => unknown;

/** `options.args`: the values of each parameter. */
export type DeclaredArgs = Readonly<Record<string, readonly ParamValue[] | string>>;

/** The params object of one instance, typed from the declared args: `{ size: [10, 100] }` → `{ size: 10 | 100 }`. */
export type ArgsOf<A extends DeclaredArgs> = { readonly [K in keyof A]: A[K] extends readonly ParamValue[] ? A[K][number] : number };

/** A benchmark body called once per iteration with this instance's declared args, e.g. `({ size }) => work(size)`. */
export type ParamsBenchFn<P = Params> = (params: P) => unknown;

/** A benchmark that runs its own loop of `b.n` iterations. */
export type ManualBenchFn = (b: BenchContext) => unknown;

/**
 * A benchmark with untimed preparation: `setup(args)` runs before every sample (outside the timed
 * region) and its value is passed to each `run(state, args)` call of that sample; `teardown(state,
 * args)` runs after the sample. Any of them may be async.
 */
export interface SetupBench<S = unknown> {
  setup?: (args: Params) => S | Promise<S>;
  run: (state: S, args: Params) => unknown;
  teardown?: (state: S, args: Params) => unknown;
  /**
   * `'per-sample'` (default): one state per sample, shared by its calls — right for a body that only
   * reads its state. `'per-call'`: every call gets a state of its own, for a body that consumes or
   * changes it (`a.sort()`, `q.shift()`); the states are made before each sample, untimed, in chunks
   * that fit in memory, and each chunk costs two clock reads (stated in the results).
   */
  state?: 'per-sample' | 'per-call';
}

export interface BenchOptions {
  /**
   * One benchmark per combination (cartesian product), e.g. `{ size: [10, 100], kind: ['a', 'b'] }`.
   * A list may be a range: `range(1000, 1e6, 4)` or the string `'1000..1e6:x4'`.
   */
  args?: DeclaredArgs;
  /** Mark as the reference of its group for relative speed (default: the fastest). */
  baseline?: boolean;
  /**
   * Bytes of working set per unit of the size parameter (8 for a Float64Array of n elements): lets
   * the complexity analysis name the cache level a cliff in the cost per element crossed.
   */
  bytesPerItem?: number;
}

/** How the engine must drive a declared benchmark; `params` is the plain loop calling `body(params)`. */
export type BodyKind = 'plain' | 'params' | 'manual' | 'setup';

/** One benchmark instance as recorded by `bench()` (one per parameter combination). */
export interface DeclaredBenchmark {
  id: string;
  name: string;
  baseName: string;
  file: string;
  group: string | null;
  params: Params;
  baseline: boolean;
  /** The `bytesPerItem` option, or null. */
  bytesPerItem: number | null;
  kind: BodyKind;
  /** plain, params: the body; manual: the loop function; setup: `run`. */
  body: (...args: never[]) => unknown;
  setup: ((args: Params) => unknown) | null;
  teardown: ((state: unknown, args: Params) => unknown) | null;
  /** `state: 'per-call'`: every call gets a fresh state from setup (absent or false: one state per sample). */
  statePerCall?: boolean;
  /** A full collection outside the timing before every sample or once before the first, and who asked (a foreign file's option; absent: none). */
  forcedGc?: { mode: 'every-sample' | 'once'; by: string };
}
