/**
 * Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format/), the JSON that
 * `bencher run --adapter json` reads, so ubench results can be tracked over time in Bencher.
 */
import type { BenchmarkResult, ResultsFile } from '../results/types.js';

/** Slug of Bencher's built-in Latency measure, in nanoseconds (ns). */
export const BMF_LATENCY = 'latency';
/** Slug of Bencher's built-in Throughput measure, in operations / second (ops/s). */
export const BMF_THROUGHPUT = 'throughput';
/**
 * Heap bytes allocated per operation. Not a built-in measure: Bencher creates a measure the first
 * time an unknown slug arrives; set its units to bytes in the project's settings once.
 */
export const BMF_BYTES_PER_OP = 'bytes-per-op';
/** Nanoseconds per second: ops/s = NS_PER_SECOND / (ns/op). */
const NS_PER_SECOND = 1e9;
/** Spaces of indentation in the output: readable in a CI log and in a diff. */
const JSON_INDENT = 2;

/** One BMF metric: the value and, optionally, the bounds of its interval. */
export interface BmfMetric {
  value: number;
  lower_value?: number;
  upper_value?: number;
}

/** Measures of one benchmark, by measure slug. */
export type BmfBenchmark = Record<string, BmfMetric>;

function metric(value: number, lower: number, upper: number): BmfMetric {
  const bounded = Number.isFinite(lower) && Number.isFinite(upper) && lower <= value && value <= upper;
  return bounded ? { value, lower_value: lower, upper_value: upper } : { value };
}

function measures(benchmark: BenchmarkResult): BmfBenchmark | null {
  const estimate = benchmark.estimate;
  if (benchmark.status !== 'ok' || estimate === null || !Number.isFinite(estimate.nsPerOp)) return null;
  const result: BmfBenchmark = { [BMF_LATENCY]: metric(estimate.nsPerOp, estimate.ciLower, estimate.ciUpper) };
  if (estimate.nsPerOp > 0) {
    // Throughput is the reciprocal of latency, so the interval's bounds swap.
    result[BMF_THROUGHPUT] = metric(NS_PER_SECOND / estimate.nsPerOp, NS_PER_SECOND / estimate.ciUpper, NS_PER_SECOND / estimate.ciLower);
  }
  if (benchmark.memory !== null && Number.isFinite(benchmark.memory.bytesPerOp)) {
    result[BMF_BYTES_PER_OP] = { value: benchmark.memory.bytesPerOp };
  }
  return result;
}

/**
 * The run's successful benchmarks as BMF, keyed by benchmark id (`file#group/name`, unique in a
 * run, so results from different files and groups stay apart in Bencher):
 * - `latency`: median ns/op with its confidence interval as `lower_value` / `upper_value`;
 * - `throughput`: ops/s (1e9 / ns/op), the interval inverted; left out for a 0 ns/op estimate;
 * - `bytes-per-op`: heap bytes allocated per operation, when memory was measured (a custom
 *   measure: Bencher creates it on first upload).
 * Bounds are left out where they are not finite. Failed benchmarks are not included.
 */
export function resultsBmf(results: ResultsFile): string {
  // No prototype: a benchmark id can never collide with an inherited property.
  const document = Object.create(null) as Record<string, BmfBenchmark>;
  for (const benchmark of results.benchmarks) {
    const entry = measures(benchmark);
    if (entry !== null) document[benchmark.id] = entry;
  }
  return `${JSON.stringify(document, null, JSON_INDENT)}\n`;
}
