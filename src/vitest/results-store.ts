/**
 * The provider's results file: written atomically after every test's group (write-results.ts), so
 * `ubench report`, `compare`, `history` and `--html` read a vitest run as they read ubench's own.
 * vitest may give each test file a worker of its own, one after another; each worker rewrites the
 * file under a lock (file-lock.ts), keeping the benchmarks an earlier worker of the same vitest run
 * wrote (same `environment.embedded.session`) and replacing a file left by an earlier run.
 */
import { readFileSync } from 'node:fs';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { withFileLock } from '../results/files/file-lock.js';
import { writeResultsAtomic } from '../results/files/write-results.js';

/** Benchmarks of the same vitest run already in the file, other than `ours`; none when the file is absent, unreadable or another run's. */
function earlierOfSession(path: string, session: string, ours: ReadonlySet<string>): BenchmarkResult[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  try {
    const file = JSON.parse(text) as Partial<ResultsFile>;
    if (file.environment?.embedded?.session !== session || !Array.isArray(file.benchmarks)) return [];
    return file.benchmarks.filter((b) => !ours.has(b.id));
  } catch {
    return [];
  }
}

/** Writes this worker's results, merged with the same run's earlier workers'. Throws a one-line error when it cannot. */
export function saveResults(path: string, results: ResultsFile): void {
  const session = results.environment.embedded?.session;
  withFileLock(path, () => {
    const earlier = session === undefined ? [] : earlierOfSession(path, session, new Set(results.benchmarks.map((b) => b.id)));
    writeResultsAtomic(path, { ...results, benchmarks: [...earlier, ...results.benchmarks] });
  });
}
