/**
 * Does the cost depend on the treatment? A randomized block design analysed by a randomization test.
 *
 * `table[b][t]` is the time of treatment `t` (e.g. one value returned by `setup`) measured in block
 * `b` (a pass over every treatment, in a fresh random order). Times are compared on a log scale, so
 * effects are relative. Each block's own mean is removed first: whatever moved the whole block (the
 * host stepping between passes, a state changed by an earlier pass) cancels. What remains splits
 * into a treatment effect (the same for a treatment in every block) and residual noise.
 *
 * A block is centred on its median (a burst of the host that hits a few of its measurements does
 * not move the centre), and a treatment's effect is the mean of its block-centred values.
 *
 * The test statistic is the sum of squared treatment effects. Its null distribution comes from
 * re-assigning the values of each block to treatments at random — which is exactly the
 * randomization the measurement performed (Fisher's randomization test): under "no treatment
 * effect" every assignment within a block was equally likely. Nothing is assumed about the noise
 * (its distribution, or how the host's speed moved during a block), only that the order within each
 * block was random.
 *
 * The size of the effect is the standard deviation of the treatment effects with the part that the
 * noise adds removed (method of moments: Var(effects) = σ²ₜ + σ²/b), σ from the differences between
 * blocks within each treatment, robustly (median absolute difference).
 */
import { createRng, randomInt } from './random.js';
import { requireNoNaN } from './validate.js';

/** Randomizations of the test: the smallest attainable p-value is 1/(1 + this). */
export const BLOCK_EFFECT_PERMUTATIONS = 1999;

export interface BlockEffect {
  treatments: number;
  blocks: number;
  /** Each treatment's effect, relative (1.2 = 20% slower than the median treatment), in treatment order. */
  relative: number[];
  /**
   * Standard deviation of the treatment effects on the log scale, residual noise removed: about the
   * relative spread between treatments (0.1 ≈ ±10%). 0 when the noise explains all of it.
   */
  spread: number;
  /** Robust standard deviation of the noise on the log scale (≈ relative noise of one measurement), from differences between blocks within each treatment. */
  noise: number;
  /** Randomization-test p-value of "the treatment does not matter". */
  pValue: number;
}

/** σ of normal values from their median absolute deviation. */
const MAD_TO_SIGMA = 1.4826;

const medianOf = (values: ArrayLike<number>): number => {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each treatment's effect: the mean over blocks of its block-centred values. */
function treatmentEffects(centred: readonly Float64Array[], treatments: number): number[] {
  const effects = new Array<number>(treatments).fill(0);
  for (const block of centred) for (let t = 0; t < treatments; t++) effects[t]! += block[t]! / centred.length;
  return effects;
}

const sumOfSquares = (values: readonly number[]): number => values.reduce((sum, v) => sum + v * v, 0);

/**
 * Analyses a blocks × treatments table of positive times.
 *
 * @param table - `table[b][t]`: at least 2 blocks and 2 treatments, every row the same length.
 * @param seed - Seed of the randomizations, so the same table always gives the same p-value.
 * @throws RangeError on a ragged or too small table, or a value that is not a positive number.
 */
export function blockEffect(table: readonly (readonly number[])[], seed = 1, permutations = BLOCK_EFFECT_PERMUTATIONS): BlockEffect {
  const blocks = table.length;
  const treatments = table[0]?.length ?? 0;
  if (blocks < 2 || treatments < 2 || table.some((row) => row.length !== treatments)) {
    throw new RangeError(`blockEffect: needs at least 2 blocks of the same 2 or more treatments, got ${table.map((r) => r.length).join('/')}`);
  }
  for (const row of table) {
    requireNoNaN(row, 'blockEffect');
    if (row.some((v) => !(v > 0) || !Number.isFinite(v))) throw new RangeError('blockEffect: times must be positive and finite');
  }
  const centred = table.map((row) => {
    const logs = Float64Array.from(row, Math.log);
    const middle = medianOf(logs);
    return logs.map((v) => v - middle);
  });
  const effects = treatmentEffects(centred, treatments);
  const center = medianOf(effects);
  // The noise from differences between blocks within each treatment (its effect cancels), robustly.
  const differences: number[] = [];
  for (let t = 0; t < treatments; t++) for (let b = 1; b < blocks; b++) for (let a = 0; a < b; a++) differences.push(Math.abs(centred[b]![t]! - centred[a]![t]!));
  const noise = (MAD_TO_SIGMA * medianOf(differences)) / Math.SQRT2;
  const observedVariance = effects.reduce((sum, e) => sum + (e - center) ** 2, 0) / (treatments - 1);
  const spread = Math.sqrt(Math.max(0, observedVariance - (noise * noise) / blocks));

  const observed = sumOfSquares(effects.map((e) => e - center));
  const rng = createRng(seed);
  const shuffled = centred.map((block) => Float64Array.from(block));
  let atLeast = 0;
  for (let p = 0; p < permutations; p++) {
    for (const block of shuffled) {
      for (let i = treatments - 1; i > 0; i--) {
        const j = randomInt(rng, i + 1);
        const tmp = block[i]!;
        block[i] = block[j]!;
        block[j] = tmp;
      }
    }
    const permuted = treatmentEffects(shuffled, treatments);
    const permutedCenter = medianOf(permuted);
    // A relative tolerance keeps ties (e.g. identical tables) on the "at least as extreme" side.
    if (sumOfSquares(permuted.map((e) => e - permutedCenter)) >= observed * (1 - 1e-12)) atLeast++;
  }
  return {
    treatments,
    blocks,
    relative: effects.map((e) => Math.exp(e - center)),
    spread,
    noise,
    pValue: (1 + atLeast) / (1 + permutations),
  };
}
