/**
 * How the results of several runtimes stay apart in one file: a benchmark's id ends in ` [<label>]`
 * when the run measured more than one runtime, and everything that pools benchmarks (relative speed,
 * rounds shared within a file) keys on the runtime as well as the file.
 */
import type { RuntimeName } from './runtime-identity.js';
import type { BenchmarkResult, ClockInfo, ResultsFile } from './types.js';

/** The id of a benchmark on one of several runtimes: `file#name [bun]`. */
export function qualifiedId(id: string, label: string): string {
  return `${id} [${label}]`;
}

/** `qualifiedId` undone: the id as the benchmark's process names it (unchanged when it carries no such label). */
export function unqualifiedId(id: string, label: string): string {
  const suffix = ` [${label}]`;
  return id.endsWith(suffix) ? id.slice(0, -suffix.length) : id;
}

/** The id without its runtime (what names the same benchmark on every runtime). */
export function runtimeFreeId(result: Pick<BenchmarkResult, 'id' | 'runtime'>): string {
  return result.runtime === undefined ? result.id : unqualifiedId(result.id, result.runtime.label);
}

/** The runtime label a benchmark is keyed by ('' for files from before `--runtime`). */
export function runtimeKey(result: Pick<BenchmarkResult, 'runtime'>): string {
  return result.runtime?.label ?? '';
}

/** Benchmarks analysed together: same file, same runtime. */
export function fileRuntimeKey(result: Pick<BenchmarkResult, 'file' | 'runtime'>): string {
  return `${result.file}\u0000${runtimeKey(result)}`;
}

/** Whether the file compares runtimes (more than one measured). */
export function isMultiRuntime(file: Pick<ResultsFile, 'runtimes'>): boolean {
  return (file.runtimes?.length ?? 0) > 1;
}

/** The clock a benchmark was timed with: its runtime's, else the environment's. */
export function clockFor(file: Pick<ResultsFile, 'runtimes' | 'environment'>, result: Pick<BenchmarkResult, 'runtime'>): ClockInfo | null {
  const runtime = result.runtime === undefined ? undefined : file.runtimes?.find((r) => r.label === result.runtime!.label);
  return runtime?.clock ?? file.environment.clock;
}

/** The runtime a benchmark ran on: its own record, else (older files) the environment's. */
export function runtimeOfResult(file: Pick<ResultsFile, 'environment'>, result: Pick<BenchmarkResult, 'runtime'>): { label: string; name: RuntimeName; version: string } {
  if (result.runtime !== undefined) return { label: result.runtime.label, name: result.runtime.name, version: result.runtime.version };
  return { label: file.environment.runtime, name: file.environment.runtime, version: file.environment.runtimeVersion };
}
