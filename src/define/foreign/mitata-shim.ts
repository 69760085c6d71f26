/**
 * What `import { bench, group, summary, run, … } from 'mitata'` means in a ubench benchmark
 * process (docs/integrations.md), for mitata 1.x. `bench()` returns a builder (mitata-builder.ts)
 * whose chained calls complete it at the next mitata call (or `run()`, or the end of the file's
 * synchronous code): it is declared then. A named `group()` is a ubench group; `summary`,
 * `barplot`, `boxplot`, `lineplot` and `compact` only shape mitata's output and just run their
 * function (awaited when it is async, as mitata does). `run()` measures the benchmarks declared
 * since the last `run()` there and then (foreign-run.ts) and resolves to mitata's `{ layout,
 * context, benchmarks }` filled from ubench's figures (mitata-results.ts).
 */
import { DeclarationError } from '../declaration-error.js';
import { getRegistry } from '../registry.js';
import { withdrawDeclared } from './foreign-declare.js';
import { type ForeignOutcome, runForeign } from './foreign-run.js';
import { B, flags, setBuilderFlush } from './mitata-builder.js';
import { type MitataTrial, nanStats } from './mitata-results.js';

export { B, flags } from './mitata-builder.js';

type AnyFn = (...args: never[]) => unknown;

let sunk: unknown;
/** Keeps a value alive for the optimizer, as mitata's does: here it is stored where later code could read it. */
export function do_not_optimize(value: unknown): void {
  sunk = value;
}
/** The last value given to do_not_optimize (read so that the store is not dead code). */
export const lastKept = (): unknown => sunk;

/** mitata's collections (its run()'s `layout`): each group or plot opens one, and one for what follows it. */
interface Collection {
  name: string | null;
  types: string[];
}
let collections: Collection[] = [{ name: null, types: [] }];
/** Flags every builder made now starts with (`compact(fn)` sets one for its function). */
let startFlags = 0;
/** Builders whose chained calls may not be over. */
let pending: B[] = [];
/** Builders declared since the last run(): the next run() measures them. */
let trials: B[] = [];
let flushQueued = false;

/** Declares the builders whose chained calls are over, in the group open now. */
function flush(): void {
  const ready = pending;
  pending = [];
  for (const b of ready) {
    // Inside the group open now (a named group() is pushed on the registry's stack).
    b.declare();
    trials.push(b);
  }
}
setBuilderFlush(flush);

