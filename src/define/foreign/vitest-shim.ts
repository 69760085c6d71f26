/**
 * What `import { bench, describe } from 'vitest'` means in a ubench benchmark process
 * (docs/integrations.md): vitest's benchmark API (vitest 1 to 4) declaring ubench benchmarks, and
 * what a project with `test.globals: true` finds on the global object (vitest-globals.ts installs
 * these there). `describe` is a ubench group, `bench` a benchmark; both chain `skip`/`only`/`todo`
 * and take `skipIf`/`runIf`/`each`/`for` as vitest's do (`describe` also `concurrent`, `sequential`
 * and `shuffle`, which mean nothing for a measurement). The file is collected first and declared
 * once its synchronous code is over (vitest-collect.ts), so `.only` and hooks anywhere in it count.
 */
import { DeclarationError } from '../declaration-error.js';
import { type Collection, currentCollection, noteIgnored } from './vitest-collect.js';
import { type BenchFunction, type BenchOptions, type HookFn, type HookName, type Mode, newSuite, type SuiteNode } from './vitest-suite.js';
import { formatTitle, tableCases } from './vitest-title.js';

export type { BenchFunction, BenchOptions } from './vitest-suite.js';

type Flag = 'skip' | 'only' | 'todo' | 'concurrent' | 'sequential' | 'shuffle';
type Flags = Partial<Record<Flag, boolean>>;
type SuiteFactory = (...args: never[]) => unknown;
/** describe's options object (its second or third argument). */
type SuiteOptions = Partial<Record<Flag | 'timeout' | 'retry' | 'repeats' | 'fails', unknown>> & Record<string, unknown>;
/** Options of describe that only steer vitest's runner (order, retries, time limits): ignored, with a note. */
const RUNNER_ONLY = ['concurrent', 'sequential', 'shuffle'] as const;

/** vitest's name of a describe or bench given as a function or class (its name) or any other value. */
function formatName(name: unknown): string {
  if (typeof name === 'string') return name;
  if (typeof name === 'function') return name.name === '' ? '<anonymous>' : name.name;
  return String(name);
}

/** A chain's mode as vitest settles it: `only` over `skip` over `todo`. */
const modeOf = (flags: Flags): Mode => (flags.only === true ? 'only' : flags.skip === true ? 'skip' : flags.todo === true ? 'todo' : 'run');

/** vitest's argument order: `(name, fn, options | timeout)` or `(name, options, fn)`. */
function suiteArguments(what: string, a: unknown, b: unknown): { options: SuiteOptions; handler: SuiteFactory | undefined } {
  if (typeof a === 'function') {
    if (typeof b === 'function') throw new DeclarationError(`vitest ${what}: two functions given; the options go second or third, as an object`);
    return { handler: a as SuiteFactory, options: typeof b === 'object' && b !== null ? (b as SuiteOptions) : typeof b === 'number' ? { timeout: b } : {} };
  }
  if (typeof a === 'object' && a !== null) return { options: a as SuiteOptions, handler: typeof b === 'function' ? (b as SuiteFactory) : undefined };
  return { options: {}, handler: undefined };
}

function declareSuite(flags: Flags, rawName: unknown, a?: unknown, b?: unknown): void {
  const c = currentCollection();
  const name = formatName(rawName);
  const { options, handler } = suiteArguments(`describe "${name}"`, a, b);
  const merged: Flags = { ...flags };
  for (const key of ['skip', 'only', 'todo', ...RUNNER_ONLY] as const) if (options[key] === true) merged[key] = true;
  for (const key of RUNNER_ONLY) if (merged[key] === true) noteIgnored(c, `describe.${key}`);
  for (const key of Object.keys(options)) if (!['skip', 'only', 'todo', ...RUNNER_ONLY].includes(key) && options[key] !== undefined) noteIgnored(c, `describe's option "${key}"`);
  let mode = modeOf(merged);
  if (mode === 'run' && handler === undefined) mode = 'todo';
  // Its function runs later, as in vitest: once the file's synchronous code is over (vitest-collect.ts).
  c.current.children.push(newSuite(name, mode, c.current, handler ?? null));
}

