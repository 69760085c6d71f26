/** What a run reports when a benchmark finishes: the benchmark as analysed so far, and where the run stands. */
import type { BenchmarkResult } from './types.js';

export interface FinishedBenchmark {
  /** The benchmark as analysed so far (its file's later benchmarks may still change its diagnostics). */
  result: BenchmarkResult;
  /** Benchmarks finished, this one included (every fork counts). */
  done: number;
  /** Benchmarks declared so far times forks (a bench file declares its benchmarks when its process starts). */
  total: number;
  /** The fork when the run has several (`--forks`), else null. */
  fork: { index: number; count: number } | null;
  /** The runtime's label when the run measures several (`--runtime`), else null. */
  runtime: string | null;
  /** What the run is part of, e.g. `pair 2/10 B` in `ubench ab`, else null. */
  label: string | null;
}
