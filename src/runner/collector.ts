/**
 * Gathers what benchmark processes report into the results file, in declaration order, and
 * writes it after every benchmark so a crash or Ctrl-C later loses nothing.
 */
import { withRelative } from '../analysis/relative.js';
import { buildResult, type BenchmarkRecord } from '../analysis/build-result.js';
import { diagnose } from '../analysis/diagnostics/diagnose.js';
import type { DeclaredInfo, MeasuredBenchmark } from '../engine/events.js';
import type { BenchmarkResult, ErrorInfo, ResultsFile } from '../results/types.js';

export class ResultCollector {
  private readonly records = new Map<string, BenchmarkRecord>();
  private readonly built = new Map<string, BenchmarkResult>();

  constructor(
    readonly results: ResultsFile,
    private readonly seed: number,
  ) {}

  declare(file: string, benchmarks: readonly DeclaredInfo[]): void {
    for (const info of benchmarks) {
      if (!this.records.has(info.id)) this.records.set(info.id, { info, file, runs: [], failure: null });
    }
  }

  measured(id: string, result: MeasuredBenchmark): void {
    this.record(id).runs.push(result);
    this.rebuild(id);
  }

  failed(id: string, status: 'error' | 'timeout', error: ErrorInfo): void {
    const record = this.record(id);
    record.failure ??= { status, error };
    this.rebuild(id);
  }

  fileError(file: string, error: ErrorInfo): void {
    if (!this.results.fileErrors.some((e) => e.file === file)) this.results.fileErrors.push({ file, error });
  }

  get declaredCount(): number {
    return this.records.size;
  }

  /** The results so far; `final` adds relative speeds and marks the file complete. */
  snapshot(final: { complete: boolean } | null): ResultsFile {
    const ordered = [...this.records.keys()].filter((id) => this.built.has(id)).map((id) => this.built.get(id)!);
    if (final === null) return { ...this.results, benchmarks: ordered };
    return {
      ...this.results,
      complete: final.complete,
      finishedAt: final.complete ? new Date().toISOString() : null,
      benchmarks: withRelative(ordered, this.seed),
    };
  }

  private record(id: string): BenchmarkRecord {
    const record = this.records.get(id);
    if (record === undefined) throw new Error(`internal: result for undeclared benchmark ${id}`);
    return record;
  }

  private rebuild(id: string): void {
    const result = buildResult(this.record(id), this.seed);
    const context = { clock: this.results.environment.clock, precisionTarget: this.results.settings.precisionTarget };
    this.built.set(id, { ...result, diagnostics: diagnose(result, context) });
  }
}
