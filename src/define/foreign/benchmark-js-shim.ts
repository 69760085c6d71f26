/**
 * What `require('benchmark')` / `import Benchmark from 'benchmark'` means in a ubench benchmark
 * process (docs/integrations.md), for Benchmark.js 2.x: each `suite.add(name, fn, options)` (and
 * each standalone `new Benchmark(…)` when its `run()` is called) declares a ubench benchmark
 * (benchmark-js-declare.ts), in the group the suite's name gives. `run()` returns at once, as
 * Benchmark.js's does with `async: true`; ubench then measures the suite's benchmarks
 * (foreign-run.ts) and fires Benchmark.js's events in its order, each benchmark's `stats`, `hz` and
 * `String(bench)` filled from ubench's figures (benchmark-js-results.ts), so `on('cycle')` and
 * `on('complete')` with `this.filter('fastest')` print ubench's figures.
 */
import { declareBenchmark, juggle, type Options } from './benchmark-js-declare.js';
import { BenchmarkEvent, Emitter } from './benchmark-js-events.js';
import { type BenchmarkFigures, benchmarkFigures, benchmarkText, compareFigures, emptyFigures, extremes, formatNumber, isSuccessful } from './benchmark-js-results.js';
import { type ForeignOutcome, runForeign, trackForeign } from './foreign-run.js';

type AnyFn = (...args: never[]) => unknown;
type Callback = string | ((bench: Benchmark, index: number) => unknown);

let nextId = 0;

/**
 * Measures the benchmarks and fires Benchmark.js's events: a suite's `start`, each benchmark's own
 * `start`, `error`, `cycle`, `complete` with the suite's `error` and `cycle` for it, then the
 * suite's `complete`; a standalone benchmark's own events only.
 */
function runBenchmarks(suite: Suite | null, benches: readonly Benchmark[]): void {
  const started = Date.now();
  suite?.emit('start');
  for (const bench of benches) bench.running = true;
  const work = runForeign(
    'benchmark',
    benches.flatMap((b) => b.ids),
  ).then((outcomes) => {
    for (const bench of benches) {
      bench.settle(outcomes.get(bench.ids[0] ?? ''), started);
      if (suite === null) continue;
      if (bench.error !== undefined) suite.emit(new BenchmarkEvent({ type: 'error', target: bench }));
      suite.emit(new BenchmarkEvent({ type: 'cycle', target: bench }));
    }
    if (suite === null) return;
    suite.running = false;
    suite.emit('complete');
  });
  trackForeign(work);
}

/** A standalone benchmark, or one of a suite's. */
export class Benchmark extends Emitter {
  static version = '2.1.4';
  static options: Options = {};
  static platform = { description: 'ubench', toString: () => 'ubench' };
  static support = { browser: false, timeout: true, decompilation: true };
  static Event = BenchmarkEvent;
  static formatNumber = formatNumber;
  static filter(benches: ArrayLike<Benchmark>, callback: Callback): Benchmark[] {
    return filterBenches(Array.from(benches), callback);
  }
  static invoke(benches: ArrayLike<Benchmark>, name: string, ...args: unknown[]): unknown[] {
    return Array.from(benches).map((bench) => ((bench as unknown as Record<string, AnyFn>)[name] as (...a: unknown[]) => unknown).apply(bench, args));
  }
  /** Benchmark.js's `join`: an array's items, or an object's `key: value` pairs, joined. */
  static join(object: unknown, separator = ',', pairSeparator = ': '): string {
    if (Array.isArray(object)) return object.join(separator);
    return Object.entries((object ?? {}) as Record<string, unknown>)
      .map(([key, value]) => `${key}${pairSeparator}${String(value)}`)
      .join(separator);
  }
  static Suite: typeof Suite;

  readonly id = ++nextId;
  readonly options: Options;
  name: string | undefined;
  fn: Options['fn'];
  running = false;
  aborted = false;
  #ids: string[] | null = null;
  #figures: BenchmarkFigures = emptyFigures();

  constructor(name?: unknown, fn?: unknown, options?: unknown) {
    super();
    this.options = juggle(name, fn, options);
    this.name = this.options.name;
    this.fn = this.options.fn;
    this.listenFromOptions(this.options);
  }

  get stats(): BenchmarkFigures['stats'] {
    return this.#figures.stats;
  }
  get times(): BenchmarkFigures['times'] {
    return this.#figures.times;
  }
  get hz(): number {
    return this.#figures.hz;
  }
  get count(): number {
    return this.#figures.count;
  }
  get cycles(): number {
    return this.#figures.cycles;
  }
  get error(): Error | undefined {
    return this.#figures.error;
  }
  /** The figures as a whole (for filter and compare). */
  get figures(): BenchmarkFigures {
    return this.#figures;
  }
  /** Its ubench benchmarks (none until declared). */
  get ids(): string[] {
    return this.#ids ?? [];
  }

  /** Declares it in `suiteName`'s group, once. */
  declareIn(suiteName: string | null): void {
    this.#ids ??= declareBenchmark(this.options, suiteName, this);
  }

  /** Fills the figures from what ubench measured and fires the benchmark's own events. */
  settle(outcome: ForeignOutcome | undefined, started: number): void {
    this.#figures = benchmarkFigures(outcome, started);
    this.running = false;
    this.emit('start');
    if (this.error !== undefined) this.emit('error');
    this.emit('cycle');
    this.emit('complete');
  }

  /** Declared when first run (as Benchmark.js would measure it then); returns at once, events fire as measured. */
  run(..._options: unknown[]): this {
    this.declareIn(null);
    runBenchmarks(null, [this]);
    return this;
  }

