/**
 * A ubench result → the tinybench-shaped result vitest expects (its table, `toBeFasterThan` /
 * `toBeSlowerThan`, `bench.compare`, `withBaseline`, `outputJson` all read these fields), in the
 * shape a tinybench file's tasks hold under ubench (define/foreign/tinybench-statistics.ts says
 * what each figure carries): vitest's comparisons use ubench's estimate.
 */
import { tinybenchFigures } from '../define/foreign/tinybench-statistics.js';
import type { BenchmarkResult } from '../results/types.js';
import { perOpValues } from '../results/derived-values.js';
import type { VitestBenchResult } from './vitest-types.js';
import { NODE_VERSION } from '../results/runtimes/this-runtime.js';

/** Throws for a benchmark without an estimate (it failed): vitest then fails the test with that message. */
export function toVitestResult(name: string, result: BenchmarkResult, retainSamples: boolean): VitestBenchResult {
  const estimate = result.estimate;
  if (estimate === null || result.status !== 'ok') throw new Error(`${name}: ${result.error?.message ?? 'ubench measured no estimate'}`);
  const elapsedNs = result.samples.reduce((sum, s) => sum + s.elapsedNs, 0);
  return {
    name,
    state: 'completed',
    ...tinybenchFigures(estimate, perOpValues(result.samples), elapsedNs, retainSamples),
    runtime: 'node',
    runtimeVersion: NODE_VERSION,
    timestampProviderName: 'hrtime',
  };
}
