/**
 * What `import { bench, group, summary, run, … } from 'mitata'` means in a ubench benchmark
 * process (docs/integrations.md), for mitata 1.x. `bench()` returns a builder whose `.args()`,
 * `.range()`, `.dense_range()` and `.baseline()` are chained after it, so a declaration is complete
 * only at the next mitata call (or `run()`, or the end of the file's synchronous code): it is
 * declared then, as ubench benchmarks with the same args (mitata-bodies.ts maps the body forms).
 * A named `group()` is a ubench group; `summary`, `barplot`, `boxplot`, `lineplot` and `compact` only
 * shape mitata's output and just run their function. `.gc('inner')` is refused for its benchmark;
 * `run()` measures nothing and resolves to no benchmarks.
 */
import { group as ubenchGroup } from '../bench.js';
import { DeclarationError } from '../declaration-error.js';
import type { ParamValue } from '../types.js';
import { declareForeign, declareRefused, ForeignFeatureError, refusalMessage } from './foreign-declare.js';
import { markForeignRun } from './foreign-run.js';
import { mitataBody } from './mitata-bodies.js';

type AnyFn = (...args: never[]) => unknown;

/** mitata's flags (the builder's `flags` field). */
export const flags = { compact: 1 << 0, baseline: 1 << 1 };

let sunk: unknown;
/** Keeps a value alive for the optimizer, as mitata's does: here it is stored where later code could read it. */
export function do_not_optimize(value: unknown): void {
  sunk = value;
}
/** The last value given to do_not_optimize (read so that the store is not dead code). */
export const lastKept = (): unknown => sunk;

/** A mitata benchmark being declared: the builder `bench()` returns. */
export class B {
  f: AnyFn;
  _name = '';
  _args: Record<string, unknown[]> = {};
  _gc: boolean | 'once' | 'inner' = 'once';
  flags = 0;
  /** Where the file declared it: a refusal, made later, points there. */
  readonly declaredAt = new Error('declared here');

  constructor(name: string, fn: AnyFn) {
    if (typeof fn !== 'function') throw new DeclarationError('mitata bench(): expected iterator, generator or one-shot function');
    this.f = fn;
    this._name = name;
  }
  name(name: string): this {
    this._name = name;
    return this;
  }
  gc(gc: boolean | 'once' | 'inner' = 'once'): this {
    this._gc = gc;
    return this;
  }
  highlight(): this {
    return this;
  }
  compact(on = true): this {
    this.flags = on ? this.flags | flags.compact : this.flags & ~flags.compact;
    return this;
  }
  baseline(on = true): this {
    this.flags = on ? this.flags | flags.baseline : this.flags & ~flags.baseline;
    return this;
  }
  range(name: string, start: number, end: number, multiplier = 8): this {
    const values: number[] = [];
    for (let v = start; v <= end; v *= multiplier) values.push(Math.min(v, end));
    if (!values.includes(end)) values.push(end);
    return this.args(name, values);
  }
  dense_range(name: string, start: number, end: number, step = 1): this {
    const values: number[] = [];
    for (let v = start; v <= end; v += step) values.push(v);
    if (!values.includes(end)) values.push(end);
    return this.args(name, values);
  }
  /** As mitata: `args([…])` is the parameter `x`, `args(name, […])` one, `args({ … })` several; null removes. */
  args(name: string | unknown[] | Record<string, unknown[] | null> | null, values?: unknown[] | null): this {
    if (name === null) delete this._args['x'];
    else if (Array.isArray(name)) this._args['x'] = name;
    else if (typeof name === 'string' && values === null) delete this._args[name];
    else if (typeof name === 'string' && Array.isArray(values)) this._args[name] = values;
    else if (typeof name === 'object') {
      for (const [key, list] of Object.entries(name)) {
        if (list == null) delete this._args[key];
        else if (Array.isArray(list)) this._args[key] = list;
        else throw new DeclarationError('mitata args(): invalid arguments map value');
      }
    } else throw new DeclarationError('mitata args(): invalid arguments');
    return this;
  }
  /** Measures nothing under ubench (it measures the declared benchmark itself). */
  run(): Promise<{ runs: never[]; alias: string; baseline: boolean; args: Record<string, unknown[]> }> {
    flush();
    return Promise.resolve({ runs: [], alias: this._name, baseline: (this.flags & flags.baseline) !== 0, args: this._args });
  }
}

