/**
 * The ubench body for each of mitata's benchmark forms (mitata 1.x, src/lib.mjs `kind()`):
 * - a function without parameters: ubench's plain body (with args, the setup form without a setup,
 *   since mitata hands such a function no arguments);
 * - a function with a parameter (`for (const _ of state) …`): ubench's manual form, `state`
 *   iterating `b.n` times and `state.get(name)` reading the args;
 * - a generator: run once per benchmark, untimed, as mitata runs it once per trial; the yielded
 *   function is the body (an async generator runs per sample instead: setup before `yield`, teardown
 *   after); a yielded `{ [0]() {…}, bench(p0) {…} }` (computed parameters, made fresh for every call
 *   outside mitata's timing) is ubench's per-call state.
 * Forms ubench has no equivalent for throw a ForeignFeatureError naming the form to use.
 */
import type { BenchFn, ManualBenchFn, Params, SetupBench } from '../declaration-types.js';
import { ForeignFeatureError, refusalMessage } from './foreign-declare.js';

type AnyFn = (...args: never[]) => unknown;
type Yielded = { [key: string]: unknown; bench?: unknown; manual?: unknown };
type MitataState = { get(name: string): unknown };

const GeneratorFunction = function* () {}.constructor;
const AsyncGeneratorFunction = async function* () {}.constructor;

/** The args as the file gave them, from ubench's parameter values (an object arg is a label in ubench, mitata-shim.ts). */
export type DecodeArgs = (args: Params) => Readonly<Record<string, unknown>>;

function stateOf(args: Params, decode: DecodeArgs): MitataState {
  const given = decode(args);
  return { get: (name: string) => given[name] };
}

/** mitata's name for a benchmark function's form (its stats' `kind`). */
export function mitataKind(fn: AnyFn): 'fn' | 'iter' | 'yield' {
  if (fn instanceof GeneratorFunction || fn instanceof AsyncGeneratorFunction) return 'yield';
  return fn.length === 0 ? 'fn' : 'iter';
}

/** The `state` of mitata's iterator form: `b.n` steps, then done. */
class IterState {
  #left: number;
  readonly #args: Readonly<Record<string, unknown>>;
  constructor(n: number, args: Params, decode: DecodeArgs) {
    this.#left = n;
    this.#args = decode(args);
  }
  get(name: string): unknown {
    return this.#args[name];
  }
  next(): IteratorResult<undefined> {
    return this.#left-- > 0 ? { value: undefined, done: false } : { value: undefined, done: true };
  }
  [Symbol.iterator](): this {
    return this;
  }
  [Symbol.asyncIterator](): { next: () => Promise<IteratorResult<undefined>> } {
    return { next: () => Promise.resolve(this.next()) };
  }
}

/** The function a generator yielded and how many computed parameters it takes (mitata's `generator()`). */
function bodyOfYield(value: unknown): { fn: AnyFn; computed: AnyFn[] } {
  if (typeof value === 'function' && value.length === 0) return { fn: value as AnyFn, computed: [] };
  const yielded = (value ?? {}) as Yielded;
  if (yielded['manual'] !== undefined)
    throw new ForeignFeatureError(
      refusalMessage(
        'mitata',
        'a yielded { manual } (a body timing itself)',
        "write it with ubench's manual form bench(name, (b) => { for (let i = 0; i < b.n; i++) work(); }) and b.stop()/b.start() (docs/writing.md)",
      ),
    );
  if (yielded['concurrency'] !== undefined)
    throw new ForeignFeatureError(refusalMessage('mitata', 'concurrency', 'ubench measures one call at a time; start the concurrent work in the body and return a promise of all of it'));
  if (typeof yielded.bench !== 'function') throw new ForeignFeatureError(refusalMessage('mitata', 'a generator that does not yield a benchmark function', 'yield () => work() or { bench() { … } }'));
  const fn = yielded.bench as AnyFn;
  const computed: AnyFn[] = [];
  for (let k = 0; k < fn.length; k++) {
    const param = yielded[String(k)];
    if (typeof param !== 'function')
      throw new ForeignFeatureError(refusalMessage('mitata', `a bench(…) parameter ${k} without a [${k}]() function to compute it`, 'yield { [0]() { … }, bench(p0) { … } }'));
    computed.push(param as AnyFn);
  }
  return { fn, computed };
}

/** Calls the body with the computed parameters in the per-call state `[fn, p0, p1, …]`. */
function computedRun(count: number): (state: unknown[]) => unknown {
  if (count === 1) return (s) => (s[0] as (a: unknown) => unknown)(s[1]);
  if (count === 2) return (s) => (s[0] as (a: unknown, b: unknown) => unknown)(s[1], s[2]);
  return (s) => (s[0] as (...a: unknown[]) => unknown)(...s.slice(1));
}

