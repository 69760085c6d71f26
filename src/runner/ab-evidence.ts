/**
 * `ab --explain`: after the pairs, both sides run once more with the evidence passes (`--profile`,
 * `--alloc-sites`, `--disasm`, and `--instructions` where valgrind is installed), only for the
 * benchmarks whose change was called, so analysis/explain/ can diff what each side did.
 */
import { valgrindVersion } from '../profiling/callgrind-command.js';
import type { ResultsFile } from '../results/types.js';
import { passSelection } from './passes/pass-registry.js';
import type { AbRunOptions } from './run-ab.js';
import { runBenchmarks, type RunDeps } from './run.js';

export interface AbEvidence {
  a: ResultsFile;
  b: ResultsFile;
  /** What could not be gathered here, and why (valgrind missing). */
  notes: string[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `ids`: the called benchmarks' ids on each side. Null when interrupted. */
export async function abEvidence(options: AbRunOptions, ids: { a: readonly string[]; b: readonly string[] }, deps: RunDeps): Promise<AbEvidence | null> {
  const valgrind = valgrindVersion();
  const notes = 'missing' in valgrind ? [`instructions per op were not counted: ${valgrind.missing}`] : [];
  const passes = passSelection({ profile: true, allocSites: true, disasm: true, instructions: !('missing' in valgrind) });
  const sides: ResultsFile[] = [];
  for (const [index, side] of options.sides.entries()) {
    const only = index === 0 ? ids.a : ids.b;
    const filter = `^(?:${only.map(escapeRegExp).join('|')})$`;
    const label = `explain ${index === 0 ? 'A' : 'B'}`;
    const outcome = await runBenchmarks(
      { ...options.run, cwd: side.root, targets: [...side.files], forks: 1, jsonPath: null, historyDir: null, baselinePath: null, filter, passes },
      { ...deps, progress: (text) => deps.progress(`${label} ${text}`), finished: (benchmark) => deps.finished?.({ ...benchmark, label }) },
    );
    if (outcome.interrupted) return null;
    sides.push(outcome.results);
  }
  return { a: sides[0]!, b: sides[1]!, notes };
}
