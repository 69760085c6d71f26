/**
 * Measuring one benchmark: calibrate and warm up until steady, then sample until precise enough.
 *
 * Everything here reaches the benchmark through `runBatch(n)` (run n iterations, return the timed
 * nanoseconds) and reads wall time through `now`, so tests drive it with a fake clock and fake
 * batches, deterministically.
 */
import type { CalibrationInfo, PrecisionInfo, Sample, WarmupInfo } from '../../results/types.js';
import { hasThroughputReading, quietSamples } from '../../results/quiet-samples.js';
import { perOpValues } from '../../results/derived-values.js';
import type { Now } from './clock.js';
import { MAX_PLAN_FACTOR, SamplingPlan, SpreadPlan, type IterationPlan } from './sampling-plan.js';
import { fixedCostLadder, SPREAD_LEVELS } from './fixed-cost-ladder.js';
import { quietMayStillCome } from './quiet-wait.js';
import { median } from '../../stats/quantile.js';
import { relativeHalfWidth, shouldStop, type StopReason, type StoppingConfig } from './stopping-rule.js';
import { SLOW_BODY_MIN_BATCHES, SLOW_BODY_MIN_SIMILAR, WARMUP_MIN_BATCHES, WARMUP_MIN_DURATION_NS, WARMUP_MIN_SIMILAR, WarmupDetector, type WarmupThresholds } from './warmup-detector.js';

/** Growth factor while a batch is far below target (nanobench/BDN grow ×10). */
const GROWTH_FACTOR = 10;
/** Grow geometrically while a batch is below this fraction of its target, then proportionally. */
const GROWTH_BELOW_FRACTION = 0.1;
/**
 * The warm-up's ns/op guess is at least the last batch's reading over this: within the 2× that
 * warmUpChecked tolerates before warming up again, so a guess dragged to ~0 by unresolved early
 * batches cannot size samples thousands of times too long.
 */
const LAST_BATCH_FLOOR_DIVISOR = 2;
/** Warm-up batches are this fraction of a sample: more, shorter calls of the loop let TurboFan compile the loop function itself rather than only OSR code (docs/design.md §3). */
const WARMUP_BATCH_FRACTION = 0.2;
/**
 * A sample should hold at least this many operations, so per-sample effects (a GC pause, caches
 * refilled after setup) average out instead of splitting samples into "with" and "without".
 */
const MIN_OPS_PER_SAMPLE = 10;
/**
 * Likewise for garbage collection: a sample should span several GCs. With 0–1 scavenge per sample
 * (~1 ms each here) the samples split into "with" and "without", and the median picks the GC-free
 * mode, leaving GC out of the estimate. Five GCs per sample vary by at most one.
 */
const MIN_GCS_PER_SAMPLE = 5;
/**
 * Stretched samples still leave room for this many in the budget: the median's CI narrows with the
 * count, and the machine's own speed wander (5–7% here) averages out only over many samples.
 */
const SAMPLES_IN_BUDGET = 40;
/**
 * The samples whose length per iteration says what the next will take: the last three, so a cost
 * that rose mid-run (a phase, a growing state) is seen two samples later, and one long sample (a
 * preemption, a GC) does not decide alone.
 */
const RECENT_SAMPLES = 3;

/**
 * One untimed batch right before sampling: the harness's bookkeeping between warm-up and sampling
 * (reading logs, reporting progress) disturbs caches; measured here, the first samples of a Map
 * lookup ran 20–33% slow for ~200 ms without it.
 */
const SETTLE_BATCHES = 1;
/**
 * Ours: a first sample more than 2× off the warm-up's steady guess means the code changed tier
 * right after warm-up "converged" at the slower level; warm up again (at most twice).
 */
const REWARM_RATIO = 2;
const MAX_REWARMS = 2;
/**
 * Warm-up batches kept for the results (`warmup.seriesNs`), evenly spaced over the whole warm-up:
 * enough for four parts of 8–16 in the ramp test, whatever the warm-up's length.
 */
const WARMUP_SERIES_POINTS = 64;
/** Iteration counts stay exact integers in a double and well inside loop-counter range. */
const MAX_ITERATIONS = 2 ** 40;

