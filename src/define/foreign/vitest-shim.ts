/**
 * What `import { bench, describe } from 'vitest'` means in a ubench benchmark process
 * (docs/integrations.md): vitest's benchmark API (vitest 1 to 4) declaring ubench benchmarks.
 * `describe(name, fn)` is a ubench group; `bench(name, fn, options)` a benchmark whose `setup` and
 * `teardown` options run before and after each sample, outside the timing (vitest runs them around
 * each tinybench task cycle). Options that only set vitest's budget are ignored: ubench decides how
 * long to measure. Anything else is refused for that benchmark, naming the ubench form.
 */
import { group } from '../bench.js';
import { DeclarationError } from '../declaration-error.js';
import { declareForeign, declareRefused, plainBody, refusalMessage, unknownKeys } from './foreign-declare.js';
import { type Hook, hookedBody } from './hook-bench.js';

/** vitest's bench options (tinybench's), as its documentation lists them. */
export interface BenchOptions {
  time?: number;
  iterations?: number;
  now?: () => number;
  signal?: AbortSignal;
  throws?: boolean;
  warmupTime?: number;
  warmupIterations?: number;
  setup?: (task?: unknown, mode?: 'run' | 'warmup') => unknown;
  teardown?: (task?: unknown, mode?: 'run' | 'warmup') => unknown;
}

export type BenchFunction = () => unknown;

/** Options that steer only vitest's own runner (its budget, its clock, its error handling): ubench ignores them. */
const IGNORED_OPTIONS = new Set(['time', 'iterations', 'warmupTime', 'warmupIterations', 'now', 'signal', 'throws']);
const HOOK_OPTIONS = new Set(['setup', 'teardown']);
const KNOWN_OPTIONS = new Set([...IGNORED_OPTIONS, ...HOOK_OPTIONS]);
/** What the hooks receive in place of vitest's task: its name (the rest of a task is vitest's runner state). */
const taskOf = (name: string): { name: string } => ({ name });

function declare(name: string, fn: BenchFunction | undefined, options: BenchOptions | undefined): void {
  if (typeof name !== 'string' || name.trim() === '') throw new DeclarationError("vitest's bench() needs a name as its first argument");
  if (fn === undefined) return; // bench(name) without a body is a todo in vitest
  if (typeof fn !== 'function') throw new DeclarationError(`vitest bench "${name}": the body must be a function`);
  const unknown = unknownKeys(options, KNOWN_OPTIONS);
  if (unknown.length > 0) {
    declareRefused(
      name,
      null,
      refusalMessage('vitest', `the option ${unknown.map((k) => `"${k}"`).join(', ')}`, "write the benchmark with ubench's bench(name, { setup, run, teardown }) (docs/writing.md)"),
    );
    return;
  }
  const task = taskOf(name);
  const before: Hook[] = options?.setup === undefined ? [] : [() => options.setup!(task, 'run')];
  const after: Hook[] = options?.teardown === undefined ? [] : [() => options.teardown!(task, 'run')];
  declareForeign({ api: 'vitest', name, group: null, body: hookedBody(plainBody(fn), before, after) });
}

interface VitestBench {
  (name: string, fn?: BenchFunction, options?: BenchOptions): void;
  skip(name: string, fn?: BenchFunction, options?: BenchOptions): void;
  only(name: string, fn?: BenchFunction, options?: BenchOptions): void;
  todo(name: string, fn?: BenchFunction, options?: BenchOptions): void;
}

/** `bench.only` declares its benchmark like `bench` (select with `ubench --filter`); `skip` and `todo` declare nothing. */
export const bench: VitestBench = Object.assign((name: string, fn?: BenchFunction, options?: BenchOptions) => declare(name, fn, options), {
  skip: () => undefined,
  only: (name: string, fn?: BenchFunction, options?: BenchOptions) => declare(name, fn, options),
  todo: () => undefined,
});

interface VitestDescribe {
  (name: string, fn?: () => void): void;
  skip(name: string, fn?: () => void): void;
  only(name: string, fn?: () => void): void;
  todo(name: string, fn?: () => void): void;
}

function describeGroup(name: string, fn?: () => void): void {
  if (fn === undefined) return;
  group(typeof name === 'string' ? name.replaceAll('#', '-') : name, fn);
}

/** `describe(name, fn)`: a ubench group (nested describes join their names with `/`). */
export const describe: VitestDescribe = Object.assign(describeGroup, { skip: () => undefined, only: describeGroup, todo: () => undefined });
export const suite = describe;

/** vitest's suite hooks: no ubench form keeps their order with the benchmarks, so a file using one is refused as a whole. */
function suiteHook(hook: string): (fn?: unknown) => never {
  return () => {
    throw new DeclarationError(
      `vitest's ${hook}() is not mapped to ubench: give each bench the preparation it needs as its setup option (run before every sample, untimed), or write it with ubench's bench(name, { setup, run, teardown })`,
    );
  };
}
export const beforeAll = suiteHook('beforeAll');
export const afterAll = suiteHook('afterAll');
export const beforeEach = suiteHook('beforeEach');
export const afterEach = suiteHook('afterEach');