function declareBench(flags: Flags, rawName: unknown, fn?: unknown, options?: unknown): void {
  const c = currentCollection();
  const name = formatName(rawName);
  if (fn !== undefined && typeof fn !== 'function') throw new DeclarationError(`vitest bench "${name}": the body must be a function`);
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new DeclarationError(`vitest bench "${name}": the options must be an object`);
  c.current.children.push({
    kind: 'bench',
    name,
    mode: modeOf(flags),
    parent: c.current,
    fn: fn as BenchFunction | undefined,
    options: options as BenchOptions | undefined,
    declared: null,
    noted: false,
  });
}

/** The cases of `each`/`for`: an array, or a template table's rows. */
function casesOf(what: string, cases: unknown, values: unknown[], c: Collection): unknown[] {
  if (!Array.isArray(cases)) throw new DeclarationError(`vitest ${what}: the cases must be an array or a template table, got ${cases === null ? 'null' : typeof cases}`);
  if (values.length === 0) return cases;
  const table = tableCases(cases as string[], values);
  c.leftoverCells += table.leftover;
  return table.cases;
}

/**
 * `each(cases)(name, …)`: one declaration per case, named by `formatTitle`; the function gets the
 * case's elements (when every case is an array) or the case. `for` always gives the case itself.
 */
function eachOf(what: string, spread: boolean, declareOne: (title: string, args: readonly unknown[], a: unknown, b: unknown) => void) {
  return (cases: unknown, ...values: unknown[]) => {
    const list = casesOf(what, cases, values, currentCollection());
    const arrays = spread && list.every(Array.isArray);
    return (name: unknown, a?: unknown, b?: unknown): void => {
      const template = formatName(name);
      list.forEach((item, index) => {
        const items = Array.isArray(item) ? item : [item];
        declareOne(formatTitle(template, items, index), arrays ? items : [item], a, b);
      });
    };
  };
}

/**
 * The body of one case: `fn` called with the case's values. A closure rather than `fn.bind(…)`:
 * the engine reads the JIT tier of a plain function, and the common case sizes spread nothing per call.
 */
function bound(fn: unknown, args: readonly unknown[]): unknown {
  if (typeof fn !== 'function') return fn;
  const f = fn as (...a: unknown[]) => unknown;
  const [a, b, c] = args;
  switch (args.length) {
    case 0:
      return () => f();
    case 1:
      return () => f(a);
    case 2:
      return () => f(a, b);
    case 3:
      return () => f(a, b, c);
    default:
      return () => f(...args);
  }
}

type EachFn<Call> = (cases: unknown, ...values: unknown[]) => Call;

export interface VitestBench {
  (name: unknown, fn?: BenchFunction, options?: BenchOptions): void;
  readonly skip: VitestBench;
  readonly only: VitestBench;
  readonly todo: VitestBench;
  skipIf(condition: unknown): VitestBench;
  runIf(condition: unknown): VitestBench;
  /** Not in vitest's bench API (its `test` has it): one bench per case, as `test.each` makes tests. */
  each: EachFn<(name: unknown, fn?: (...args: never[]) => unknown, options?: BenchOptions) => void>;
  for: EachFn<(name: unknown, fn?: (...args: never[]) => unknown, options?: BenchOptions) => void>;
}

function benchChain(flags: Flags): VitestBench {
  const api = ((name: unknown, fn?: unknown, options?: unknown) => declareBench(flags, name, fn, options)) as VitestBench;
  for (const key of ['skip', 'only', 'todo'] as const) Object.defineProperty(api, key, { get: () => benchChain({ ...flags, [key]: true }) });
  Object.assign(api, {
    skipIf: (condition: unknown) => (condition ? api.skip : api),
    runIf: (condition: unknown) => (condition ? api : api.skip),
    each: eachOf('bench.each', true, (title, args, fn, options) => declareBench(flags, title, bound(fn, args), options)),
    for: eachOf('bench.for', false, (title, args, fn, options) => declareBench(flags, title, bound(fn, args), options)),
  });
  return api;
}

export interface VitestDescribe {
  (name: unknown, fn?: SuiteFactory | SuiteOptions, options?: SuiteOptions | SuiteFactory | number): void;
  readonly skip: VitestDescribe;
  readonly only: VitestDescribe;
  readonly todo: VitestDescribe;
  readonly concurrent: VitestDescribe;
  readonly sequential: VitestDescribe;
  readonly shuffle: VitestDescribe;
  skipIf(condition: unknown): VitestDescribe;
  runIf(condition: unknown): VitestDescribe;
  each: EachFn<(name: unknown, fn?: SuiteFactory | SuiteOptions, options?: SuiteOptions | SuiteFactory | number) => void>;
  for: EachFn<(name: unknown, fn?: SuiteFactory | SuiteOptions, options?: SuiteOptions | SuiteFactory | number) => void>;
}