export interface MeasureConfig extends StoppingConfig {
  warmupMaxNs: number;
  sampleTargetNs: number;
  /** No sample may hold more iterations than this (GC-free samples must fit the young generation). */
  maxSampleIterations?: number;
}

export interface MeasureDeps {
  /** Runs `n` iterations (with any per-sample setup/teardown untimed) and returns the timed ns. */
  runBatch(iterations: number): Promise<number> | number;
  now: Now;
  rng: () => number;
  onPhase?: (phase: 'warmup' | 'sample') => void;
  /** Asks the JIT to optimize the measured code if it is not yet (called after each warm-up). */
  ensureOptimized?: () => void;
  /**
   * Whether what the warm-up's minimum duration waits for is done (early-settle.ts): the measured
   * code at its top tier, and a body that allocates too little to size the heap. Absent: the
   * minimum holds.
   */
  settledEarly?: () => boolean;
  /**
   * Untimed time each iteration adds to a batch (a per-call state made and disposed of), in ns.
   * Batches are sized by timed plus untimed cost, so `--time` bounds the wall time of a body whose
   * states cost far more to make than it costs to run. Absent: 0.
   */
  untimedNsPerOp?: () => number;
  /** Mean time between garbage collections during warm-up, or null when none happened or it is unknown. */
  gcIntervalNs?: () => number | null;
  /** Untimed work before each sample (the GC-free pass's forced GC), charged to the budget only past the minimum count of samples. */
  beforeSample?: () => void;
  /** Called after every sample, outside the timed region. */
  afterSample?: () => void;
  /** A manual loop: check whether a fixed cost per call dominates its samples, and spread its iteration counts if so. */
  spreadFixedCost?: boolean;
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

/** What one iteration costs a batch in wall time: its timed ns plus the untimed work it brings. */
const batchNsPerOp = (deps: MeasureDeps, timedNsPerOp: number): number => timedNsPerOp + Math.max(0, deps.untimedNsPerOp?.() ?? 0);

/**
 * Calibrates the batch size while warming up; returns the steady ns/op guess and warm-up facts.
 * Starts from one iteration, or from a batch sized by `initialNsPerOp` when warming up again.
 */
export async function warmUp(deps: MeasureDeps, config: MeasureConfig, initialNsPerOp?: number): Promise<{ nsPerOp: number; info: WarmupInfo }> {
  const batchTarget = config.sampleTargetNs * WARMUP_BATCH_FRACTION;
  const detector = new WarmupDetector(warmupThresholds(config, false));
  const start = deps.now();
  // A check batch shorter than a clock step reads 0 ns/op: warming up again then starts from 1, not from the cap.
  let n = initialNsPerOp === undefined || !(initialNsPerOp > 0) ? 1 : clampIterations(batchTarget / batchNsPerOp(deps, initialNsPerOp));
  let iterations = 0;
  let relaxed = false;
  const series = new WarmupSeries(WARMUP_SERIES_POINTS);
  for (;;) {
    const elapsed = await deps.runBatch(n);
    iterations += n;
    const perOp = Math.max(elapsed, 0) / n;
    series.push(perOp);
    if (!relaxed && n === 1 && elapsed > config.sampleTargetNs) {
      relaxed = true;
      detector.relax(warmupThresholds(config, true));
    }
    const verdict = detector.push(perOp, deps.now() - start, deps.settledEarly);
    if (verdict !== 'continue') {
      return {
        // The average may still hold zero readings of early batches shorter than a clock step.
        nsPerOp: Math.max(detector.fastAverage, perOp / LAST_BATCH_FLOOR_DIVISOR),
        info: { batches: detector.batchCount, iterations, durationNs: deps.now() - start, converged: verdict === 'converged', restarts: 0, seriesNs: series.values() },
      };
    }
    // Never more than GROWTH_FACTOR× per step: readings of a clock that steps by more than a short batch
    // lasts are 0, and a guess of ~0 ns/op would size the next batch at the cap (2⁴⁰ iterations: a
    // hang, seen with Chromium's 5 µs clock when one batch was preempted).
    const batchNs = batchNsPerOp(deps, Math.max(elapsed, 0) / n) * n;
    const sized = batchNs < batchTarget * GROWTH_BELOW_FRACTION ? n * GROWTH_FACTOR : batchTarget / Math.max(batchNsPerOp(deps, detector.fastAverage), Number.MIN_VALUE);
    n = clampIterations(Math.min(sized, n * GROWTH_FACTOR));
  }
}

/** Every `stride`-th value of a stream, at most `capacity` of them: the stride doubles (every other kept value dropped) when full. */
export class WarmupSeries {
  private readonly kept: number[] = [];
  private stride = 1;
  private seen = 0;