function declare(b: B): void {
  const keys = Object.keys(b._args);
  // The name as declared, `$arg` placeholders and all: ubench writes the values after it, `sort $size(size=64)`.
  const name = b._name;
  if (b._gc === 'inner') {
    const instead = "ubench times the collections a benchmark causes as part of its cost and reports their share (docs/memory.md); remove .gc('inner')";
    declareRefused(name, null, refusalMessage('mitata', ".gc('inner') (a collection before every sample, outside the timing)", instead), b.declaredAt);
    return;
  }
  if (keys.includes('concurrency')) {
    declareRefused(
      name,
      null,
      refusalMessage('mitata', 'the concurrency argument', 'ubench measures one call at a time; start the concurrent work in the body and return a promise of all of it'),
      b.declaredAt,
    );
    return;
  }
  const args = keys.length === 0 ? undefined : (b._args as Record<string, ParamValue[]>);
  const firstArgs = Object.fromEntries(keys.map((key) => [key, b._args[key]![0] as ParamValue]));
  let body: ReturnType<typeof mitataBody>;
  try {
    body = mitataBody(b.f, args !== undefined, firstArgs);
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    declareRefused(
      name,
      null,
      thrown instanceof DeclarationError || thrown instanceof ForeignFeatureError ? message : `mitata: the generator threw when ubench read what it yields: ${message}`,
      b.declaredAt,
    );
    return;
  }
  declareForeign({ api: 'mitata', name, group: null, body, ...(args === undefined ? {} : { args }), baseline: (b.flags & flags.baseline) !== 0, at: b.declaredAt });
}

let pending: B[] = [];
let flushQueued = false;

/** Declares the benchmarks whose chained calls are over. */
function flush(): void {
  const ready = pending;
  pending = [];
  for (const b of ready) declare(b);
}

export function bench(name: string | AnyFn, fn?: AnyFn): B {
  flush();
  const b = typeof name === 'function' ? new B(name.name || 'anonymous', name) : new B(name, fn as AnyFn);
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

function collection(kind: string, fn: () => unknown, groupName: string | null = null): void {
  if (typeof fn !== 'function') throw new DeclarationError(`mitata ${kind}(): expected a function`);
  flush();
  const body = (): void => {
    const result = fn();
    flush();
    if (result instanceof Promise) throw new DeclarationError(`mitata ${kind}(): an async function is not mapped to ubench; declare the benchmarks synchronously`);
  };
  if (groupName === null) body();
  else ubenchGroup(groupName.replaceAll('#', '-'), body);
}

/** A named group is a ubench group; an unnamed one just runs its function. */
export function group(name: string | (() => unknown), fn?: () => unknown): void {
  if (typeof name === 'function') collection('group', name);
  else collection('group', fn!, name);
}
export const summary = (fn: () => unknown): void => collection('summary', fn);
export const barplot = (fn: () => unknown): void => collection('barplot', fn);
export const boxplot = (fn: () => unknown): void => collection('boxplot', fn);
export const lineplot = (fn: () => unknown): void => collection('lineplot', fn);
export const compact = (fn: () => unknown): void => collection('compact', fn);

/** Measures nothing: ubench measures the declared benchmarks in its own processes. */
export function run(_options?: unknown): Promise<{ context: Record<string, unknown>; benchmarks: never[] }> {
  flush();
  markForeignRun('mitata');
  return Promise.resolve({ context: { runtime: 'ubench' }, benchmarks: [] });
}

/** mitata's measure() times a function on the spot: not mapped. */
export function measure(): never {
  throw new DeclarationError("mitata's measure() measures on the spot, which ubench does not do inside a bench file; declare the function with bench() instead");
}
