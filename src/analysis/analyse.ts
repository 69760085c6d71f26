/**
 * `analyse()`: a results file's measurements → everything ubench concludes from them, under today's
 * rules: estimates from the samples, the instruction fit from the counted regions, the GC cost from
 * the GC-free samples, host tracks, diagnostics, relative speeds and complexity fits. The runner writes measurements (samples, floors, probes, passes' readings); every command
 * that reads a results file runs this on it, so a file written by an older ubench gets today's
 * estimates, host tracks, diagnostics, relative speeds and complexity fits. Pure: the same file gives the same result.
 */
import type { BenchmarkResult, Diagnostic, ResultsFile } from '../results/types.js';
import { analyseBenchmark } from './analyse-benchmark.js';
import { withComplexity } from './complexity.js';
import { rederive } from './derive-from-samples.js';
import { refitInstructions } from './instruction-fit.js';
import { refitGcCost } from './gc-cost.js';
import { allocates } from '../results/memory-types.js';
import { CONFIDENCE, perOpValues } from '../results/derived-values.js';
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
  /**
   * A run's intermediate file (default false): what compares benchmarks with each other — relative
   * speeds within groups and across runtimes, the complexity fits of sweeps — is left out. A group
   * or a sweep is complete only at the end, and refitting every sweep after every benchmark made a
   * suite of n benchmarks cost n whole-file fits.
   */
  partial?: boolean;
  /** Analyses of earlier calls to reuse (see {@link AnalyseCache}); none by default. */
  cache?: AnalyseCache;
}

/**
 * Each bench file's analysis from an earlier call, kept by its benchmarks' results: a call whose
 * file (on one runtime) holds the very same result objects gets the same analysis back without
 * redoing it. The runner analyses the file after every benchmark; without it a suite of n
 * benchmarks would be analysed n times over.
 */
export interface AnalyseCache {
  readonly files: Map<string, { inputs: readonly BenchmarkResult[]; outputs: BenchmarkResult[] }>;
}

export const createAnalyseCache = (): AnalyseCache => ({ files: new Map() });

/** Diagnostics that need more than the file holds (a baseline file of the run's day), kept from the original when it is not given. */
const RUN_CONTEXT_CODES: ReadonlySet<string> = new Set(['memory-grew']);

/** The diagnostics of a result that no analysis of the file alone can give again. */
export const runContextDiagnostics = (result: BenchmarkResult): Diagnostic[] => result.diagnostics.filter((d) => RUN_CONTEXT_CODES.has(d.code));

/** The benchmark's measurements without what an analysis added. */
function measurementsOf(result: BenchmarkResult, seed: number): BenchmarkResult {
  const measured: BenchmarkResult = { ...rederive(result, seed), host: null, relative: null, diagnostics: [] };
  if (result.instructions != null) measured.instructions = refitInstructions(result.instructions);
  const memory = result.memory;
  if (memory?.gcCost != null && result.samples.length > 0) {
    measured.memory = { ...memory, gcCost: refitGcCost(memory.gcCost, perOpValues(result.samples), allocates(memory), CONFIDENCE, seed) };
  }
  return measured;
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
      ...(file.settings.quick === true ? { quick: true } : {}),
      baseline: previous === undefined ? null : { label: baseline!.label, result: previous },
    });
  });
}

export function analyse(file: ResultsFile, options: AnalyseOptions): ResultsFile {
  const seed = file.settings.seed;
  const byFile = new Map<string, BenchmarkResult[]>();
  for (const result of file.benchmarks) {
    const group = byFile.get(fileRuntimeKey(result));
    if (group === undefined) byFile.set(fileRuntimeKey(result), [result]);
    else group.push(result);
  }
  const analysed = new Map<string, BenchmarkResult>();
  for (const [key, group] of byFile) {
    const kept = options.cache?.files.get(key);
    const same = kept !== undefined && kept.inputs.length === group.length && kept.inputs.every((input, i) => input === group[i]);
    const outputs = same
      ? kept.outputs
      : analyseFileBenchmarks(
          group.map((b) => measurementsOf(b, seed)),
          file,
          options.baseline ?? null,
        );
    if (!same) options.cache?.files.set(key, { inputs: group, outputs });
    for (const result of outputs) analysed.set(result.id, result);
  }
  const benchmarks = file.benchmarks.map((original) => {
    const result = analysed.get(original.id)!;
    if (options.baseline != null) return result;
    const kept = runContextDiagnostics(original);
    return kept.length === 0 ? result : { ...result, diagnostics: [...result.diagnostics, ...kept] };
  });
  if (options.partial === true) {
    const { complexity: _left, ...rest } = file;
    return { ...rest, benchmarks, analysedBy: options.analysedBy };
  }
  return withComplexity({ ...file, benchmarks: withRelativeSpeeds(benchmarks, file.runtimes, seed), analysedBy: options.analysedBy });
}