  constructor(private readonly capacity: number) {}

  push(value: number): void {
    if (this.seen++ % this.stride !== 0) return;
    this.kept.push(value);
    if (this.kept.length > this.capacity) {
      for (let i = 0; i < this.kept.length / 2; i++) this.kept[i] = this.kept[2 * i]!;
      this.kept.length = Math.ceil(this.kept.length / 2);
      this.stride *= 2;
      this.seen = (this.kept.length - 1) * this.stride + 1;
    }
  }

  values(): number[] {
    return [...this.kept];
  }
}

/**
 * The sample length: the configured target, stretched up to what the budget allows (it must still
 * hold the minimum sample count) for slow bodies, for bodies that trigger frequent GCs, and for
 * bodies whose iterations bring untimed work (`nsPerOp` above `timedNsPerOp`), so that the timed
 * part of their samples comes as near the target as the budget lets it.
 */
export function effectiveSampleTarget(config: MeasureConfig, nsPerOp: number, gcIntervalNs: number | null = null, timedNsPerOp = nsPerOp): number {
  const budgetCap = config.timeBudgetNs / Math.max(config.minSamples, SAMPLES_IN_BUDGET);
  const timedShare = nsPerOp > 0 ? Math.max(timedNsPerOp, 0) / nsPerOp : 1;
  const wanted = Math.max(
    MIN_OPS_PER_SAMPLE * nsPerOp,
    gcIntervalNs === null ? 0 : MIN_GCS_PER_SAMPLE * gcIntervalNs,
    timedShare < 1 ? config.sampleTargetNs / Math.max(timedShare, Number.MIN_VALUE) : 0,
  );
  return Math.max(config.sampleTargetNs, Math.min(wanted, budgetCap));
}

/** Iterations for a sample of the target length, each costing `nsPerOp` of batch time (timed plus untimed). */
export function baseIterationsFor(config: MeasureConfig, nsPerOp: number, gcIntervalNs: number | null = null, timedNsPerOp = nsPerOp): number {
  return clampIterations(effectiveSampleTarget(config, nsPerOp, gcIntervalNs, timedNsPerOp) / Math.max(nsPerOp, Number.MIN_VALUE));
}

/** Where sampling starts: the base iteration count and the calibration it came from. */
export interface SamplingStart {
  baseIterations: number;
  calibration: CalibrationInfo;
}

/** Sizes the samples from the warm-up's guess, then runs the untimed settle batch. */
export async function startSampling(deps: MeasureDeps, config: MeasureConfig, nsPerOpGuess: number): Promise<SamplingStart> {
  const gcIntervalNs = deps.gcIntervalNs?.() ?? null;
  const costNs = batchNsPerOp(deps, nsPerOpGuess);
  const targetSampleNs = effectiveSampleTarget(config, costNs, gcIntervalNs, nsPerOpGuess);
  const uncapped = baseIterationsFor(config, costNs, gcIntervalNs, nsPerOpGuess);
  const baseIterations = config.maxSampleIterations === undefined ? uncapped : Math.max(1, Math.min(uncapped, Math.floor(config.maxSampleIterations / MAX_PLAN_FACTOR)));
  if (deps.spreadFixedCost === true) {
    const maxIterations = Math.floor(Math.min(MAX_ITERATIONS, config.maxSampleIterations ?? MAX_ITERATIONS) / MAX_PLAN_FACTOR);
    const spread = await fixedCostLadder(deps.runBatch, baseIterations, baseIterations * nsPerOpGuess, { timeBudgetNs: config.timeBudgetNs, maxIterations }, deps.now);
    if (spread !== null) {
      for (let i = 0; i < SETTLE_BATCHES; i++) await deps.runBatch(spread.highIterations);
      return { baseIterations: spread.highIterations, calibration: { targetSampleNs: spread.topNs, baseIterations: spread.highIterations, spread } };
    }
  }
  for (let i = 0; i < SETTLE_BATCHES; i++) await deps.runBatch(baseIterations);
  return { baseIterations, calibration: { targetSampleNs: baseIterations === uncapped ? targetSampleNs : baseIterations * costNs, baseIterations } };
}

/** Enough samples of the host's quiet rounds for the estimate to read, or no throughput reading to judge by. */
const quietEnough = (samples: readonly Sample[]): boolean => !samples.some(hasThroughputReading) || quietSamples(samples) !== null;

/**
 * One benchmark's samples, taken one at a time — one per round among the other benchmarks of the
 * rounds (measuring-loop.ts), or in a row (a pass's run). The budget counts the time of its own
 * samples only, so interleaving does not shorten it.
 */
export class Sampler {
  readonly samples: Sample[] = [];
  private readonly perOp: number[] = [];
  /** Each sample's length (with its bookkeeping) per iteration. */
  private readonly lengths: number[] = [];
  private readonly plan: IterationPlan;
  private spentNs = 0;
  private stop: StopReason | null = null;
  /** The sample count the stopping rule last judged, so that reading `done` twice judges once. */
  private judgedAt = 0;

