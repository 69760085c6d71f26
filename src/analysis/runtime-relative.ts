/**
 * Several runtimes side by side: every benchmark against the same benchmark on the run's first
 * runtime, as the ratio of their estimates with a bootstrap interval of the ratio of medians. The
 * runtimes ran in separate processes, one after another per file, so nothing pairs their samples:
 * the interval is that of two independent samples (host movement between them widens it), drawn
 * from the samples each estimate was taken from (the host's quiet rounds where it has them).
 */
import { CONFIDENCE } from '../results/derived-values.js';
import { runtimeFreeId, runtimeKey } from '../results/runtime-keys.js';
import type { BenchmarkResult, RunRuntime } from '../results/types.js';
import { bootstrapMedianRatio, DEFAULT_BOOTSTRAP_RESAMPLES } from '../stats/bootstrap.js';
import { createRng } from '../stats/random.js';
import { estimateValues } from './derive-from-samples.js';
import { withRelative } from './relative.js';

const usable = (result: BenchmarkResult | undefined): result is BenchmarkResult =>
  result !== undefined && result.status === 'ok' && result.estimate !== null && result.estimate.nsPerOp > 0 && result.samples.length > 0;

/** Fills `runtimeRelative` when the run measured more than one runtime; returns new objects. */
export function withRuntimeRelative(benchmarks: readonly BenchmarkResult[], runtimes: readonly RunRuntime[] | undefined, seed: number): BenchmarkResult[] {
  if (runtimes === undefined || runtimes.length < 2) return [...benchmarks];
  const reference = runtimes[0]!.label;
  const references = new Map(benchmarks.filter((b) => runtimeKey(b) === reference).map((b) => [runtimeFreeId(b), b]));
  return benchmarks.map((result) => {
    if (result.runtime === undefined) return result;
    const base = references.get(runtimeFreeId(result));
    if (!usable(result) || !usable(base)) return { ...result, runtimeRelative: null };
    if (base === result) return { ...result, runtimeRelative: { reference, ratio: 1, ciLower: 1, ciUpper: 1 } };
    const boot = bootstrapMedianRatio(estimateValues(result), estimateValues(base), {
      resamples: DEFAULT_BOOTSTRAP_RESAMPLES,
      confidence: CONFIDENCE,
      rng: createRng(seed),
    });
    return { ...result, runtimeRelative: { reference, ratio: result.estimate!.nsPerOp / base.estimate!.nsPerOp, ciLower: boot.lower, ciUpper: boot.upper } };
  });
}

/** Both relative speeds a results file holds: within groups (relative.ts), then across runtimes. */
export function withRelativeSpeeds(benchmarks: readonly BenchmarkResult[], runtimes: readonly RunRuntime[] | undefined, seed: number): BenchmarkResult[] {
  return withRuntimeRelative(withRelative(benchmarks, seed), runtimes, seed);
}
