/**
 * Does the cost depend on the treatment? A randomized block design analysed by a randomization test.
 *
 * `table[b][t]` is the time of treatment `t` (e.g. one value returned by `setup`) measured in block
 * `b` (a pass over every treatment, in a fresh random order). Times are compared on a log scale, so
 * effects are relative. Each block's own mean is removed first: whatever moved the whole block (the
 * host stepping between passes, a state changed by an earlier pass) cancels. What remains splits
 * into a treatment effect (the same for a treatment in every block) and residual noise.
 *
 * The test statistic is the between-treatment sum of squares of the block-centred values. Its null
 * distribution comes from re-assigning the values of each block to treatments at random — which is
 * exactly the randomization the measurement performed (Fisher's randomization test): under "no
 * treatment effect" every assignment within a block was equally likely. Nothing is assumed about
 * the noise (its distribution, or how the host's speed moved during a block), only that the order
 * within each block was random.
 *
 * The size of the effect is the standard deviation of the treatment effects with the part that
 * residual noise adds removed (the method-of-moments estimate of a random-effects model:
 * Var(observed treatment means) = σ²ₜ + σ²ᵣ/b).
 */
import { createRng, randomInt } from './random.js';
import { requireNoNaN } from './validate.js';

/** Randomizations of the test: the smallest attainable p-value is 1/(1 + this). */
export const BLOCK_EFFECT_PERMUTATIONS = 1999;

export interface BlockEffect {
  treatments: number;
  blocks: number;
  /** Each treatment's effect, relative (1.2 = 20% slower than the typical treatment), in treatment order. */
  relative: number[];
  /**
   * Standard deviation of the treatment effects on the log scale, residual noise removed: about the
   * relative spread between treatments (0.1 ≈ ±10%). 0 when the noise explains all of it.
   */
  spread: number;
  /** Standard deviation of the residual noise on the log scale (≈ relative noise of one measurement). */
  noise: number;
  /** Randomization-test p-value of "the treatment does not matter". */
  pValue: number;
}

function betweenSumOfSquares(centred: readonly Float64Array[], treatments: number): number {
  let sum = 0;
  for (let t = 0; t < treatments; t++) {
    let total = 0;
    for (const block of centred) total += block[t]!;
    sum += total * total;
  }
  return sum;
}

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
    const mean = logs.reduce((a, b) => a + b, 0) / treatments;
    return logs.map((v) => v - mean);
  });
  const effects = Array.from({ length: treatments }, (_, t) => centred.reduce((sum, block) => sum + block[t]!, 0) / blocks);
  let residualSquares = 0;
  for (const block of centred) for (let t = 0; t < treatments; t++) residualSquares += (block[t]! - effects[t]!) ** 2;
  const residualVariance = residualSquares / ((treatments - 1) * (blocks - 1));
  const observedVariance = effects.reduce((sum, e) => sum + e * e, 0) / (treatments - 1);
  const spread = Math.sqrt(Math.max(0, observedVariance - residualVariance / blocks));

  const observed = betweenSumOfSquares(centred, treatments);
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
    // A relative tolerance keeps ties (e.g. identical tables) on the "at least as extreme" side.
    if (betweenSumOfSquares(shuffled, treatments) >= observed * (1 - 1e-12)) atLeast++;
  }
  const sortedEffects = [...effects].sort((a, b) => a - b);
  const middle = treatments % 2 === 1 ? sortedEffects[treatments >> 1]! : (sortedEffects[treatments / 2 - 1]! + sortedEffects[treatments / 2]!) / 2;
  return {
    treatments,
    blocks,
    relative: effects.map((e) => Math.exp(e - middle)),
    spread,
    noise: Math.sqrt(residualVariance),
    pValue: (1 + atLeast) / (1 + permutations),
  };
}