  constructor(
    private readonly deps: MeasureDeps,
    private readonly config: MeasureConfig,
    readonly start: SamplingStart,
  ) {
    const spread = start.calibration.spread;
    this.plan = spread === undefined ? new SamplingPlan(start.baseIterations, deps.rng) : new SpreadPlan(spread.highIterations, SPREAD_LEVELS, deps.rng);
  }

  /**
   * Whether the stopping rule has said enough, judging the interval of the values the estimate
   * reads: the host's quiet rounds where there are QUIET_MIN_SAMPLES of them, else all samples (the
   * host readings are attached to a sample after it is taken, before this is asked). Precision, or
   * the host's limit, reached over all samples is not enough while there are not yet enough quiet
   * rounds: sampling goes on for them while they may still come within the budget (quiet-wait.ts).
   */
  get done(): boolean {
    if (this.judgedAt !== this.samples.length) {
      this.judgedAt = this.samples.length;
      this.stop = shouldStop(this.estimateValues(), this.spentNs, this.config, this.samples.length);
    }
    if (this.stop === null) return false;
    return (this.stop !== 'precision' && this.stop !== 'host-limit') || quietEnough(this.samples) || !quietMayStillCome(this.samples, this.spentNs, this.config.timeBudgetNs);
  }

  /** What ended sampling: the budget, when it ran out while sampling went on for quiet rounds past the rule's stop. */
  private stopReason(): StopReason {
    if (this.stop === null) return 'budget';
    const waitedForQuiet = (this.stop === 'precision' || this.stop === 'host-limit') && !quietEnough(this.samples) && this.spentNs >= this.config.timeBudgetNs;
    return waitedForQuiet ? 'budget' : this.stop;
  }

  /**
   * The per-op values the estimate reads (results/one-process-estimate.ts): the quiet rounds' where
   * there are enough, else all; a spread plan's estimate is the slope over all of them.
   */
  private estimateValues(): readonly number[] {
    const quiet = this.plan instanceof SpreadPlan ? null : quietSamples(this.samples);
    return quiet === null ? this.perOp : perOpValues(quiet);
  }

