/**
 * `ab --explain`: after the pairs, both sides run once more with the evidence passes (`--profile`,
 * `--alloc-sites`, `--disasm`, and `--instructions` where valgrind is installed), only for the
 * benchmarks whose change was called, so analysis/explain/ can diff what each side did. The two
 * sides run side by side (callgrind, the slowest pass, took ~30 s a side here).
 */
import path from 'node:path';
import { valgrindVersion } from '../../profiling/callgrind-command.js';
import type { ResultsFile } from '../../results/types.js';
import { passSelection } from '../passes/pass-registry.js';
import type { AbRunOptions, AbSide } from './run-ab.js';
import { runBenchmarks, type RunDeps } from '../run.js';

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
  const runSide = async (index: number, side: AbSide): Promise<ResultsFile | null> => {
    const only = index === 0 ? ids.a : ids.b;
    const filter = `^(?:${only.map(escapeRegExp).join('|')})$`;
    const letter = index === 0 ? 'A' : 'B';
    const label = `explain ${letter}`;
    const outcome = await runBenchmarks(
      {
        ...options.run,
        cwd: side.root,
        targets: [...side.files],
        forks: 1,
        jsonPath: null,
        historyDir: null,
        baselinePath: null,
        filter,
        passes,
        timingOnly: false,
        // Each side's profiles in a folder of its own: the two runs start in the same millisecond, and their folders are named after it.
        profileDir: path.join(options.run.profileDir, `explain-${letter.toLowerCase()}`),
      },
      { ...deps, progress: (text) => deps.progress(`${label} ${text}`), finished: (benchmark) => deps.finished?.({ ...benchmark, label }) },
    );
    return outcome.interrupted ? null : outcome.results;
  };
  // Both sides at once: every figure read from these runs is a count or a share (instructions, bytes/op
  // and sites, deopts, tier, code size, each function's share of the samples), which the other
  // process does not move; the time is the pairs'. Both are waited for, so neither outlives its checkout.
  const settled = await Promise.allSettled(options.sides.map((side, index) => runSide(index, side)));
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  const [a, b] = settled.map((s) => (s as PromiseFulfilledResult<ResultsFile | null>).value);
  return a == null || b == null ? null : { a, b, notes };
}
