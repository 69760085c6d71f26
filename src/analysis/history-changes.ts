/**
 * Each benchmark's estimate over the run history, with every change between consecutive runs of it
 * tested the way `ubench compare` tests two files (Mann–Whitney U, bootstrap CI of the change, the
 * noise band), so a step in the series is marked only when it is a real change.
 */
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { comparable, compareBenchmarks, type CompareMetric, type CompareRow } from './compare-runs.js';
import { compareInstructionCounts, measuredCount } from './compare-instructions.js';
import { fingerprintDifferences, fingerprintOfFile } from './machine-fingerprint.js';

export interface HistoryRunInfo {
  /** The history file, as shown to the user. */
  label: string;
  startedAt: string;
  commit: string | null;
  dirty: boolean;
  complete: boolean;
}

export interface HistoryPoint {
  /** Index into `RunHistoryAnalysis.runs`. */
  run: number;
  status: BenchmarkResult['status'];
  nsPerOp: number | null;
  ciLower: number | null;
  ciUpper: number | null;
  /** With `--metric instructions`: the run's instructions per operation and its interval (null where not counted). */
  instructions?: { perOp: number; ciLower: number; ciUpper: number } | null;
  /** Against this benchmark's previous measured point; null for the first measured point and for failures. */
  change: (Pick<CompareRow, 'change' | 'ciLower' | 'ciUpper' | 'pValue' | 'verdict' | 'unit' | 'reason' | 'bandText'> & { band?: number }) | null;
}

export interface BenchmarkHistory {
  id: string;
  name: string;
  file: string;
  group: string | null;
  points: HistoryPoint[];
}

export interface RunHistoryAnalysis {
  /** What the changes were called on (absent: time). */
  metric?: CompareMetric;
  runs: HistoryRunInfo[];
  benchmarks: BenchmarkHistory[];
  /** Where consecutive runs come from different machines or software (CPU, cores, memory, OS, runtime, V8), in words. */
  notes: string[];
}

export interface HistoryOptions {
  /** Only benchmarks whose id matches. */
  filter: RegExp | null;
  noise: number;
  seed: number;
  /** Call changes on time (default) or on instructions per operation. */
  metric?: CompareMetric;
}

/** Series of every benchmark (matching the filter) over `runs`, given oldest first. */
export function analyseHistory(runs: readonly { label: string; results: ResultsFile }[], options: HistoryOptions): RunHistoryAnalysis {
  const series = new Map<string, BenchmarkHistory>();
  const previous = new Map<string, BenchmarkResult>();
  const previousFile = new Map<string, ResultsFile>();
  const kept = runs.map((r) => r.results);
  runs.forEach(({ results }, run) => {
    for (const b of results.benchmarks) {
      if (options.filter !== null && !options.filter.test(b.id)) continue;
      let history = series.get(b.id);
      if (history === undefined) {
        history = { id: b.id, name: b.name, file: b.file, group: b.group, points: [] };
        series.set(b.id, history);
      }
      const counts = options.metric === 'instructions';
      const count = measuredCount(b);
      const measured = counts ? count !== null : comparable(b);
      const before = previous.get(b.id);
      const row =
        measured && before !== undefined
          ? counts
            ? compareInstructionCounts(before, b, options.noise)
            : compareBenchmarks(before, b, { noise: options.noise, seed: options.seed, history: kept, files: { base: previousFile.get(b.id)!, next: results } })
          : null;
      history.points.push({
        run,
        status: b.status,
        nsPerOp: b.estimate?.nsPerOp ?? null,
        ciLower: b.estimate?.ciLower ?? null,
        ciUpper: b.estimate?.ciUpper ?? null,
        ...(counts ? { instructions: count === null ? null : { perOp: count.perOp, ciLower: count.ciLower, ciUpper: count.ciUpper } } : {}),
        change:
          row === null
            ? null
            : {
                change: row.change,
                ciLower: row.ciLower,
                ciUpper: row.ciUpper,
                pValue: row.pValue,
                verdict: row.verdict,
                unit: row.unit,
                reason: row.reason,
                band: row.band,
                ...(row.bandText === undefined ? {} : { bandText: row.bandText }),
              },
      });
      if (measured) {
        previous.set(b.id, b);
        previousFile.set(b.id, results);
      }
    }
  });
  return {
    ...(options.metric === undefined ? {} : { metric: options.metric }),
    runs: runs.map(({ label, results }) => ({
      label,
      startedAt: results.environment.startedAt,
      commit: results.environment.git?.commit ?? null,
      dirty: results.environment.git?.dirty ?? false,
      complete: results.complete,
    })),
    benchmarks: [...series.values()],
    notes: machineNotes(runs),
  };
}

/** A note for each pair of consecutive runs whose machines or software differ: a change marked there may be theirs. */
function machineNotes(runs: readonly { label: string; results: ResultsFile }[]): string[] {
  const notes: string[] = [];
  for (let i = 1; i < runs.length; i++) {
    const [before, after] = [runs[i - 1]!, runs[i]!];
    const differences = fingerprintDifferences(fingerprintOfFile(before.results), fingerprintOfFile(after.results));
    if (differences.length > 0) notes.push(`runs differ from ${before.label} to ${after.label} in ${differences.join('; ')}: a change marked there may be theirs, not the code's`);
  }
  return notes;
}
