/**
 * `analyse()`: a results file's measurements → everything ubench concludes from them, under today's
 * rules. The runner writes measurements (samples, floors, probes, passes' readings); every command
 * that reads a results file runs this on it, so a file written by an older ubench gets today's
 * estimates, host tracks, diagnostics, relative speeds and complexity fits. Pure: the same file gives the same result.
 */
import type { BenchmarkResult, Diagnostic, ResultsFile } from '../results/types.js';
import { analyseBenchmark } from './analyse-benchmark.js';
import { withComplexity } from './complexity.js';
import { rederive } from './build-result.js';
import { withRelativeSpeeds } from './runtime-relative.js';
import { clockFor, fileRuntimeKey } from '../results/runtime-keys.js';

/** An earlier run this one is held to (`--baseline`): its results and how messages name it. */
export interface Baseline {
  label: string;
  results: ResultsFile;
}

export interface AnalyseOptions {
  /** The results of `--baseline`; without it, the diagnostics a baseline gave when the file was written are kept. */
  baseline?: Baseline | null;
  /** The ubench version to record as the analyser (the running one's, by the caller). */
  analysedBy: string;
}

/** Diagnostics that need more than the file holds (a baseline file of the run's day), kept from the original when it is not given. */
const RUN_CONTEXT_CODES: ReadonlySet<string> = new Set(['memory-grew']);

/** The diagnostics of a result that no analysis of the file alone can give again. */
export const runContextDiagnostics = (result: BenchmarkResult): Diagnostic[] => result.diagnostics.filter((d) => RUN_CONTEXT_CODES.has(d.code));

/** The benchmark's measurements without what an analysis added. */
function measurementsOf(result: BenchmarkResult, seed: number): BenchmarkResult {
  return { ...rederive(result, seed), host: null, relative: null, diagnostics: [] };
}

/**
 * Analyses the benchmarks of one bench file together (interleaved ones share rounds, from which the
 * host's movement is read). `results` holds measurements only.
 */
export function analyseFileBenchmarks(results: readonly BenchmarkResult[], file: Pick<ResultsFile, 'environment' | 'settings' | 'runtimes'>, baseline: Baseline | null): BenchmarkResult[] {
  return results.map((result) => {
    const previous = baseline?.results.benchmarks.find((b) => b.id === result.id);
    return analyseBenchmark(result, results, {
      clock: clockFor(file, result),
      precisionTarget: file.settings.precisionTarget,
      baseline: previous === undefined ? null : { label: baseline!.label, result: previous },
    });
  });
}

export function analyse(file: ResultsFile, options: AnalyseOptions): ResultsFile {
  const seed = file.settings.seed;
  const measured = file.benchmarks.map((b) => measurementsOf(b, seed));
  const byFile = new Map<string, BenchmarkResult[]>();
  for (const result of measured) {
    const group = byFile.get(fileRuntimeKey(result));
    if (group === undefined) byFile.set(fileRuntimeKey(result), [result]);
    else group.push(result);
  }
  const analysed = new Map<string, BenchmarkResult>();
  for (const group of byFile.values()) {
    for (const result of analyseFileBenchmarks(group, file, options.baseline ?? null)) analysed.set(result.id, result);
  }
  const benchmarks = file.benchmarks.map((original) => {
    const result = analysed.get(original.id)!;
    if (options.baseline != null) return result;
    const kept = runContextDiagnostics(original);
    return kept.length === 0 ? result : { ...result, diagnostics: [...result.diagnostics, ...kept] };
  });
  return withComplexity({ ...file, benchmarks: withRelativeSpeeds(benchmarks, file.runtimes, seed), analysedBy: options.analysedBy });
}