/** A case's describe: the function called with the case's values (the options stay where they were written). */
function describeCase(flags: Flags, title: string, args: readonly unknown[], a: unknown, b: unknown): void {
  const wrap = (fn: unknown): unknown => (typeof fn === 'function' ? () => (fn as (...v: unknown[]) => unknown)(...args) : fn);
  declareSuite(flags, title, wrap(a), wrap(b));
}

function describeChain(flags: Flags): VitestDescribe {
  const api = ((name: unknown, a?: unknown, b?: unknown) => declareSuite(flags, name, a, b)) as VitestDescribe;
  for (const key of ['skip', 'only', 'todo', 'concurrent', 'sequential', 'shuffle'] as const) Object.defineProperty(api, key, { get: () => describeChain({ ...flags, [key]: true }) });
  Object.assign(api, {
    skipIf: (condition: unknown) => (condition ? api.skip : api),
    runIf: (condition: unknown) => (condition ? api : api.skip),
    each: eachOf('describe.each', true, (title, args, a, b) => describeCase(flags, title, args, a, b)),
    for: eachOf('describe.for', false, (title, args, a, b) => describeCase(flags, title, args, a, b)),
  });
  return api;
}

/** `bench(name, fn, options)`: a ubench benchmark (its `setup`/`teardown` options run around each sample, untimed). */
export const bench: VitestBench = benchChain({});
/** `describe(name, fn)`: a ubench group (nested describes join their names with `/`). */
export const describe: VitestDescribe = describeChain({});
export const suite = describe;

/** Whether a bench under `scope` was declared (before a top-level await) without the hooks around it. */
function declaredWithoutHooks(scope: SuiteNode): boolean {
  return scope.children.some((n) => (n.kind === 'suite' ? declaredWithoutHooks(n) : n.declared?.some((b) => b.kind !== 'setup') === true));
}

/** vitest's hooks: registered in the describe whose function is running (the file's outside any). */
function hook(name: HookName): (fn: HookFn, timeout?: number) => void {
  return (fn) => {
    if (typeof fn !== 'function') throw new DeclarationError(`vitest's ${name}() needs a function`);
    const c = currentCollection();
    if (declaredWithoutHooks(c.current)) {
      throw new DeclarationError(`vitest's ${name}() comes after a top-level await, and benchmarks before that await were declared without it: register the hooks before the file's first await`);
    }
    c.current.hooks[name].push(fn);
  };
}
export const beforeAll = hook('beforeAll');
export const afterAll = hook('afterAll');
export const beforeEach = hook('beforeEach');
export const afterEach = hook('afterEach');

/**
 * vitest's test API, imported by bench files that check a result (`expect(x).toBe(…)`) or share a
 * file with tests: present so the file loads (and a bench that never calls them is measured), but
 * failing the bench that calls one, with one line: ubench measures, it does not assert.
 */
type Failing = (...args: unknown[]) => never;
function notProvided(name: string, instead: string): Failing & Record<string, Failing> {
  const fail = (what: string) => (): never => {
    throw new DeclarationError(`vitest's ${what}() is not provided by ubench's stand-in for vitest's bench API; ${instead}`);
  };
  // `assert.equal(…)`, `expect.soft(…)`: every member fails the same way when called.
  return new Proxy(fail(name) as Failing & Record<string, Failing>, { get: (target, key) => (typeof key === 'string' && !(key in target) ? fail(`${name}.${key}`) : Reflect.get(target, key)) });
}
const CHECK_OUTSIDE = 'check results in a test file run by vitest, outside the benchmark';
export const expect = notProvided('expect', CHECK_OUTSIDE);
export const assert = notProvided('assert', CHECK_OUTSIDE);
export const vi = notProvided('vi', 'prepare mocks in the file itself, outside ubench');
export const test = notProvided('test', 'vitest runs tests only in test mode, and so does ubench: declare benchmarks with bench()');
export const it = test;