  /** Takes one sample (tagged with its round when interleaved); `done` then judges it with the others. */
  async take(round?: number): Promise<Sample> {
    const iterations = this.plan.next();
    const prepared = this.deps.now();
    this.deps.beforeSample?.();
    const begin = this.deps.now();
    const elapsedNs = await this.deps.runBatch(iterations);
    this.deps.afterSample?.();
    const length = this.deps.now() - begin;
    // Preparation before a sample is charged to the budget once the minimum count is reached: the
    // shape tests get their samples, and the budget still bounds the run.
    this.spentNs += length + (this.samples.length >= this.config.minSamples ? begin - prepared : 0);
    this.lengths.push(length / iterations);
    const sample: Sample = round === undefined ? { iterations, elapsedNs } : { iterations, elapsedNs, round };
    this.samples.push(sample);
    this.perOp.push(elapsedNs / iterations);
    this.keepRoomForMinimum();
    return sample;
  }

  /**
   * Shortens the samples when, at the length the last few took, the rest of the budget would not
   * hold the minimum count (the shape tests' need): a body whose cost rose after calibration (a slow
   * phase, a growing state, a heavier GC regime) otherwise ends its budget with too few samples for
   * any test of its shape to decide. Never below one iteration: a single call too long for the
   * minimum leaves it short, and the analysis says which tests could not decide.
   */
  private keepRoomForMinimum(): void {
    const left = this.config.minSamples - this.samples.length;
    // A spread plan's counts are set by the fixed cost it separates, not by the budget (fixed-cost-ladder.ts).
    if (left <= 0 || !(this.plan instanceof SamplingPlan)) return;
    // The length a sample of the plan's base count takes at the recent cost per iteration.
    const typical = median(this.lengths.slice(-RECENT_SAMPLES)) * this.plan.baseIterations;
    const room = this.config.timeBudgetNs - this.spentNs;
    if (!(typical > 0) || room <= 0 || room / typical >= left) return;
    this.plan.rescale(room / left / typical);
  }

  precision(): PrecisionInfo {
    return { target: this.config.precisionTarget, reached: finiteOrNull(relativeHalfWidth(this.estimateValues())), stopReason: this.stopReason(), durationNs: this.spentNs };
  }
}

/** Takes samples with varied iteration counts, in a row, until the stopping rule says enough (a pass's run). */
export async function sample(deps: MeasureDeps, config: MeasureConfig, nsPerOpGuess: number): Promise<{ samples: Sample[]; calibration: CalibrationInfo; precision: PrecisionInfo }> {
  const sampler = new Sampler(deps, config, await startSampling(deps, config, nsPerOpGuess));
  while (!sampler.done) {
    await sampler.take();
  }
  return { samples: sampler.samples, calibration: sampler.start.calibration, precision: sampler.precision() };
}

/**
 * Warms up until steady, then checks one sample-sized batch against the steady guess and warms up
 * again (at most twice) when it is more than 2× off: a late tier change.
 */
export async function warmUpChecked(deps: MeasureDeps, config: MeasureConfig): Promise<{ nsPerOp: number; info: WarmupInfo }> {
  let warm = await warmUp(deps, config);
  const info = { ...warm.info };
  for (let restarts = 1; restarts <= MAX_REWARMS; restarts++) {
    deps.ensureOptimized?.();
    const n = baseIterationsFor(config, batchNsPerOp(deps, warm.nsPerOp), null, warm.nsPerOp);
    const checked = (await deps.runBatch(n)) / n;
    const ratio = checked / warm.nsPerOp;
    if (ratio < REWARM_RATIO && ratio > 1 / REWARM_RATIO) break;
    warm = await warmUp(deps, config, checked);
    info.batches += warm.info.batches + 1;
    info.iterations += warm.info.iterations + n;
    info.durationNs += warm.info.durationNs;
    info.converged = warm.info.converged;
    info.seriesNs = warm.info.seriesNs;
    info.restarts = restarts;
  }
  return { nsPerOp: warm.nsPerOp, info };
}

export async function measure(deps: MeasureDeps, config: MeasureConfig): Promise<Measurement> {
  deps.onPhase?.('warmup');
  const warm = await warmUpChecked(deps, config);
  deps.onPhase?.('sample');
  const sampled = await sample(deps, config, warm.nsPerOp);
  return { samples: sampled.samples, warmup: warm.info, calibration: sampled.calibration, precision: sampled.precision };
}
