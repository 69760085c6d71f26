import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createRng, randomInt } from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 107154757;

/**
 * Known-answer values: the first six 32-bit outputs (rng() · 2^32) for a few seeds, produced by a
 * separate C implementation of the same scheme (splitmix32 seeding, then xoshiro128** from
 * Blackman & Vigna's reference code), compiled with gcc:
 *
 *   uint32_t w = (uint32_t)seed ^ fmix32((uint32_t)(seed >> 32));
 *   for (i = 0; i < 4; i++) { w += 0x9e3779b9u; s[i] = fmix32(w); }
 *   then next(): result = rotl(s[1] * 5, 7) * 9; t = s[1] << 9; s[2] ^= s[0]; s[3] ^= s[1];
 *                s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 11);
 *
 * Pinning the stream matters: saved results reproduce only if a seed keeps meaning the same thing.
 */
const KNOWN_STREAMS: [number, number[]][] = [
  [0, [3809008728, 1133695204, 53579671, 2891528803, 139681546, 2203266335]],
  [42, [2837322924, 544945897, 479756282, 3500138142, 339756180, 113173290]],
  [-1, [3088639192, 222446744, 3691120491, 3072105367, 2825243230, 314510925]],
  [2 ** 32 + 7, [1905718179, 2070348997, 2751674165, 1887642793, 2684534267, 3760159635]],
];

test('createRng reproduces the reference xoshiro128** stream', () => {
  for (const [seed, expected] of KNOWN_STREAMS) {
    const rng = createRng(seed);
    const actual = expected.map(() => rng() * 2 ** 32);
    assert.deepEqual(actual, expected, `seed ${seed}`);
  }
});

test('same seed gives the same stream, different seeds different streams', () => {
  fc.assert(
    fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (seed) => {
      const a = createRng(seed);
      const b = createRng(seed);
      const c = createRng(seed + 1);
      const streamA = Array.from({ length: 8 }, () => a());
      const streamB = Array.from({ length: 8 }, () => b());
      const streamC = Array.from({ length: 8 }, () => c());
      assert.deepEqual(streamA, streamB);
      assert.notDeepEqual(streamA, streamC);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('outputs lie in [0, 1) and are roughly uniform (chi-square over 20 bins)', () => {
  const rng = createRng(12345);
  const bins = 20;
  const draws = 20_000;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < draws; i++) {
    const u = rng();
    assert.ok(u >= 0 && u < 1, `out of range: ${u}`);
    counts[Math.floor(u * bins)]! += 1;
  }
  const expected = draws / bins;
  const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
  // 19 degrees of freedom: the 99.9% quantile is 43.8 (scipy.stats.chi2.ppf(0.999, 19)).
  assert.ok(chiSquare < 43.8, `chi-square ${chiSquare}`);
});

test('randomInt covers exactly {0..n-1}, roughly uniformly', () => {
  const rng = createRng(7);
  const n = 7;
  const counts = new Array<number>(n).fill(0);
  for (let i = 0; i < 70_000; i++) {
    const k = randomInt(rng, n);
    assert.ok(Number.isInteger(k) && k >= 0 && k < n, `out of range: ${k}`);
    counts[k]! += 1;
  }
  for (const c of counts) assert.ok(Math.abs(c - 10_000) < 500, `count ${c}`);
  assert.equal(randomInt(rng, 1), 0);
});

test('invalid arguments throw RangeError', () => {
  assert.throws(() => createRng(1.5), RangeError);
  assert.throws(() => createRng(Number.NaN), RangeError);
  assert.throws(() => createRng(Number.POSITIVE_INFINITY), RangeError);
  const rng = createRng(1);
  assert.throws(() => randomInt(rng, 0), RangeError);
  assert.throws(() => randomInt(rng, 2.5), RangeError);
  assert.throws(() => randomInt(rng, -3), RangeError);
});
