/**
 * Gathers what benchmark processes report into the results file, in declaration order, and
 * writes it after every benchmark so a crash or Ctrl-C later loses nothing. It records
 * measurements only (benchmark-record.ts); every derived value — host tracks, diagnostics,
 * relative speeds, complexity — comes from one `analyse()` call, the one every command makes on
 * the files it reads.
 */
import { buildResult, type BenchmarkRecord, type PassReadings } from './benchmark-record.js';
import { analyse, createAnalyseCache, type Baseline } from '../../analysis/analyse.js';
import { ubenchVersion } from '../../results/ubench-version.js';
import { benchmarkResultProblem } from '../../results/files/benchmark-check.js';
import type { DeclaredInfo, MeasuredBenchmark } from '../../engine/process/events.js';
import type { BenchmarkResult, BenchmarkRuntime, ErrorInfo, ParamValue, ResultsFile } from '../../results/types.js';

/** One benchmark's part of a pass after timing. */
export type PassOutcome = Partial<PassReadings>;

export class ResultCollector {
  private readonly records = new Map<string, BenchmarkRecord>();
  /** Results as measured, before analysis (host track and diagnostics). */
  private readonly raw = new Map<string, BenchmarkResult>();
  /** The analysis of each bench file, kept until one of its results changes. */
  private readonly analyses = createAnalyseCache();

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
    // Files of several passes accumulate: each pass's newest files replace its earlier ones.
    const files = outcome.passFiles === undefined ? record.passFiles : [...(record.passFiles ?? []).filter((f) => !outcome.passFiles!.some((g) => g.pass === f.pass)), ...outcome.passFiles];
    Object.assign(record, outcome, files === undefined ? {} : { passFiles: files });
    if (record.runs.length > 0) this.rebuild(id);
  }

  /** Ids of the benchmarks declared by a file (on one runtime, when given), in order. */
  idsOf(file: string, runtime?: string): string[] {
    return [...this.records.values()].filter((r) => r.file === file && (runtime === undefined || r.runtime?.label === runtime)).map((r) => r.info.id);
  }

  /** The results built so far, by id (for planning the passes). */
  current(ids: readonly string[]): BenchmarkResult[] {
    const analysed = new Map(this.analysed(false).benchmarks.map((b) => [b.id, b]));
    return ids.flatMap((id) => (analysed.has(id) ? [analysed.get(id)!] : []));
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
    const file = this.analysed(final !== null);
    if (final === null) return file;
    return { ...file, complete: final.complete, finishedAt: final.complete ? new Date().toISOString() : null };
  }

  /** The measurements so far, in declaration order, analysed (what compares benchmarks only when final). */
  private analysed(final: boolean): ResultsFile {
    const benchmarks = [...this.records.keys()].filter((id) => this.raw.has(id)).map((id) => this.raw.get(id)!);
    return analyse({ ...this.results, benchmarks }, { baseline: this.baseline, analysedBy: ubenchVersion(), partial: !final, cache: this.analyses });
  }

  private record(id: string): BenchmarkRecord {
    const record = this.records.get(id);
    if (record === undefined) throw new Error(`internal: result for undeclared benchmark ${id}`);
    return record;
  }

  /** Records one benchmark again from what its processes and passes reported. */
  private rebuild(id: string, raw: BenchmarkResult = buildResult(this.record(id), this.seed)): void {
    this.raw.set(id, raw);
  }
}
