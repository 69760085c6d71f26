/**
 * Gathers what benchmark processes report into the results file, in declaration order, and
 * writes it after every benchmark so a crash or Ctrl-C later loses nothing.
 */
import { withRelativeSpeeds } from '../analysis/runtime-relative.js';
import { buildResult, type BenchmarkRecord, type PassReadings } from '../analysis/build-result.js';
import { analyseFileBenchmarks, type Baseline } from '../analysis/analyse.js';
import { withComplexity } from '../analysis/complexity.js';
import { ubenchVersion } from '../results/ubench-version.js';
import { benchmarkResultProblem } from '../results/benchmark-check.js';
import type { DeclaredInfo, MeasuredBenchmark } from '../engine/process/events.js';
import type { BenchmarkResult, BenchmarkRuntime, ErrorInfo, ParamValue, ResultsFile } from '../results/types.js';

/** One benchmark's part of a pass after timing. */
export type PassOutcome = Partial<PassReadings>;

export class ResultCollector {
  private readonly records = new Map<string, BenchmarkRecord>();
  /** Results as measured, before analysis (host track and diagnostics). */
  private readonly raw = new Map<string, BenchmarkResult>();
  private readonly built = new Map<string, BenchmarkResult>();

  constructor(
    readonly results: ResultsFile,
    private readonly seed: number,
    /** Results of an earlier run to hold this one to (`--baseline`). */
    private readonly baseline: Baseline | null = null,
  ) {}

  /** `runtime`: the runtime whose process declared them (ids already qualified when the run has several). */
  declare(file: string, benchmarks: readonly DeclaredInfo[], runtime?: BenchmarkRuntime): void {
    for (const info of benchmarks) {
      if (!this.records.has(info.id)) this.records.set(info.id, { info, file, runs: [], failure: null, ...(runtime === undefined ? {} : { runtime }) });
    }
  }

  /** Throws, recording nothing, when the result built from it is not one the results file may hold (a process's bad event). */
  measured(id: string, result: MeasuredBenchmark): void {
    const record = this.record(id);
    record.runs.push(result);
    let raw: BenchmarkResult;
    try {
      raw = buildResult(record, this.seed);
    } catch (error) {
      record.runs.pop();
      throw error;
    }
    const problem = benchmarkResultProblem(raw);
    if (problem !== null) {
      record.runs.pop();
      throw new Error(`its result is not one the results file may hold: ${problem}`);
    }
    this.rebuild(id, raw);
  }

  /** What a pass after timing gave for a benchmark. */
  passOutcome(id: string, outcome: PassOutcome): void {
    const record = this.record(id);
    Object.assign(record, outcome);
    if (record.runs.length > 0) this.rebuild(id);
  }

  /** Ids of the benchmarks declared by a file (on one runtime, when given), in order. */
  idsOf(file: string, runtime?: string): string[] {
    return [...this.records.values()].filter((r) => r.file === file && (runtime === undefined || r.runtime?.label === runtime)).map((r) => r.info.id);
  }

  /** The results built so far, by id (for planning the passes). */
  current(ids: readonly string[]): BenchmarkResult[] {
    return ids.flatMap((id) => (this.built.has(id) ? [this.built.get(id)!] : []));
  }

  failed(id: string, status: 'error' | 'timeout', error: ErrorInfo): void {
    const record = this.record(id);
    record.failure ??= { status, error };
    this.rebuild(id);
  }

  fileError(file: string, error: ErrorInfo): void {
    if (!this.results.fileErrors.some((e) => e.file === file)) this.results.fileErrors.push({ file, error });
  }

  /** The parameters of every benchmark declared so far, measured or not. */
  declaredParams(): Record<string, ParamValue>[] {
    return [...this.records.values()].map((r) => r.info.params);
  }

  get declaredCount(): number {
    return this.records.size;
  }

  /** The results so far; `final` adds relative speeds and marks the file complete. */
  snapshot(final: { complete: boolean } | null): ResultsFile {
    const ordered = [...this.records.keys()].filter((id) => this.built.has(id)).map((id) => this.built.get(id)!);
    const caches = this.results.complexity?.caches ?? null;
    if (final === null) return withComplexity({ ...this.results, benchmarks: ordered, analysedBy: ubenchVersion() }, caches);
    return withComplexity(
      {
        ...this.results,
        analysedBy: ubenchVersion(),
        complete: final.complete,
        finishedAt: final.complete ? new Date().toISOString() : null,
        benchmarks: withRelativeSpeeds(ordered, this.results.runtimes, this.seed),
      },
      caches,
    );
  }

  private record(id: string): BenchmarkRecord {
    const record = this.records.get(id);
    if (record === undefined) throw new Error(`internal: result for undeclared benchmark ${id}`);
    return record;
  }

  /** Rebuilds one benchmark, then analyses it and the rest of its file again (they may share rounds). */
  private rebuild(id: string, raw: BenchmarkResult = buildResult(this.record(id), this.seed)): void {
    this.raw.set(id, raw);
    const { file, runtime } = this.record(id);
    const peers = this.idsOf(file, runtime?.label).flatMap((peer) => (this.raw.has(peer) ? [this.raw.get(peer)!] : []));
    for (const result of analyseFileBenchmarks(peers, this.results, this.baseline)) this.built.set(result.id, result);
  }
}