export function bench(name: string | AnyFn, fn?: AnyFn): B {
  flush();
  const b = typeof name === 'function' ? new B(name.name || 'anonymous', name, startFlags) : new B(name, fn as AnyFn, startFlags);
  b._group = collections.length - 1;
  pending.push(b);
  if (!flushQueued) {
    flushQueued = true;
    // The file's synchronous code (and every chained call) is over by the next microtask.
    queueMicrotask(() => {
      flushQueued = false;
      flush();
    });
  }
  return b;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

/**
 * Runs a collection's function with its ubench group open (a named group only), mitata's layout
 * entry made; an async function keeps the group open until it settles, as mitata awaits it.
 */
function collection(kind: string, type: string, fn: () => unknown, groupName: string | null = null): void | Promise<void> {
  if (typeof fn !== 'function') throw new DeclarationError(`mitata ${kind}(): expected a function`);
  if (groupName !== null && (groupName.trim() === '' || typeof groupName !== 'string')) throw new DeclarationError(`mitata ${kind}(): a group name must be a non-empty string`);
  flush();
  const last = collections[collections.length - 1]!;
  collections.push({ name: groupName ?? last.name, types: [type, ...last.types] });
  const registry = getRegistry();
  if (groupName !== null) registry.groups.push(groupName.replaceAll('#', '-'));
  const close = (): void => {
    flush();
    if (groupName !== null) registry.groups.pop();
    collections.push({ name: last.name, types: last.types });
  };
  let result: unknown;
  try {
    result = fn();
  } catch (thrown) {
    close();
    throw thrown;
  }
  if (!isThenable(result)) {
    close();
    return;
  }
  return Promise.resolve(result).then(close, (thrown: unknown) => {
    close();
    throw thrown;
  });
}

/** A named group is a ubench group; an unnamed one just runs its function. */
export function group(name: string | (() => unknown), fn?: () => unknown): void | Promise<void> {
  return typeof name === 'function' ? collection('group', 'g', name) : collection('group', 'g', fn!, name);
}
export const summary = (fn: () => unknown): void | Promise<void> => collection('summary', 's', fn);
export const barplot = (fn: () => unknown): void | Promise<void> => collection('barplot', 'b', fn);
export const boxplot = (fn: () => unknown): void | Promise<void> => collection('boxplot', 'x', fn);
export const lineplot = (fn: () => unknown): void | Promise<void> => collection('lineplot', 'l', fn);

/** Builders made inside `fn` start compact (mitata's compact rows; ubench's table has one layout). */
export function compact(fn: () => unknown): void | Promise<void> {
  const before = startFlags;
  startFlags |= flags.compact;
  const result = fn();
  if (!isThenable(result)) {
    startFlags = before;
    return;
  }
  return Promise.resolve(result).then(() => {
    startFlags = before;
  });
}

export interface RunOptions {
  filter?: RegExp;
  throw?: boolean;
  observe?: (trial: MitataTrial) => MitataTrial;
  format?: unknown;
  print?: (text: string) => unknown;
  colors?: boolean;
}

/** What mitata's context says of the machine, as far as this process can tell without its probes. */
function contextOf(started: number): Record<string, unknown> {
  const proc = (globalThis as { process?: { arch?: string; platform?: string; version?: string; versions?: Record<string, string> } }).process;
  const runtime = proc?.versions?.['bun'] !== undefined ? 'bun' : proc?.versions?.['deno'] !== undefined ? 'deno' : proc?.versions?.['node'] !== undefined ? 'node' : 'browser';
  const noop = nanStats('fn');
  return {
    now: started,
    arch: proc?.arch === undefined ? null : `${proc.arch}-${proc.platform}`,
    version: proc?.version ?? null,
    runtime,
    cpu: { name: null, freq: Number.NaN },
    noop: { fn: noop, iter: { ...noop, kind: 'iter' }, fn_gc: noop },
  };
}

/** The first run's error of the trials, as mitata throws it with `throw: true`. */
function firstError(benchmarks: readonly MitataTrial[]): unknown {
  for (const trial of benchmarks) for (const run of trial.runs) if (run.error !== undefined) return run.error;
  return undefined;
}

/**
 * Measures the benchmarks declared since the last run() (those whose name `filter` matches; the
 * others are not measured at all) and resolves to mitata's result. mitata prints its own table
 * (`format`, `print`, `colors`); under ubench, ubench's report is the output.
 */
export async function run(options: RunOptions = {}): Promise<{ layout: Collection[]; context: Record<string, unknown>; benchmarks: MitataTrial[] }> {
  const started = Date.now();
  flush();
  const taken = trials;
  trials = [];
  const layout = collections;
  collections = [{ name: null, types: [] }];
  const filter = options.filter instanceof RegExp ? options.filter : null;
  const chosen = filter === null ? taken : taken.filter((b) => filter.test(b._name));
  const skipped = taken.filter((b) => !chosen.includes(b));
  if (skipped.length > 0) withdrawDeclared(skipped.flatMap((b) => b.ids));
  const outcomes: ReadonlyMap<string, ForeignOutcome> = await runForeign(
    'mitata',
    chosen.flatMap((b) => b.ids),
  );
  const observe = typeof options.observe === 'function' ? options.observe : (trial: MitataTrial) => trial;
  const benchmarks = chosen.map((b) => observe(b.trial(outcomes)));
  const error = options.throw === true ? firstError(benchmarks) : undefined;
  if (error !== undefined) throw error;
  return { layout, context: contextOf(started), benchmarks };
}

/** mitata's measure() times a function on the spot, outside any benchmark: not mapped. */
export function measure(): never {
  throw new DeclarationError("mitata's measure() times a function on the spot, outside any declared benchmark, which ubench does not do; declare the function with bench() instead");
}
