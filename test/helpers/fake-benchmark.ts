/**
 * A simulated benchmark on a fake clock: each batch of n iterations "takes"
 * interceptNs + n · nsPerOp(batch) · (1 + noise), and the clock advances by that plus any untimed
 * per-sample work. Deterministic for a given seed.
 */
import { createRng } from '../../src/stats/random.js';

export interface FakeBenchmarkSpec {
  nsPerOp: number;
  interceptNs?: number;
  /** Relative noise amplitude: uniform in ±noise. */
  noise?: number;
  /** Untimed per-sample work (setup/teardown) that still consumes wall time. */
  untimedNs?: number;
  /** Multiplier on nsPerOp for the first `coldBatches` batches (interpreter before the JIT). */
  coldFactor?: number;
  coldBatches?: number;
  /** Batches smaller than this many iterations run at coldFactor too (the code tiers up only once batches grow). */
  coldBelowIterations?: number;
  seed?: number;
}

export function createFakeBenchmark(spec: FakeBenchmarkSpec) {
  const rng = createRng(spec.seed ?? 42);
  let clock = 1e9;
  let batches = 0;
  const counts: number[] = [];
  return {
    now: () => clock,
    counts,
    runBatch(iterations: number): number {
      batches++;
      counts.push(iterations);
      const isCold = batches <= (spec.coldBatches ?? 0) || iterations < (spec.coldBelowIterations ?? 0);
      const cold = isCold ? (spec.coldFactor ?? 1) : 1;
      const noise = 1 + (spec.noise ?? 0) * (2 * rng() - 1);
      const elapsed = ((spec.interceptNs ?? 0) + iterations * spec.nsPerOp * cold) * noise;
      clock += elapsed + (spec.untimedNs ?? 0);
      return elapsed;
    },
  };
}
