/**
 * ubench: declare benchmarks in `*.bench.ts` files and run them with `npx ubench` — or from a script
 * with `run()`, then `compare()` and gate on `slowerThan()`.
 * @packageDocumentation
 */
import type * as Api from './api.js';
import type { ResultsFile } from './results/types.js';

export { bench, group } from './define/bench.js';
export { DeclarationError } from './define/declaration-error.js';
export { range } from './define/param-range.js';
export type { ArgsOf, BenchContext, BenchFn, BenchOptions, DeclaredArgs, ManualBenchFn, Params, ParamsBenchFn, ParamValue, SetupBench } from './define/declaration-types.js';
export type * from './results/types.js';
export { SCHEMA_VERSION } from './results/types.js';
export { readResults, ResultsFileError } from './results/files/read-results.js';
export type { CompareApiOptions, Duration, RunApiOptions } from './api.js';
export type { FinishedBenchmark } from './results/finished-benchmark.js';
export type { Comparison, CompareRow, Verdict } from './analysis/compare-runs.js';
export type { MergeInput } from './analysis/merge-results.js';

// The runner and the analysis load on first use: bench files import this module for bench() in
// every benchmark process, which needs none of them.
const api = (): Promise<typeof Api> => import('./api.js');

/** Runs bench files as `npx ubench` does; resolves to the analysed results. See RunApiOptions. */
export async function run(options: Api.RunApiOptions = {}): Promise<ResultsFile> {
  return (await api()).run(options);
}

/** A results file analysed by this version's rules (what every command does to a file it reads). */
export async function analyse(results: ResultsFile): Promise<ResultsFile> {
  return (await api()).analyse(results);
}

/** `next` against `base` with `ubench compare`'s verdict rules. */
export async function compare(base: ResultsFile, next: ResultsFile, options: Api.CompareApiOptions = {}): Promise<import('./analysis/compare-runs.js').Comparison> {
  return (await api()).compare(base, next, options);
}

/** Why each change called in `comparison` happened, from the evidence both files carry (runs made with --profile, --instructions, --alloc-sites). */
export async function explain(base: ResultsFile, next: ResultsFile, comparison: import('./analysis/compare-runs.js').Comparison): Promise<import('./results/types.js').Explanation[]> {
  return (await api()).explain(base, next, comparison);
}

/** The rows of a comparison significantly slower by more than `threshold` (0.05 = 5%), as `--fail-on-regression` finds them. */
export async function slowerThan(comparison: import('./analysis/compare-runs.js').Comparison, threshold: number): Promise<{ name: string; change: number }[]> {
  return (await api()).slowerThan(comparison, threshold);
}

/** Results files (shards, runs of one suite) merged into one, as `ubench merge` does. */
export async function merge(inputs: readonly import('./analysis/merge-results.js').MergeInput[]): Promise<ResultsFile> {
  return (await api()).merge(inputs);
}
