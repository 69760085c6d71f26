/**
 * The programmatic API: what `npx ubench` does, from a script. `run()` takes the CLI's options,
 * typed (cli/run-input.ts), checks them with the very code the CLI's flags go through (a mistake
 * throws a `UsageError` with the CLI's one-line message), measures in child processes and resolves
 * to the analysed results file.
 * Loaded lazily by `index.ts`, so bench files that import `ubench` for `bench()` stay light.
 */
import { compareRuns, DEFAULT_NOISE, type Comparison } from './analysis/compare-runs.js';
import { mergeResults, type MergeInput } from './analysis/merge-results.js';
import { slowerRows } from './analysis/regression-gate.js';
import { analysedNow } from './analysis/read-analysed.js';
import { explainComparison } from './analysis/explain/explain-comparison.js';
import path from 'node:path';
import { EXPORTERS, type ExportFormat } from './cli/export-files.js';
import { baselineFile } from './cli/option-values.js';
import { runOptionsOf, type RunInput } from './cli/run-input.js';
import { renderResultsPage } from './html/results-page.js';
import { resultsText, writeTextAtomic } from './results/files/write-results.js';
import { createRuntimeExecutor } from './runner/child/runtime-executor.js';
import { runBenchmarks } from './runner/run.js';
import type { FinishedBenchmark } from './results/finished-benchmark.js';
import type { Explanation, ResultsFile } from './results/types.js';

export type { Duration } from './cli/measurement-options.js';

/**
 * What `run()` takes: every option of a run the CLI has (RunInput: the measurement options, every
 * pass switch of the registry such as `gcCost` or `instructions`, …), the exports, and callbacks.
 * The CLI's terminal options have their API elsewhere: `--compare`/`--fail-on-regression` are
 * `compare()` and `slowerThan()`; `--quiet`/`--color` are the callbacks'; `--strict` is the
 * diagnostics' severities in the results.
 */
export interface RunApiOptions extends RunInput {
  /** Folder the files are relative to and results are named from; default: `process.cwd()`. */
  cwd?: string;
  /** Also save the results as a baseline: a name (`.ubench/baselines/<name>.json`) or a path (`--save-baseline`). */
  saveBaseline?: string;
  /** Also write the results as a Markdown table here (`--markdown`). */
  markdown?: string;
  /** Also write one CSV row per benchmark here (`--csv`). */
  csv?: string;
  /** Also write Go benchmark format here (`--benchfmt`). */
  benchfmt?: string;
  /** Also write Bencher Metric Format JSON here (`--bmf`). */
  bmf?: string;
  /** Also write the HTML report here (`--html`). */
  html?: string;
  /** Progress messages, as the CLI's status line shows them. */
  onProgress?: (text: string) => void;
  /** Each benchmark as it finishes its timing run (measured or failed), with where the run stands: what the CLI prints a line for in a CI log. */
  onBenchmark?: (benchmark: FinishedBenchmark) => void;
  /** What the benchmarks print (console.log in a bench file); default: written to this process's stderr. */
  onOutput?: (text: string) => void;
  /** A problem that does not stop the run (the history could not be written). */
  onWarning?: (text: string) => void;
  /** ubench's note on a file's declarations (a foreign file's benchmarks its harness would not run, options ignored), once per file and text; default: written to this process's stderr. */
  onNote?: (file: string, text: string) => void;
  /** Aborting stops the run; the promise then resolves to what was measured (`complete: false`). */
  signal?: AbortSignal;
}

/** The output options of `run()` and the CLI flag each one stands for. */
export const RUN_API_OUTPUT_FLAGS = {
  saveBaseline: '--save-baseline',
  markdown: '--markdown',
  csv: '--csv',
  benchfmt: '--benchfmt',
  bmf: '--bmf',
  html: '--html',
} as const satisfies Record<Exclude<keyof RunApiOptions, keyof RunInput | 'cwd' | `on${string}` | 'signal'>, string>;

/** The files the run's results are also written to, checked before measuring. */
function outputFiles(options: RunApiOptions, cwd: string): { path: string; text: (results: ResultsFile) => string }[] {
  const outputs: { path: string; text: (results: ResultsFile) => string }[] = [];
  for (const format of Object.keys(EXPORTERS) as ExportFormat[]) {
    const target = options[format];
    if (target !== undefined) outputs.push({ path: path.resolve(cwd, target), text: EXPORTERS[format] });
  }
  if (options.html !== undefined) outputs.push({ path: path.resolve(cwd, options.html), text: (results) => renderResultsPage(results, {}) });
  if (options.saveBaseline !== undefined) outputs.push({ path: baselineFile(options.saveBaseline, cwd, '--save-baseline'), text: resultsText });
  return outputs;
}

/** Runs bench files as `npx ubench` does and resolves to the analysed results (also written to `json` and the exports asked for). */
export async function run(options: RunApiOptions = {}): Promise<ResultsFile> {
  const cwd = options.cwd ?? process.cwd();
  const runOptions = runOptionsOf(options, cwd, process.env);
  const outputs = outputFiles(options, cwd);
  const output = options.onOutput ?? ((text: string) => void process.stderr.write(text));
  const outcome = await runBenchmarks(runOptions, {
    executor: createRuntimeExecutor({ relay: output, cwd }),
    progress: options.onProgress ?? (() => undefined),
    finished: options.onBenchmark,
    warn: options.onWarning ?? ((text) => void process.stderr.write(`ubench: warning: ${text}\n`)),
    note: options.onNote ?? ((file, text) => void process.stderr.write(`ubench: ${file}: ${text}\n`)),
    signal: options.signal,
  });
  for (const target of outputs) writeTextAtomic(target.path, target.text(outcome.results));
  return outcome.results;
}

/** A results file analysed by this version's rules: estimates, host tracks, diagnostics, relative speeds (what every command does to a file it reads). */
export function analyse(results: ResultsFile): ResultsFile {
  return analysedNow(results);
}

export interface CompareApiOptions {
  /** Changes within ±noise are reported as no change (default 0.01 = ±1%). */
  noise?: number;
  /** Seed of the bootstrap (default 1). */
  seed?: number;
}

/** `next` against `base`, benchmark by benchmark, with the same verdict rules as `ubench compare`. */
export function compare(base: ResultsFile, next: ResultsFile, options: CompareApiOptions = {}): Comparison {
  return compareRuns(analyse(base), analyse(next), { noise: options.noise ?? DEFAULT_NOISE, seed: options.seed ?? 1 });
}

/** Why each change of the comparison happened, from the evidence both files carry (`compare --explain`). */
export function explain(base: ResultsFile, next: ResultsFile, comparison: Comparison): Explanation[] {
  return explainComparison(comparison, analyse(base), analyse(next));
}

/** The rows of a comparison that are significantly slower by more than `threshold` (0.05 = 5%), as `--fail-on-regression` finds them. */
export function slowerThan(comparison: Comparison, threshold: number): { name: string; change: number }[] {
  return slowerRows(comparison, threshold).map((r) => ({ name: r.label, change: r.change }));
}

/** Results files (shards, runs of one suite) as one; see `ubench merge`. Throws a one-line error when they cannot be merged. */
export function merge(inputs: readonly MergeInput[]): ResultsFile {
  return analysedNow(mergeResults(inputs));
}
