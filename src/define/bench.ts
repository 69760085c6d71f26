/**
 * `bench()` and `group()`: the declaration API. They validate eagerly, so misuse is reported when
 * the file loads, with the benchmark's name, rather than as a confusing measurement later.
 */
import { bodyKind } from './body-form.js';
import { DeclarationError } from './declaration-error.js';
import { benchmarkId, displayName, expandArgs } from './params.js';
import { getRegistry } from './registry.js';
import type { ArgsOf, BenchContext, BenchFn, BenchOptions, DeclaredArgs, DeclaredBenchmark, ManualBenchFn, Params, ParamsBenchFn, SetupBench } from './declaration-types.js';

type Body = BenchFn | ParamsBenchFn<never> | ManualBenchFn | SetupBench<never>;

const KNOWN_OPTIONS = new Set(['args', 'baseline', 'bytesPerItem']);
const KNOWN_SETUP_KEYS = new Set(['setup', 'run', 'teardown', 'state']);

function assertFunction(value: unknown, what: string): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') {
    throw new DeclarationError(`${what} must be a function, got ${value === null ? 'null' : typeof value}`);
  }
}

function classify(name: string, body: unknown, argKeys: readonly string[] | null): Pick<DeclaredBenchmark, 'kind' | 'body' | 'setup' | 'teardown' | 'statePerCall'> {
  if (typeof body === 'function') {
    const fn = body as DeclaredBenchmark['body'];
    return { kind: bodyKind(name, fn, argKeys), body: fn, setup: null, teardown: null };
  }
  if (typeof body === 'object' && body !== null) {
    const spec = body as Record<string, unknown>;
    for (const key of Object.keys(spec)) {
      if (!KNOWN_SETUP_KEYS.has(key)) {
        throw new DeclarationError(`bench "${name}": unknown key "${key}" (expected setup, run, teardown, state)`);
      }
    }
    assertFunction(spec.run, `bench "${name}": run`);
    if (spec.setup !== undefined) assertFunction(spec.setup, `bench "${name}": setup`);
    if (spec.teardown !== undefined) assertFunction(spec.teardown, `bench "${name}": teardown`);
    if (spec.state !== undefined && spec.state !== 'per-sample' && spec.state !== 'per-call') {
      throw new DeclarationError(`bench "${name}": state must be 'per-sample' or 'per-call', got ${JSON.stringify(spec.state) ?? typeof spec.state}`);
    }
    if (spec.state === 'per-call' && spec.setup === undefined) throw new DeclarationError(`bench "${name}": state: 'per-call' needs a setup to make each call's state`);
    return {
      ...(spec.state === 'per-call' ? { statePerCall: true } : {}),
      kind: 'setup',
      body: spec.run as DeclaredBenchmark['body'],
      setup: (spec.setup as DeclaredBenchmark['setup']) ?? null,
      teardown: (spec.teardown as DeclaredBenchmark['teardown']) ?? null,
    };
  }
  throw new DeclarationError(`bench "${name}": the body must be a function or { setup?, run, teardown? }, got ${body === null ? 'null' : typeof body}`);
}

function checkOptions(name: string, options: unknown): BenchOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new DeclarationError(`bench "${name}": options must be an object`);
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) throw new DeclarationError(`bench "${name}": unknown option "${key}" (expected args, baseline, bytesPerItem)`);
  }
  const { baseline, bytesPerItem } = options as BenchOptions;
  if (baseline !== undefined && typeof baseline !== 'boolean') {
    throw new DeclarationError(`bench "${name}": baseline must be true or false`);
  }
  if (bytesPerItem !== undefined && !(typeof bytesPerItem === 'number' && Number.isFinite(bytesPerItem) && bytesPerItem > 0)) {
    throw new DeclarationError(`bench "${name}": bytesPerItem must be a positive finite number of bytes, got ${String(bytesPerItem)}`);
  }
  return options as BenchOptions;
}

