/**
 * Deterministic pseudo-random numbers for resampling.
 *
 * The generator is xoshiro128** (Blackman & Vigna, 2018): 128 bits of state, period 2^128 − 1,
 * passes BigCrush, and needs only 32-bit integer arithmetic, which JavaScript does exactly via
 * `Math.imul` and `>>> 0`. Its four state words are filled from the seed by splitmix32 (a Weyl
 * sequence passed through the MurmurHash3 32-bit finaliser), so that nearby seeds such as 1 and 2
 * start from unrelated states. Nothing here touches `Math.random`: the same seed always gives the
 * same stream, on every platform and Node version.
 */

/** A source of uniform floats in [0, 1). */
export type Rng = () => number;

/** Weyl increment of splitmix32: 2^32 / golden ratio, odd, so the sequence visits every 32-bit word. */
const SPLITMIX_INCREMENT = 0x9e3779b9;
/** First multiplier of the MurmurHash3 fmix32 finaliser (Appleby), used by splitmix32. */
const FMIX_MULTIPLIER_1 = 0x85ebca6b;
/** Second multiplier of the MurmurHash3 fmix32 finaliser (Appleby), used by splitmix32. */
const FMIX_MULTIPLIER_2 = 0xc2b2ae35;
/** 2^32: converts a 32-bit word to [0, 1) and splits a 53-bit seed into two words. */
const TWO_POW_32 = 4294967296;
/** Largest n accepted by randomInt: one 32-bit draw per call gives at most 2^32 distinct outcomes. */
const MAX_RANDOM_INT_RANGE = TWO_POW_32;

/** MurmurHash3's 32-bit finaliser: a bijective avalanche mix of one word. */
function fmix32(word: number): number {
  let z = word;
  z = Math.imul(z ^ (z >>> 16), FMIX_MULTIPLIER_1);
  z = Math.imul(z ^ (z >>> 13), FMIX_MULTIPLIER_2);
  return (z ^ (z >>> 16)) >>> 0;
}

function rotl(word: number, bits: number): number {
  return (word << bits) | (word >>> (32 - bits));
}

/**
 * Creates a seeded generator of uniform floats in [0, 1).
 *
 * Each call of the returned function yields a multiple of 2^-32 in [0, 1 − 2^-32]; 32 bits of
 * resolution are plenty for picking resample indices. Generators are independent objects: two
 * generators created with the same seed produce identical streams.
 *
 * @param seed - Any safe integer (negative values allowed). All 53 bits are used.
 * @throws RangeError when `seed` is not a safe integer (e.g. 1.5, NaN, Infinity).
 */
export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`createRng: seed must be a safe integer, got ${seed}`);
  }
  const low = seed >>> 0;
  const high = Math.floor(seed / TWO_POW_32) >>> 0;
  // Fold the high word in through a bijective mix so seeds beyond 2^32 still give distinct streams.
  let weyl = (low ^ fmix32(high)) >>> 0;
  const splitmix32 = (): number => {
    weyl = (weyl + SPLITMIX_INCREMENT) >>> 0;
    return fmix32(weyl);
  };
  // State lives in a typed array: 32-bit words beyond the small-integer range would otherwise be
  // boxed on every update, which makes the generator several times slower.
  const state = new Int32Array(4);
  for (let i = 0; i < 4; i++) state[i] = splitmix32();
  if ((state[0]! | state[1]! | state[2]! | state[3]!) === 0) {
    // The all-zero state is the one fixed point of xoshiro; never start there.
    state[0] = 1;
  }
  return () => {
    const s0 = state[0]!;
    const s1 = state[1]!;
    const s2 = state[2]! ^ s0;
    const s3 = state[3]! ^ s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    state[0] = s0 ^ s3;
    state[1] = s1 ^ s2;
    state[2] = s2 ^ (s1 << 9);
    state[3] = rotl(s3, 11);
    return result / TWO_POW_32;
  };
}

/**
 * Draws an integer uniformly from {0, 1, …, n − 1} using one value of `rng`.
 *
 * Computed as ⌊rng() · n⌋. With 32-bit draws the bias is at most n / 2^32 (below 3·10⁻⁵ for
 * n ≤ 100 000), negligible for bootstrap resampling.
 *
 * @throws RangeError when `n` is not an integer in [1, 2^32].
 */
export function randomInt(rng: Rng, n: number): number {
  // Written as one negated test so the common (valid) case costs a single branch in hot loops.
  if (!(n >= 1 && n <= MAX_RANDOM_INT_RANGE && Number.isInteger(n))) {
    throw new RangeError(`randomInt: n must be an integer in [1, 2^32], got ${n}`);
  }
  return Math.floor(rng() * n);
}