interface GeneratorSample {
  generator: Generator<unknown> | AsyncGenerator<unknown>;
  fn: AnyFn;
}

/** An async generator: its setup (awaited), body and teardown per sample. */
function perSampleGenerator(gen: (state: MitataState) => AsyncGenerator<unknown>, decode: DecodeArgs): SetupBench<GeneratorSample> {
  const start = (generator: GeneratorSample['generator'], first: IteratorResult<unknown>): GeneratorSample => {
    const { fn, computed } = bodyOfYield(first.value);
    if (computed.length > 0)
      throw new ForeignFeatureError(
        refusalMessage('mitata', 'computed parameters yielded by an async generator', "write it with ubench's bench(name, { setup, run, state: 'per-call' }) (docs/writing.md)"),
      );
    return { generator, fn };
  };
  const setup = async (args: Params): Promise<GeneratorSample> => {
    const generator = gen(stateOf(args, decode));
    return start(generator, await generator.next());
  };
  return { setup, run: (s) => s.fn(), teardown: (s) => s.generator.next() };
}

/**
 * A generator yielding computed parameters: every call gets its own `[fn, p0, …]`, made untimed
 * before the sample. The generator runs once per parameter combination and stays open (mitata runs
 * its code after `yield` when the benchmark ends; under ubench that code does not run).
 */
function perCallGenerator(gen: (state: MitataState) => Generator<unknown>, count: number, decode: DecodeArgs): SetupBench<unknown[]> {
  const open = new Map<string, { fn: AnyFn; computed: AnyFn[] }>();
  const setup = (args: Params): unknown[] => {
    const key = JSON.stringify(args);
    let yielded = open.get(key);
    if (yielded === undefined) {
      yielded = bodyOfYield(gen(stateOf(args, decode)).next().value);
      open.set(key, yielded);
    }
    return [yielded.fn, ...yielded.computed.map((param) => param())];
  };
  return { setup, run: computedRun(count), state: 'per-call' };
}

/**
 * A synchronous generator whose yield has no computed parameters: as under mitata, it runs once per
 * benchmark (per parameter combination), on first use, untimed, and its yielded function is the body
 * of every sample; it stays open (its code after `yield` does not run). The state ubench passes is
 * that function, the same one every sample, so the loop's call to it can be inlined.
 */
function openGenerator(gen: (state: MitataState) => Generator<unknown>, decode: DecodeArgs): SetupBench<AnyFn> {
  const open = new Map<string, AnyFn>();
  const setup = (args: Params): AnyFn => {
    const key = JSON.stringify(args);
    let fn = open.get(key);
    if (fn === undefined) {
      fn = bodyOfYield(gen(stateOf(args, decode)).next().value).fn;
      open.set(key, fn);
    }
    return fn;
  };
  return { setup, run: (fn) => fn() };
}

/**
 * Reads what a synchronous generator yields by running it once, start to end, before any
 * measurement (its setup and teardown code run one time more than under mitata).
 */
function probeComputedCount(gen: (state: MitataState) => Generator<unknown>, args: Params, decode: DecodeArgs): number {
  const generator = gen(stateOf(args, decode));
  const { computed } = bodyOfYield(generator.next().value);
  generator.next();
  return computed.length;
}

/** The ubench body of a mitata benchmark function, for the first of its parameter combinations `firstArgs`. */
export function mitataBody(fn: AnyFn, hasArgs: boolean, firstArgs: Params, decodeArgs: DecodeArgs): BenchFn | ManualBenchFn | SetupBench<unknown> {
  if (fn instanceof GeneratorFunction || fn instanceof AsyncGeneratorFunction) {
    const gen = fn as unknown as (state: MitataState) => Generator<unknown>;
    if (fn instanceof AsyncGeneratorFunction) return perSampleGenerator(fn as unknown as (state: MitataState) => AsyncGenerator<unknown>, decodeArgs) as SetupBench<unknown>;
    const count = probeComputedCount(gen, firstArgs, decodeArgs);
    return (count === 0 ? openGenerator(gen, decodeArgs) : perCallGenerator(gen, count, decodeArgs)) as SetupBench<unknown>;
  }
  if (fn.length === 0) return hasArgs ? { run: fn as BenchFn } : (fn as BenchFn);
  const iterate = fn as (state: IterState) => unknown;
  return (b) => iterate(new IterState(b.n, b.args, decodeArgs));
}
