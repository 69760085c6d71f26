/**
 * How a Benchmark.js 2.x benchmark becomes a ubench benchmark (docs/integrations.md): `setup` and
 * `teardown` (run around every cycle, outside the timed loop) run before and after each ubench
 * sample; `defer: true` becomes a body returning a promise that `deferred.resolve()` settles; a
 * `setup` declaring variables that `fn` reads, and code given as strings, are compiled with `fn`
 * into one scope, as Benchmark.js does (benchmark-js-scope.ts). Options that set Benchmark.js's
 * budget or scheduling are ignored (ubench decides those); event options are listeners
 * (benchmark-js-events.ts); any other option is copied onto the benchmark, as Benchmark.js copies
 * it, for `setup`/`fn`/`teardown` to read as `this.<option>`.
 */
import { DeclarationError } from '../declaration-error.js';
import type { BenchFn } from '../declaration-types.js';
import { type Code, compiledScope, sharesSetupScope } from './benchmark-js-scope.js';
import { declareForeign, declareRefused, plainBody, refusalMessage } from './foreign-declare.js';
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
export const IGNORED_OPTIONS: ReadonlySet<string> = new Set(['async', 'delay', 'initCount', 'maxTime', 'minSamples', 'minTime', 'id', 'queued']);
/** Options with a ubench form (event options are listeners, benchmark-js-events.ts). */
export const MAPPED_OPTIONS: ReadonlySet<string> = new Set(['name', 'fn', 'setup', 'teardown', 'defer']);
const EVENT_OPTION = /^on[A-Z]/;

/** The arguments as Benchmark.js juggles them: (options), (fn, options), (name, options), (name, fn, options). */
export function juggle(name: unknown, fn: unknown, options: unknown): Options {
  if (name !== null && typeof name === 'object') return { ...(name as Options) };
  if (typeof name === 'function') return { ...((fn as Options | undefined) ?? {}), fn: name as AnyFn };
  if (fn !== null && typeof fn === 'object') return { ...(fn as Options), name: name as string };
  return { ...((options as Options | undefined) ?? {}), name: name as string, fn: fn as AnyFn };
}

/** Benchmark.js copies options it does not know onto the benchmark: `setup`/`fn` read them as `this.<option>`. */
function copyOthers(options: Options, self: unknown): void {
  if (self === null || typeof self !== 'object') return;
  for (const [key, value] of Object.entries(options)) {
    if (IGNORED_OPTIONS.has(key) || MAPPED_OPTIONS.has(key) || EVENT_OPTION.test(key) || key in self) continue;
    (self as Record<string, unknown>)[key] = value;
  }
}

/** Declares the benchmark in `suiteName`'s group (null: none), `self` its Benchmark object; returns its ubench ids. */
export function declareBenchmark(options: Options, suiteName: string | null, self: unknown): string[] {
  const name = typeof options.name === 'string' && options.name.trim() !== '' ? options.name : typeof options.fn === 'function' && options.fn.name !== '' ? options.fn.name : null;
  if (name === null) throw new DeclarationError('Benchmark.js: a benchmark without a name (give it a name, as ubench needs one to report it)');
  copyOthers(options, self);
  const fn = options.fn;
  if (typeof fn !== 'function' && typeof fn !== 'string') throw new DeclarationError(`Benchmark.js "${name}": the benchmark needs a function`);
  const { setup, teardown } = options;
  const defer = options.defer === true;
  const anyString = [fn, setup, teardown].some((code) => typeof code === 'string');
  if (anyString || (setup !== undefined && sharesSetupScope(setup, fn))) {
    try {
      return declareForeign({ api: 'benchmark', name, group: suiteName, body: compiledScope(setup, fn, teardown, self, defer) });
    } catch (thrown) {
      if (!(thrown instanceof SyntaxError || thrown instanceof ReferenceError)) throw thrown;
      const feature = `setup, fn and teardown compiled together (${thrown.message})`;
      return declareRefused(name, suiteName, refusalMessage('benchmark', feature, 'the code does not compile; give functions, and declare shared variables in the file, outside setup'));
    }
  }
  const before: Hook[] = typeof setup === 'function' ? [() => setup.call(self as never)] : [];
  const after: Hook[] = typeof teardown === 'function' ? [() => teardown.call(self as never)] : [];
  const call = fn as AnyFn;
  const body: BenchFn = defer
    ? () =>
        new Promise((resolve) => {
          (call as (deferred: { resolve(): void; benchmark: unknown }) => unknown).call(self as never, { resolve: () => resolve(undefined), benchmark: self });
        })
    : plainBody(call);
  return declareForeign({ api: 'benchmark', name, group: suiteName, body: hookedBody(body, before, after) });
}
