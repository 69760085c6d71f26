/**
 * Measuring one benchmark: calibrate and warm up until steady, then sample until precise enough.
 *
 * Everything here reaches the benchmark through `runBatch(n)` (run n iterations, return the timed
 * nanoseconds) and reads wall time through `now`, so tests drive it with a fake clock and fake
 * batches, deterministically.
 */
import type { CalibrationInfo, PrecisionInfo, Sample, WarmupInfo } from '../results/types.js';
import type { Now } from './clock.js';
import { SamplingPlan } from './sampling-plan.js';
import { relativeHalfWidth, shouldStop, type StoppingConfig } from './stopping-rule.js';
import {
  SLOW_BODY_MIN_BATCHES,
  SLOW_BODY_MIN_SIMILAR,
  WARMUP_MIN_BATCHES,
  WARMUP_MIN_DURATION_NS,
  WARMUP_MIN_SIMILAR,
  WarmupDetector,
  type WarmupThresholds,
} from './warmup-detector.js';

/** Growth factor while a batch is far below target (nanobench/BDN grow ×10). */
const GROWTH_FACTOR = 10;
/** Grow geometrically while a batch is below this fraction of its target, then proportionally. */
const GROWTH_BELOW_FRACTION = 0.1;
/** Warm-up batches are this fraction of a sample: more, shorter calls of the loop let TurboFan compile the loop function itself rather than only OSR code (DESIGN §3). */
const WARMUP_BATCH_FRACTION = 0.2;
/** Iteration counts stay exact integers in a double and well inside loop-counter range. */
const MAX_ITERATIONS = 2 ** 40;

export interface MeasureConfig extends StoppingConfig {
  warmupMaxNs: number;
  sampleTargetNs: number;
}

export interface MeasureDeps {
  /** Runs `n` iterations (with any per-sample setup/teardown untimed) and returns the timed ns. */
  runBatch(iterations: number): Promise<number> | number;
  now: Now;
  rng: () => number;
  onPhase?: (phase: 'warmup' | 'sample') => void;
}

export interface Measurement {
  samples: Sample[];
  warmup: WarmupInfo;
  calibration: CalibrationInfo;
  precision: PrecisionInfo;
}

function warmupThresholds(config: MeasureConfig, slowBody: boolean): WarmupThresholds {
  return {
    minBatches: slowBody ? SLOW_BODY_MIN_BATCHES : WARMUP_MIN_BATCHES,
    minSimilar: slowBody ? SLOW_BODY_MIN_SIMILAR : WARMUP_MIN_SIMILAR,
    minDurationNs: Math.min(WARMUP_MIN_DURATION_NS, config.warmupMaxNs / 4),
    maxDurationNs: config.warmupMaxNs,
  };
}

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

function clampIterations(n: number): number {
  return Math.min(MAX_ITERATIONS, Math.max(1, Math.round(n)));
}

/** Calibrates the batch size while warming up; returns the steady ns/op guess and warm-up facts. */
export async function warmUp(deps: MeasureDeps, config: MeasureConfig): Promise<{ nsPerOp: number; info: WarmupInfo }> {
  const batchTarget = config.sampleTargetNs * WARMUP_BATCH_FRACTION;
  const detector = new WarmupDetector(warmupThresholds(config, false));
  const start = deps.now();
  let n = 1;
  let iterations = 0;
  let relaxed = false;
  for (;;) {
    const elapsed = await deps.runBatch(n);
    iterations += n;
    const perOp = Math.max(elapsed, 0) / n;
    if (!relaxed && n === 1 && elapsed > config.sampleTargetNs) {
      relaxed = true;
      detector.relax(warmupThresholds(config, true));
    }
    const verdict = detector.push(perOp, deps.now() - start);
    if (verdict !== 'continue') {
      return {
        nsPerOp: detector.fastAverage,
        info: { batches: detector.batchCount, iterations, durationNs: deps.now() - start, converged: verdict === 'converged' },
      };
    }
    n = elapsed < batchTarget * GROWTH_BELOW_FRACTION
      ? clampIterations(n * GROWTH_FACTOR)
      : clampIterations(batchTarget / Math.max(detector.fastAverage, Number.MIN_VALUE));
  }
}

/** Takes samples with varied iteration counts until the stopping rule says enough. */
export async function sample(deps: MeasureDeps, config: MeasureConfig, nsPerOpGuess: number): Promise<{ samples: Sample[]; calibration: CalibrationInfo; precision: PrecisionInfo }> {
  const baseIterations = clampIterations(config.sampleTargetNs / Math.max(nsPerOpGuess, Number.MIN_VALUE));
  const plan = new SamplingPlan(baseIterations, deps.rng);
  const samples: Sample[] = [];
  const perOp: number[] = [];
  const start = deps.now();
  for (;;) {
    const iterations = plan.next();
    const elapsedNs = await deps.runBatch(iterations);
    samples.push({ iterations, elapsedNs });
    perOp.push(elapsedNs / iterations);
    const stop = shouldStop(perOp, deps.now() - start, config);
    if (stop !== null) {
      return {
        samples,
        calibration: { targetSampleNs: config.sampleTargetNs, baseIterations },
        precision: { target: config.precisionTarget, reached: finiteOrNull(relativeHalfWidth(perOp)), stopReason: stop, durationNs: deps.now() - start },
      };
    }
  }
}

export async function measure(deps: MeasureDeps, config: MeasureConfig): Promise<Measurement> {
  deps.onPhase?.('warmup');
  const warm = await warmUp(deps, config);
  deps.onPhase?.('sample');
  const sampled = await sample(deps, config, warm.nsPerOp);
  return { samples: sampled.samples, warmup: warm.info, calibration: sampled.calibration, precision: sampled.precision };
}