  compare(other: Benchmark): number {
    return compareFigures(this.#figures, other.#figures);
  }

  reset(): this {
    this.#figures = emptyFigures();
    this.emit('reset');
    return this;
  }

  /** ubench measures to its own end: nothing to abort. */
  abort(): this {
    return this;
  }

  clone(options?: Options): Benchmark {
    return new Benchmark({ ...this.options, ...(options ?? {}) });
  }

  override toString(): string {
    return benchmarkText(String(this.name ?? `<Test #${this.id}>`), this.#figures);
  }
}

function filterBenches(benches: Benchmark[], callback: Callback): Benchmark[] {
  if (callback === 'fastest' || callback === 'slowest') return extremes(benches, callback);
  if (callback === 'successful') return benches.filter((b) => isSuccessful(b.figures));
  if (typeof callback === 'function') return benches.filter((b, i) => callback(b, i));
  return benches.filter((b) => Boolean((b as unknown as Record<string, unknown>)[callback]));
}

/** A suite: an array-like of its benchmarks; `add()` declares, `run()` measures them and fires its events. */
export class Suite extends Emitter {
  [index: number]: Benchmark;
  name: string | undefined;
  length = 0;
  running = false;
  aborted = false;
  readonly options: Options;

  constructor(name?: string | Options, options?: Options) {
    super();
    if (name !== null && typeof name === 'object') this.options = { ...name };
    else {
      this.options = { ...(options ?? {}) };
      this.name = name ?? this.options.name;
    }
    this.name ??= this.options.name;
    this.listenFromOptions(this.options);
  }

  add(name: unknown, fn?: unknown, options?: unknown): this {
    const bench = name instanceof Benchmark ? name : new Benchmark(name, fn, options);
    bench.declareIn(this.name ?? null);
    this.push(bench);
    return this;
  }

  /** Returns at once (as with Benchmark.js's `async: true`); the events fire as ubench measures. */
  run(..._options: unknown[]): this {
    this.running = true;
    runBenchmarks(this, this.toArray());
    return this;
  }

  toArray(): Benchmark[] {
    return Array.from({ length: this.length }, (_, i) => this[i]!);
  }

  push(...benches: Benchmark[]): number {
    for (const bench of benches) this[this.length++] = bench;
    return this.length;
  }

  /** A suite of the benchmarks `callback` keeps: `'fastest'`, `'slowest'`, `'successful'`, a property name, or a function. */
  filter(callback: Callback): Suite {
    const result = new Suite(this.name, this.options);
    result.push(...filterBenches(this.toArray(), callback));
    return result;
  }

  /** `map('name')` plucks a property, as Benchmark.js's lodash `map` does. */
  map(callback: string | ((bench: Benchmark, index: number) => unknown)): unknown[] {
    return this.toArray().map((bench, i) => (typeof callback === 'function' ? callback(bench, i) : (bench as unknown as Record<string, unknown>)[callback]));
  }

  pluck(property: string): unknown[] {
    return this.map(property);
  }

  forEach(callback: (bench: Benchmark, index: number) => unknown): this {
    this.toArray().forEach((bench, i) => {
      callback(bench, i);
    });
    return this;
  }

  indexOf(bench: Benchmark): number {
    return this.toArray().indexOf(bench);
  }

  join(separator = ','): string {
    return this.toArray().map(String).join(separator);
  }

  reduce<T>(callback: (sum: T, bench: Benchmark, index: number) => T, initial: T): T {
    return this.toArray().reduce(callback, initial);
  }

  sort(compare?: (a: Benchmark, b: Benchmark) => number): this {
    const sorted = this.toArray().sort(compare);
    sorted.forEach((bench, i) => {
      this[i] = bench;
    });
    return this;
  }

  slice(start?: number, end?: number): Benchmark[] {
    return this.toArray().slice(start, end);
  }

  /** Array methods that change the suite, as Benchmark.js borrows them from Array. */
  #replace(benches: readonly Benchmark[]): void {
    for (let i = 0; i < this.length; i++) delete this[i];
    this.length = 0;
    this.push(...benches);
  }

  pop(): Benchmark | undefined {
    const all = this.toArray();
    const last = all.pop();
    this.#replace(all);
    return last;
  }

  shift(): Benchmark | undefined {
    const all = this.toArray();
    const first = all.shift();
    this.#replace(all);
    return first;
  }

  unshift(...benches: Benchmark[]): number {
    for (const bench of benches) bench.declareIn(this.name ?? null);
    this.#replace([...benches, ...this.toArray()]);
    return this.length;
  }

  splice(start: number, count?: number, ...benches: Benchmark[]): Benchmark[] {
    const all = this.toArray();
    const removed = count === undefined ? all.splice(start) : all.splice(start, count, ...benches);
    this.#replace(all);
    return removed;
  }

  reverse(): this {
    this.#replace(this.toArray().reverse());
    return this;
  }

  clone(options?: Options): Suite {
    const suite = new Suite(this.name, { ...this.options, ...(options ?? {}) });
    suite.push(...this.toArray());
    return suite;
  }

  reset(): this {
    for (const bench of this.toArray()) bench.reset();
    this.emit('reset');
    return this;
  }

  /** ubench measures to its own end: nothing to abort. */
  abort(): this {
    return this;
  }

  invoke(method: string, ...args: unknown[]): unknown[] {
    return Benchmark.invoke(this.toArray(), method, ...args);
  }
}

Benchmark.Suite = Suite;

export default Benchmark;
// `require('benchmark')` gives the constructor itself, as Benchmark.js's own module does.
export { Benchmark as 'module.exports' };