/**
 * Declares a benchmark.
 *
 * - `bench(name, () => work())`: ubench generates the measured loop; the return value is consumed.
 * - `bench(name, ({ size }) => work(size), { args: { size: [10, 1000] } })`: the same loop, the
 *   body called with this instance's parameters (one object, made once, outside the timed loop).
 * - `bench(name, (b) => { for (let i = 0; i < b.n; i++) work(); })`: the body runs its own loop of
 *   `b.n` iterations; `b.args` holds the parameters.
 * - `bench(name, { setup, run, teardown })`: `setup(args)` runs untimed before each sample, its
 *   value goes to every `run(state, args)`; with `state: 'per-call'` every call gets its own state.
 * - `options.args` makes one benchmark per parameter combination.
 * - A body returning a promise is awaited on every iteration.
 *
 * A function body with a parameter is read from its source to tell the args form from the manual
 * one: with args declared, `({ a, b })` whose names are all args keys receives the args (even a
 * key named `n`), `p` read only as `p.<args key>` too; `b` read only as `b.n`/`b.args`/`b.start`/
 * `b.stop`, or `({ n })` without args, is manual. A body the source does not settle — mixed or
 * unknown names, a parameter named `n`/`args`/`start`/`stop`, `b.n` when an arg is also named `n`,
 * the parameter used as a number — throws a {@link DeclarationError} showing both forms, so it is
 * never timed as the other. (The parameter's static type is both `b` and the args, typed from
 * `options.args`, since the declaration, not the type, settles which one a body receives.)
 */
export function bench<S, const A extends DeclaredArgs = Record<never, never>>(
  name: string,
  body: BenchFn | ParamsBenchFn<BenchContext & ArgsOf<A>> | SetupBench<S>,
  options?: BenchOptions & { args?: A },
): void {
  const registry = getRegistry();
  if (registry.running) {
    throw new DeclarationError(`bench "${String(name)}" was declared while benchmarks are running; declare every benchmark at the top level of the bench file or inside group()`);
  }
  if (typeof name !== 'string' || name.trim() === '') {
    throw new DeclarationError(`bench() needs a non-empty name as its first argument`);
  }
  const opts = checkOptions(name, options);
  const combos = expandArgs(name, opts.args);
  const shape = classify(name, body as Body, opts.args === undefined ? null : Object.keys(opts.args));
  const group = registry.groups.length > 0 ? registry.groups.join('/') : null;
  for (const params of combos) {
    const fullName = displayName(name, params);
    const id = benchmarkId(registry.file, group, fullName);
    if (registry.benchmarks.some((other) => other.id === id)) {
      throw new DeclarationError(`duplicate benchmark "${fullName}"${group === null ? '' : ` in group "${group}"`}: names must be unique in a file`);
    }
    registry.benchmarks.push({
      id,
      name: fullName,
      baseName: name,
      file: registry.file,
      group,
      params: Object.freeze({ ...params }) as Params,
      baseline: opts.baseline === true,
      bytesPerItem: opts.bytesPerItem ?? null,
      ...shape,
    });
  }
  if (opts.baseline === true) {
    const signature = (params: Params): string => JSON.stringify(params);
    for (const params of combos) {
      const marked = registry.benchmarks.filter((b) => b.group === group && b.baseline && signature(b.params) === signature(params));
      if (marked.length > 1) {
        throw new DeclarationError(`bench "${name}": group "${group ?? '(file)'}" already has a baseline ("${marked[0]!.name}")`);
      }
    }
  }
}

/**
 * Groups benchmarks for relative comparison: inside a group (and for the same parameter values)
 * each benchmark is compared with the one marked `{ baseline: true }`, else with the fastest.
 * Groups may nest; their names are joined with `/`.
 */
export function group(name: string, fn: () => void): void {
  const registry = getRegistry();
  if (registry.running) throw new DeclarationError(`group "${String(name)}" was declared while benchmarks are running`);
  if (typeof name !== 'string' || name.trim() === '') throw new DeclarationError(`group() needs a non-empty name`);
  if (name.includes('#')) throw new DeclarationError(`group "${name}": names cannot contain "#"`);
  assertFunction(fn, `group "${name}": the second argument`);
  registry.groups.push(name);
  try {
    const result: unknown = fn();
    if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
      throw new DeclarationError(`group "${name}": the function must be synchronous (declare benchmarks directly, not after an await)`);
    }
  } finally {
    registry.groups.pop();
  }
}
