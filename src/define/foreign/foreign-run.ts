/**
 * A foreign harness's `run()` under ubench (docs/integrations.md): the stand-in hands the ids of the
 * benchmarks it declared to the benchmark process, which measures there and then those it must
 * measure (engine/process/foreign-runs.ts) and resolves with what it measured of each; the
 * stand-in then fills its harness's own result shape from that, and the file's code after `run()`
 * runs on. The process installs its side on the global object, like the registry, so that every
 * copy of the stand-ins reaches it; where none is installed, nothing is measured here.
 */
import type { ForcedGc } from '../../results/memory-types.js';
import type { Estimate } from '../../results/sample-types.js';
import { API_TITLES, type ForeignApi } from './foreign-apis.js';

/** What ubench measured of a benchmark in this process. */
export interface MeasuredOutcome {
  state: 'measured';
  /** ubench's estimate, as its table shows it for a benchmark measured by one process. */
  estimate: Estimate;
  /** ns per operation of each sample, in the order taken (each the mean over a batch of many calls). */
  perOpNs: readonly number[];
  /** Calls timed in all the samples, and their time. */
  iterations: number;
  elapsedNs: number;
  /** Heap bytes allocated per call (null: not measured in this process). */
  bytesPerOp: number | null;
  /** Collections forced outside the timing (null: none). */
  forcedGc: ForcedGc | null;
}

export interface FailedOutcome {
  state: 'failed';
  message: string;
}

/** A benchmark this process does not measure: `why` says which case (docs/integrations.md). */
export interface ElsewhereOutcome {
  state: 'elsewhere';
  why: string;
}

export type ForeignOutcome = MeasuredOutcome | FailedOutcome | ElsewhereOutcome;

/** The benchmark process's side. */
export interface ForeignRunHost {
  /** Measures those of `ids` this process measures and has not measured yet; resolves with an outcome for each id. */
  measure(api: ForeignApi, ids: readonly string[]): Promise<ReadonlyMap<string, ForeignOutcome>>;
  /** The outcomes known now, without measuring (for a synchronous run()). */
  known(ids: readonly string[]): ReadonlyMap<string, ForeignOutcome>;
  /** Work a run() goes on with after it returned (Benchmark.js's events): the file has loaded when it is done, and fails with its error. */
  track(work: Promise<unknown>): void;
}

const HOST_KEY = Symbol.for('ubench.foreign-run-host.v1');
const RAN_KEY = Symbol.for('ubench.foreign-run.v2');
const holder = globalThis as unknown as Record<symbol, unknown>;

/** Why nothing is measured where no benchmark process listens (a stand-in imported outside one). */
export const NO_PROCESS = 'no ubench benchmark process is running this file';
/** Why a synchronous run() has no figures: ubench's measuring is asynchronous. */
export const SYNC_RUN = "a synchronous run() cannot wait for ubench's measurement: ubench measures these benchmarks after the file has loaded";

/** Installs (or, with null, removes) the process's side. */
export function setForeignRunHost(host: ForeignRunHost | null): void {
  holder[HOST_KEY] = host ?? undefined;
}

interface RunMark {
  api: ForeignApi;
  /** Benchmarks the file was handed no figures for (measured elsewhere, failed, or a synchronous run). */
  withoutFigures: number;
}

function mark(api: ForeignApi, outcomes: ReadonlyMap<string, ForeignOutcome>): ReadonlyMap<string, ForeignOutcome> {
  const before = (holder[RAN_KEY] as RunMark | undefined)?.withoutFigures ?? 0;
  const without = [...outcomes.values()].filter((o) => o.state !== 'measured').length;
  holder[RAN_KEY] = { api, withoutFigures: before + without } satisfies RunMark;
  return outcomes;
}

const elsewhere = (ids: readonly string[], why: string): Map<string, ForeignOutcome> => new Map(ids.map((id) => [id, { state: 'elsewhere', why }]));

/** A stand-in's `run()`: measures its benchmarks `ids` (in this process, where it measures them) and resolves with an outcome for each. */
export async function runForeign(api: ForeignApi, ids: readonly string[]): Promise<ReadonlyMap<string, ForeignOutcome>> {
  const host = holder[HOST_KEY] as ForeignRunHost | undefined;
  return mark(api, host === undefined ? elsewhere(ids, NO_PROCESS) : await host.measure(api, ids));
}

/** A stand-in's synchronous run: the outcomes measured already (none, unless an earlier run() measured them). */
export function knownForeign(api: ForeignApi, ids: readonly string[]): ReadonlyMap<string, ForeignOutcome> {
  const host = holder[HOST_KEY] as ForeignRunHost | undefined;
  const known = host?.known(ids) ?? new Map<string, ForeignOutcome>();
  return mark(api, new Map(ids.map((id) => [id, known.get(id) ?? { state: 'elsewhere', why: SYNC_RUN }])));
}

/**
 * A run() that returns before it measures (Benchmark.js's): the process waits for `work` before it
 * counts the file as loaded, and an error thrown in it (by an event listener) fails the file, as it
 * would have failed the file's own `run()` call. Outside a benchmark process the error is rethrown.
 */
export function trackForeign(work: Promise<unknown>): void {
  const host = holder[HOST_KEY] as ForeignRunHost | undefined;
  if (host === undefined) {
    work.catch((thrown: unknown) => {
      throw thrown;
    });
    return;
  }
  host.track(work);
}

/** Forgets any earlier run (before a file is imported). */
export function clearForeignRun(): void {
  holder[RAN_KEY] = undefined;
}

/** What to add to a load error of a file whose run() handed it benchmarks without figures, or ''. */
export function afterForeignRun(): string {
  const ran = holder[RAN_KEY] as RunMark | undefined;
  if (ran === undefined || ran.withoutFigures === 0) return '';
  const count = ran.withoutFigures === 1 ? '1 benchmark' : `${ran.withoutFigures} benchmarks`;
  return ` (this happened after the file's ${API_TITLES[ran.api]} run() call, which handed it ${count} without figures: measured by another process, filtered out, or failed; ubench reports every result itself, docs/integrations.md)`;
}
