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

export class SamplingPlan {
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
    const levels = Array.from({ length: LEVELS }, (_, i) => MIN_MULTIPLIER + ((MAX_MULTIPLIER - MIN_MULTIPLIER) * i) / (LEVELS - 1));
    for (let i = levels.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      [levels[i], levels[j]] = [levels[j]!, levels[i]!];
    }
    return levels;
  }
}
