/**
 * Iteration counts for the timed samples. Counts vary around the calibrated base so that
 * `elapsed = intercept + slope · iterations` can be fitted with an intercept (criterion's linear
 * sampling, without its fit through the origin), and are jittered so samples do not fall in step
 * with periodic noise (nanobench).
 */

/** Smallest multiplier of the base count: half a target sample. */
const MIN_MULTIPLIER = 0.5;
/** Largest multiplier: one and a half target samples, so the mean sample hits the target. */
const MAX_MULTIPLIER = 1.5;
/** Distinct levels between them; each block of samples visits every level once in random order. */
const LEVELS = 11;
/** ±5% jitter on top of the level (nanobench jitters batch sizes by up to 20%). */
const JITTER = 0.05;

/** The largest count the plan gives, as a multiple of the base count. */
export const MAX_PLAN_FACTOR = MAX_MULTIPLIER * (1 + JITTER);

export class SamplingPlan implements IterationPlan {
  private block: number[] = [];

  private base: number;

  constructor(
    baseIterations: number,
    private readonly rng: () => number,
  ) {
    if (!(baseIterations >= 1)) throw new RangeError(`base iteration count must be ≥ 1, got ${baseIterations}`);
    this.base = baseIterations;
  }

  /** Scales every later sample's count by `factor` (at least 1 iteration): samples grew longer than the budget can hold enough of. */
  rescale(factor: number): void {
    if (!(factor > 0) || !Number.isFinite(factor)) throw new RangeError(`rescale factor must be positive and finite, got ${factor}`);
    this.base = Math.max(1, this.base * factor);
  }

  /** The count the plan is built around now (the calibrated base, as rescaled). */
  get baseIterations(): number {
    return this.base;
  }

  /** Iteration count of the next sample (≥ 1). */
  next(): number {
    if (this.block.length === 0) this.block = this.shuffledLevels();
    const level = this.block.pop()!;
    const jitter = 1 + JITTER * (2 * this.rng() - 1);
    return Math.max(1, Math.round(this.base * level * jitter));
  }

  private shuffledLevels(): number[] {
    return shuffled(
      Array.from({ length: LEVELS }, (_, i) => MIN_MULTIPLIER + ((MAX_MULTIPLIER - MIN_MULTIPLIER) * i) / (LEVELS - 1)),
      this.rng,
    );
  }
}

/** The next iteration count of a sample. */
export interface IterationPlan {
  next(): number;
}

/**
 * A manual loop dominated by a fixed cost per call (fixed-cost-ladder.ts): counts at the top
 * count and its halvings, SPREAD_LEVELS of them, each block visiting every level once in random
 * order, jittered as above. Geometric levels put most samples near the fixed cost alone and one
 * level where the operations dominate: close to the two-point design that fits a line best.
 */
export class SpreadPlan implements IterationPlan {
  private block: number[] = [];

  constructor(
    readonly highIterations: number,
    private readonly levels: number,
    private readonly rng: () => number,
  ) {
    if (!(highIterations >= 1)) throw new RangeError(`top iteration count must be ≥ 1, got ${highIterations}`);
  }

  next(): number {
    if (this.block.length === 0)
      this.block = shuffled(
        Array.from({ length: this.levels }, (_, k) => 2 ** -k),
        this.rng,
      );
    const level = this.block.pop()!;
    const jitter = 1 + JITTER * (2 * this.rng() - 1);
    return Math.max(1, Math.round(this.highIterations * level * jitter));
  }
}

function shuffled(values: number[], rng: () => number): number[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}
