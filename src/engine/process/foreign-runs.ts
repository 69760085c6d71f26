/**
 * The benchmark process's side of a foreign harness's `run()` (define/foreign/foreign-run.ts): the
 * file's tinybench `bench.run()`, mitata `run()` or Benchmark.js `suite.run()` measures, when it is
 * called, those of its benchmarks this process measures, so the code the file runs after it (reading
 * results, closing a pool) runs after the measuring, as under its own harness.
 *
 * - The calls are measured one after another, in the order made, each after the file's synchronous
 *   code (a Benchmark.js `run()` returns before it measures, as with its `async: true`).
 * - A benchmark is measured once per process: a second run() of it resolves with the first's figures.
 * - Benchmarks the process does not measure (`--filter`, another process's share, a listing or pass
 *   process) resolve as measured elsewhere, with no figures.
 * - While a further instance of the file is imported for one benchmark (own-instances.ts), its
 *   run() of that benchmark marks the instance as loaded and never resolves: the instance stops
 *   there, its resources open for the benchmark's body, and so does any run() it makes after; its
 *   run() calls before resolve at once with the figures known so far.
 */
import type { ForeignApi } from '../../define/foreign/foreign-apis.js';
import type { ForeignOutcome, ForeignRunHost, MeasuredOutcome } from '../../define/foreign/foreign-run.js';
import type { Registry } from '../../define/registry.js';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import { perOpValues } from '../../results/derived-values.js';
import { oneProcessEstimate } from '../../results/one-process-estimate.js';
import type { ChildEvent, ChildRequest, MeasuredBenchmark } from './events.js';

/** Why a benchmark of a run() has no figures in this process (docs/integrations.md lists them). */
export const ELSEWHERE = {
  listing: 'this process only lists the file’s benchmarks',
  pass: 'this process runs a pass after timing, not the timing',
  notHere: 'it is not among the benchmarks this process measures (--filter, --isolate benchmark, a fork, or a process resumed after a crash)',
  undeclared: 'it is not declared (withdrawn, or declared by another instance of the file)',
  after: 'the run() came after ubench had measured the file',
} as const;

/** What ubench measured, as a foreign run() hands it on. */
export function outcomeOf(result: MeasuredBenchmark): MeasuredOutcome {
  const samples = result.samples;
  return {
    state: 'measured',
    estimate: oneProcessEstimate(samples, result.calibration.spread !== undefined),
    perOpNs: perOpValues(samples),
    iterations: samples.reduce((sum, s) => sum + s.iterations, 0),
    elapsedNs: samples.reduce((sum, s) => sum + s.elapsedNs, 0),
    bytesPerOp: result.memory?.bytesPerOp ?? null,
    forcedGc: result.forcedGc ?? null,
  };
}

interface InstanceGate {
  wanted: string;
  reached(): void;
  /** The instance's run() of the wanted benchmark was called. */
  stopped: boolean;
}

export class ForeignRuns implements ForeignRunHost {
  readonly #outcomes = new Map<string, ForeignOutcome>();
  /** Benchmarks a run() has taken to measure (they are not measured again after the file has loaded). */
  readonly #taken = new Set<string>();
  #queue: Promise<unknown> = Promise.resolve();
  #gate: InstanceGate | null = null;
  #closed = false;
  /** Work run() calls go on with after returning, and the first error one threw. */
  #tracked: Promise<unknown>[] = [];
  #failure: { error: unknown } | null = null;

  constructor(
    private readonly registry: Registry,
    private readonly request: ChildRequest,
    private readonly select: (all: readonly DeclaredBenchmark[]) => DeclaredBenchmark[],
    private readonly measureSet: (benchmarks: readonly DeclaredBenchmark[]) => Promise<void>,
  ) {}

