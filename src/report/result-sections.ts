/**
 * The order in which reports present results: by file, then by group within the file.
 *
 * Files appear in the order of their first benchmark in `results.benchmarks`, followed by files
 * that only have a load error. Within a file the ungrouped benchmarks (group `null`) come first,
 * then named groups in order of first appearance. Benchmarks keep their order from the results.
 */

import { isMultiRuntime, qualifiedId } from '../results/runtime-keys.js';
import type { BenchmarkResult, BenchmarkRuntime, FileError, ResultsFile } from '../results/types.js';

export interface GroupSection {
  /** `null` for the file's ungrouped benchmarks. */
  group: string | null;
  benchmarks: BenchmarkResult[];
}

export interface FileSection {
  /** The file as the report heads it (with ` [<runtime>]` when the run measured several runtimes). */
  file: string;
  /** The runtime its benchmarks ran on, when the file records one. */
  runtime: BenchmarkRuntime | null;
  /** Load errors reported for this file (normally none when it has benchmarks). */
  fileErrors: FileError[];
  /** Ungrouped section first (only when non-empty), then named groups. */
  groups: GroupSection[];
  /** All of the file's benchmarks, in results order. */
  benchmarks: BenchmarkResult[];
}

export function sectionResults(results: ResultsFile): FileSection[] {
  const files = new Map<string, FileSection>();
  const sectionFor = (file: string, runtime: BenchmarkRuntime | null): FileSection => {
    let section = files.get(file);
    if (section === undefined) {
      section = { file, runtime, fileErrors: [], groups: [], benchmarks: [] };
      files.set(file, section);
    }
    section.runtime ??= runtime;
    return section;
  };
  // Several runtimes: a section per file and runtime (a file's load error on one runtime is keyed the same way).
  const multi = isMultiRuntime(results);
  const keyOf = (benchmark: BenchmarkResult): string => (multi && benchmark.runtime !== undefined ? qualifiedId(benchmark.file, benchmark.runtime.label) : benchmark.file);

  for (const benchmark of results.benchmarks) sectionFor(keyOf(benchmark), benchmark.runtime ?? null).benchmarks.push(benchmark);
  for (const fileError of results.fileErrors) sectionFor(fileError.file, null).fileErrors.push(fileError);

  for (const section of files.values()) {
    const ungrouped: BenchmarkResult[] = [];
    const named = new Map<string, BenchmarkResult[]>();
    for (const benchmark of section.benchmarks) {
      if (benchmark.group === null) {
        ungrouped.push(benchmark);
        continue;
      }
      const list = named.get(benchmark.group);
      if (list === undefined) named.set(benchmark.group, [benchmark]);
      else list.push(benchmark);
    }
    if (ungrouped.length > 0) section.groups.push({ group: null, benchmarks: ungrouped });
    for (const [group, benchmarks] of named) section.groups.push({ group, benchmarks });
  }
  return [...files.values()];
}
