/**
 * Builds benchmark results from synthetic samples, through the real analysis stage, so diagnostic
 * rules are tested on deterministic data with the same statistics the CLI computes.
 */
import { buildResult } from '../../src/runner/record/benchmark-record.js';
import type { MeasuredBenchmark } from '../../src/engine/process/events.js';
import type { BenchmarkResult, Sample, StateProbe } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';

export interface SyntheticSpec {
  /** Per-sample ns/op, in order; iterations vary 0.5×–1.5× around `baseIterations`. */
  perOp: number[];
  baseIterations?: number;
  /** Fixed time added to every sample's elapsed ns (setup inside the timed region). */
  interceptNs?: number;
  overrides?: Partial<MeasuredBenchmark>;
}

export function samplesFrom(perOp: number[], baseIterations = 100_000, interceptNs = 0): Sample[] {
  return perOp.map((v, i) => {
    const iterations = Math.round(baseIterations * (0.5 + (i % 11) / 10));
    return { iterations, elapsedNs: iterations * v + interceptNs };
  });
}

export function syntheticResult(spec: SyntheticSpec): BenchmarkResult {
  const base = spec.baseIterations ?? 100_000;
  const measured: MeasuredBenchmark = {
    mode: 'sync',
    samples: samplesFrom(spec.perOp, base, spec.interceptNs ?? 0),
    warmup: { batches: 80, iterations: 1e6, durationNs: 4e8, converged: true, restarts: 0 },
    calibration: { targetSampleNs: 1e7, baseIterations: base },
    precision: { target: 0.01, reached: 0.003, stopReason: 'precision', durationNs: 5e8 },
    floor: { nsPerOp: 0.42, ciLower: 0.418, ciUpper: 0.423 },
    jit: {
      target: 'loop',
      functionName: 'ubench_loop_1',
      optimizationRequested: false,
      afterWarmup: { status: 81, tier: 'turbofan', maybeDeopted: false },
      afterSampling: { status: 81, tier: 'turbofan', maybeDeopted: false },
      body: null,
    },
    deopts: [],
    setupProbe: null,
    stateProbe: null,
    throttle: { baselineNs: 1e6, beforeNs: 1.01e6, afterNs: 1.02e6, waitedMs: 0, retries: 0, cpuWaitShare: 0.002, helperCpuShare: 0.05 },
    timerReadsPerSample: 2,
    memory: null,
    ...spec.overrides,
  };
  const info = { id: 'f.bench.ts#x', name: 'x', baseName: 'x', group: null, params: {}, baseline: false };
  return buildResult({ info, file: 'f.bench.ts', runs: [measured], failure: null }, 1);
}

/** `n` values around `center` with uniform relative noise ±`noise`, seeded. */
export function noisy(n: number, center: number, noise: number, seed = 1): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => center * (1 + noise * (2 * rng() - 1)));
}

/** A state probe of `effects.length` states × `passes` passes around `center` ns/op, each reading with uniform relative noise ±`noise`. */
export function stateProbe(effects: number[], center = 25, noise = 0.03, passes = 4, seed = 5): StateProbe {
  const rng = createRng(seed);
  return { states: effects.length, passes, iterations: 1000, perOpNs: Array.from({ length: passes }, () => effects.map((e) => center * e * (1 + noise * (2 * rng() - 1)))) };
}
