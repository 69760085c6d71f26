/**
 * The order in which reports present results: by file, then by group within the file.
 *
 * Files appear in the order of their first benchmark in `results.benchmarks`, followed by files
 * that only have a load error. Within a file the ungrouped benchmarks (group `null`) come first,
 * then named groups in order of first appearance. Benchmarks keep their order from the results.
 */

import type { BenchmarkResult, FileError, ResultsFile } from '../results/types.js';

export interface GroupSection {
  /** `null` for the file's ungrouped benchmarks. */
  group: string | null;
  benchmarks: BenchmarkResult[];
}

export interface FileSection {
  file: string;
  /** Load errors reported for this file (normally none when it has benchmarks). */
  fileErrors: FileError[];
  /** Ungrouped section first (only when non-empty), then named groups. */
  groups: GroupSection[];
  /** All of the file's benchmarks, in results order. */
  benchmarks: BenchmarkResult[];
}

export function sectionResults(results: ResultsFile): FileSection[] {
  const files = new Map<string, FileSection>();
  const sectionFor = (file: string): FileSection => {
    let section = files.get(file);
    if (section === undefined) {
      section = { file, fileErrors: [], groups: [], benchmarks: [] };
      files.set(file, section);
    }
    return section;
  };

  for (const benchmark of results.benchmarks) sectionFor(benchmark.file).benchmarks.push(benchmark);
  for (const fileError of results.fileErrors) sectionFor(fileError.file).fileErrors.push(fileError);

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