  /** Reads the outcomes from the measuring's events. */
  observe(event: ChildEvent): void {
    if (event.type === 'measured') this.#outcomes.set(event.id, outcomeOf(event.result));
    else if (event.type === 'bench-error') this.#outcomes.set(event.id, { state: 'failed', message: event.error.message });
    else if (event.type === 'pass-result') this.#outcomes.set(event.id, { state: 'elsewhere', why: ELSEWHERE.pass });
  }

  known(ids: readonly string[]): ReadonlyMap<string, ForeignOutcome> {
    const why = this.request.listOnly ? ELSEWHERE.listing : ELSEWHERE.notHere;
    return new Map(ids.map((id) => [id, this.#outcomes.get(id) ?? { state: 'elsewhere', why }]));
  }

  measure(_api: ForeignApi, ids: readonly string[]): Promise<ReadonlyMap<string, ForeignOutcome>> {
    const gate = this.#gate;
    if (gate !== null) {
      // Once stopped, the instance's later run() calls (a Benchmark.js run() does not block it) stop too: nothing of it runs on.
      if (!gate.stopped && !ids.includes(gate.wanted)) return Promise.resolve(this.known(ids));
      gate.stopped = true;
      gate.reached();
      return new Promise<never>(() => undefined);
    }
    if (this.#closed) return Promise.resolve(new Map(ids.map((id) => [id, this.#outcomes.get(id) ?? { state: 'elsewhere', why: ELSEWHERE.after }])));
    const job = this.#queue.then(() => this.#measureNow(ids));
    this.#queue = job.catch(() => undefined);
    return job;
  }

  async #measureNow(ids: readonly string[]): Promise<ReadonlyMap<string, ForeignOutcome>> {
    // The file's synchronous code first (declarations chained after the call, a run() that is not awaited).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const wanted = new Set(ids);
    const declared = this.registry.benchmarks.filter((b) => wanted.has(b.id));
    const chosen = this.request.listOnly ? [] : this.select(declared).filter((b) => !this.#taken.has(b.id));
    for (const b of chosen) this.#taken.add(b.id);
    await this.measureSet(chosen);
    const present = new Set(declared.map((b) => b.id));
    const outcomes = this.known(ids);
    return new Map([...outcomes].map(([id, outcome]) => [id, present.has(id) || outcome.state !== 'elsewhere' ? outcome : { state: 'elsewhere', why: ELSEWHERE.undeclared }]));
  }

  track(work: Promise<unknown>): void {
    // An instance's run() of its own benchmark never settles (it stops there): its work is not waited for.
    if (this.#gate !== null) return;
    this.#tracked.push(
      work.catch((error: unknown) => {
        this.#failure ??= { error };
      }),
    );
  }

  /** Resolves once every run() made so far is measured and the work they go on with is done; rejects with the first error of that work. */
  async idle(): Promise<void> {
    for (;;) {
      const queue = this.#queue;
      const tracked = this.#tracked.length;
      await queue;
      await Promise.all(this.#tracked);
      if (queue === this.#queue && tracked === this.#tracked.length) break;
    }
    if (this.#failure !== null) throw this.#failure.error;
  }

  /** The benchmarks left for the measuring after the file has loaded: selected, and not taken by a run(). */
  rest(): DeclaredBenchmark[] {
    return this.select(this.registry.benchmarks).filter((b) => !this.#taken.has(b.id));
  }

  /** Whether a run() measured anything (then a process that declares nothing more announces nothing more). */
  get tookAny(): boolean {
    return this.#taken.size > 0;
  }

  /** After the file has loaded: later run() calls measure nothing. */
  close(): void {
    this.#closed = true;
  }

  /**
   * Runs `load` (the import of a further instance for the benchmark `wanted`), resolving `until` when
   * that instance's run() of it is called: the instance has declared it, and stops there.
   */
  async withInstanceGate<T>(wanted: string, load: (until: Promise<void>) => Promise<T>): Promise<T> {
    const until = new Promise<void>((reached) => {
      this.#gate = { wanted, reached, stopped: false };
    });
    try {
      return await load(until);
    } finally {
      this.#gate = null;
    }
  }
}
