/**
 * Each benchmark's estimate over the run history, with every change between consecutive runs of it
 * tested the way `ubench compare` tests two files (Mann–Whitney U, bootstrap CI of the change, the
 * noise band), so a step in the series is marked only when it is a real change.
 */
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { comparable, compareBenchmarks, type CompareRow } from './compare-runs.js';

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
  /** Against this benchmark's previous measured point; null for the first measured point and for failures. */
  change: Pick<CompareRow, 'change' | 'ciLower' | 'ciUpper' | 'pValue' | 'verdict' | 'unit' | 'reason'> | null;
}

export interface BenchmarkHistory {
  id: string;
  name: string;
  file: string;
  group: string | null;
  points: HistoryPoint[];
}

export interface RunHistoryAnalysis {
  runs: HistoryRunInfo[];
  benchmarks: BenchmarkHistory[];
}

export interface HistoryOptions {
  /** Only benchmarks whose id matches. */
  filter: RegExp | null;
  noise: number;
  seed: number;
}

/** Series of every benchmark (matching the filter) over `runs`, given oldest first. */
export function analyseHistory(runs: readonly { label: string; results: ResultsFile }[], options: HistoryOptions): RunHistoryAnalysis {
  const series = new Map<string, BenchmarkHistory>();
  const previous = new Map<string, BenchmarkResult>();
  runs.forEach(({ results }, run) => {
    for (const b of results.benchmarks) {
      if (options.filter !== null && !options.filter.test(b.id)) continue;
      let history = series.get(b.id);
      if (history === undefined) {
        history = { id: b.id, name: b.name, file: b.file, group: b.group, points: [] };
        series.set(b.id, history);
      }
      const measured = comparable(b);
      const before = previous.get(b.id);
      const row = measured && before !== undefined ? compareBenchmarks(before, b, { noise: options.noise, seed: options.seed }) : null;
      history.points.push({
        run,
        status: b.status,
        nsPerOp: b.estimate?.nsPerOp ?? null,
        ciLower: b.estimate?.ciLower ?? null,
        ciUpper: b.estimate?.ciUpper ?? null,
        change: row === null ? null : { change: row.change, ciLower: row.ciLower, ciUpper: row.ciUpper, pValue: row.pValue, verdict: row.verdict, unit: row.unit, reason: row.reason },
      });
      if (measured) previous.set(b.id, b);
    }
  });
  return {
    runs: runs.map(({ label, results }) => ({
      label,
      startedAt: results.environment.startedAt,
      commit: results.environment.git?.commit ?? null,
      dirty: results.environment.git?.dirty ?? false,
      complete: results.complete,
    })),
    benchmarks: [...series.values()],
  };
}
