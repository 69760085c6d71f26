/**
 * What `require('benchmark')` / `import Benchmark from 'benchmark'` means in a ubench benchmark
 * process (docs/integrations.md), for Benchmark.js 2.x: each `suite.add(name, fn, options)` (and
 * each standalone `new Benchmark(…)` when its `run()` is called) declares a ubench benchmark, in
 * the group the suite's name gives. `setup` and `teardown` (run around every cycle, outside the
 * timed loop) run before and after each ubench sample; `defer: true` becomes a body returning a
 * promise that `deferred.resolve()` settles. A `setup` declaring variables that `fn` reads is
 * compiled with it into one scope, as Benchmark.js does (benchmark-js-scope.ts). Options that only set Benchmark.js's budget are
 * ignored; event handlers never fire, since `run()` measures nothing (ubench measures in its own
 * processes). Code given as strings is compiled the same way, as Benchmark.js does.
 */
import { DeclarationError } from '../declaration-error.js';
import type { BenchFn } from '../types.js';
import { type Code, compiledScope, sharesSetupScope } from './benchmark-js-scope.js';
import { declareForeign, declareRefused, plainBody, refusalMessage, unknownKeys } from './foreign-declare.js';
import { markForeignRun } from './foreign-run.js';
import { type Hook, hookedBody } from './hook-bench.js';

type AnyFn = (...args: never[]) => unknown;

export interface Options {
  name?: string;
  fn?: Code;
  setup?: Code;
  teardown?: Code;
  defer?: boolean;
  async?: boolean;
  [option: string]: unknown;
}

/** Options that steer only Benchmark.js's budget or scheduling: ubench decides those itself. */
const IGNORED = new Set(['async', 'delay', 'initCount', 'maxTime', 'minSamples', 'minTime', 'id', 'queued']);
const MAPPED = new Set(['name', 'fn', 'setup', 'teardown', 'defer']);
/** Event handlers (`onComplete`, `onCycle`, …): they only report Benchmark.js's own run, which does not happen. */
const isHandler = (key: string): boolean => /^on[A-Z]/.test(key);

/** The arguments as Benchmark.js juggles them: (options), (fn, options), (name, options), (name, fn, options). */
function juggle(name: unknown, fn: unknown, options: unknown): Options {
  if (name !== null && typeof name === 'object') return { ...(name as Options) };
  if (typeof name === 'function') return { ...((fn as Options | undefined) ?? {}), fn: name as AnyFn };
  if (fn !== null && typeof fn === 'object') return { ...(fn as Options), name: name as string };
  return { ...((options as Options | undefined) ?? {}), name: name as string, fn: fn as AnyFn };
}

function declareBenchmark(options: Options, suiteName: string | null, self: unknown): void {
  const name = typeof options.name === 'string' && options.name.trim() !== '' ? options.name : typeof options.fn === 'function' && options.fn.name !== '' ? options.fn.name : null;
  if (name === null) throw new DeclarationError('Benchmark.js: a benchmark without a name (give it a name, as ubench needs one to report it)');
  const refuse = (feature: string, instead: string): void => declareRefused(name, suiteName, refusalMessage('benchmark', feature, instead));
  const unknown = unknownKeys(options, new Set([...IGNORED, ...MAPPED])).filter((key) => !isHandler(key));
  if (unknown.length > 0) {
    refuse(`the option ${unknown.map((k) => `"${k}"`).join(', ')}`, "write the benchmark with ubench's bench() (docs/writing.md)");
    return;
  }
  const fn = options.fn;
  if (typeof fn !== 'function' && typeof fn !== 'string') throw new DeclarationError(`Benchmark.js "${name}": the benchmark needs a function`);
  const { setup, teardown } = options;
  const anyString = [fn, setup, teardown].some((code) => typeof code === 'string');
  if (anyString || (setup !== undefined && sharesSetupScope(setup, fn))) {
    if (options.defer === true) {
      refuse(
        'defer: true with code compiled together (a string, or a setup whose variables fn reads)',
        'give fn, setup and teardown as functions and declare shared variables in the file, outside setup',
      );
      return;
    }
    let compiled: ReturnType<typeof compiledScope>;
    try {
      compiled = compiledScope(setup, fn, teardown, self);
    } catch (thrown) {
      refuse(`setup, fn and teardown compiled together (${thrown instanceof Error ? thrown.message : String(thrown)})`, 'declare the variables in the file, outside setup, and give functions');
      return;
    }
    declareForeign({ api: 'benchmark', name, group: suiteName, body: compiled });
    return;
  }
  const before: Hook[] = typeof setup === 'function' ? [() => setup.call(self as never)] : [];
  const after: Hook[] = typeof teardown === 'function' ? [() => teardown.call(self as never)] : [];
  const call = fn as AnyFn;
  const body: BenchFn =
    options.defer === true
      ? () =>
          new Promise((resolve) => {
            (call as (deferred: { resolve(): void; benchmark: unknown }) => unknown)({ resolve: () => resolve(undefined), benchmark: self });
          })
      : plainBody(call);
  declareForeign({ api: 'benchmark', name, group: suiteName, body: hookedBody(body, before, after) });
}

/** What every Benchmark.js object answers under ubench: events never fire, nothing runs. */
class Emitter {
  on(..._args: unknown[]): this {
    return this;
  }
  off(..._args: unknown[]): this {
    return this;
  }
  emit(..._args: unknown[]): this {
    return this;
  }
  abort(..._args: unknown[]): this {
    return this;
  }
  reset(..._args: unknown[]): this {
    return this;
  }
}

/** A suite: `add()` declares, `run()` does nothing; after a run it holds no benchmarks (`filter()`, `map()` give []). */
export class Suite extends Emitter {
  name: string | undefined;
  readonly length = 0;
  readonly options: Options;

  constructor(name?: string | Options, options?: Options) {
    super();
    if (name !== null && typeof name === 'object') this.options = { ...name };
    else {
      this.name = name;
      this.options = { ...(options ?? {}) };
    }
  }

  add(name: unknown, fn?: unknown, options?: unknown): this {
    declareBenchmark(juggle(name, fn, options), this.name ?? null, this);
    return this;
  }

  run(..._options: unknown[]): this {
    markForeignRun('benchmark');
    return this;
  }

  filter(..._by: unknown[]): never[] {
    return [];
  }

  map(..._by: unknown[]): never[] {
    return [];
  }

  forEach(..._fn: unknown[]): this {
    return this;
  }
}

/** A standalone benchmark: declared when its `run()` is called, as Benchmark.js would measure it then. */
export class Benchmark extends Emitter {
  static Suite = Suite;
  static version = '2.1.4';
  static options: Options = {};
  static platform = { description: 'ubench', toString: () => 'ubench' };
  readonly options: Options;
  name: string | undefined;
  #declared = false;

  constructor(name?: unknown, fn?: unknown, options?: unknown) {
    super();
    this.options = juggle(name, fn, options);
    this.name = this.options.name;
  }

  run(..._options: unknown[]): this {
    if (!this.#declared) declareBenchmark(this.options, null, this);
    markForeignRun('benchmark');
    this.#declared = true;
    return this;
  }

  override toString(): string {
    return String(this.name);
  }
}

export default Benchmark;
// `require('benchmark')` gives the constructor itself, as Benchmark.js's own module does.
export { Benchmark as 'module.exports' };
