// Bit manipulation on 64 seeded 32-bit words per call: population count (bit loop, Kernighan's
// n & (n - 1), SWAR, byte table) and rounding up to the next power of two (Math.clz32 vs bit smearing).
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

const WORDS = 4_096;
const PER_CALL = 64;

/** Words of varied density: sparse, dense and in between. */
function makeWords(seed: number): Int32Array {
  const rand = xorshift32(seed);
  return Int32Array.from({ length: WORDS }, (_, i) => {
    const a = (rand() * 4_294_967_296) | 0;
    const b = (rand() * 4_294_967_296) | 0;
    return i % 3 === 0 ? a & b : i % 3 === 1 ? a | b : a;
  });
}

function popcountLoop(x: number): number {
  let count = 0;
  for (let i = 0; i < 32; i++) count += (x >>> i) & 1;
  return count;
}

function popcountKernighan(x: number): number {
  let count = 0;
  while (x !== 0) {
    x &= x - 1;
    count++;
  }
  return count;
}

function popcountSwar(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

const BYTE_COUNTS = Uint8Array.from({ length: 256 }, (_, i) => popcountLoop(i));

function popcountTable(x: number): number {
  return BYTE_COUNTS[x & 0xff]! + BYTE_COUNTS[(x >>> 8) & 0xff]! + BYTE_COUNTS[(x >>> 16) & 0xff]! + BYTE_COUNTS[x >>> 24]!;
}

let cursor = 0;
const nextSlice = (): number => (cursor = (cursor + PER_CALL) & (WORDS - 1));

group('popcount of 64 words', () => {
  bench('bit loop', {
    setup: () => makeWords(5),
    run: (words) => {
      const start = nextSlice();
      let total = 0;
      for (let i = start; i < start + PER_CALL; i++) total += popcountLoop(words[i]!);
      return total;
    },
  });

  bench("Kernighan's n & (n - 1)", {
    setup: () => makeWords(5),
    run: (words) => {
      const start = nextSlice();
      let total = 0;
      for (let i = start; i < start + PER_CALL; i++) total += popcountKernighan(words[i]!);
      return total;
    },
  });

  bench('SWAR', {
    setup: () => makeWords(5),
    run: (words) => {
      const start = nextSlice();
      let total = 0;
      for (let i = start; i < start + PER_CALL; i++) total += popcountSwar(words[i]!);
      return total;
    },
  }, { baseline: true });

  bench('byte table', {
    setup: () => makeWords(5),
    run: (words) => {
      const start = nextSlice();
      let total = 0;
      for (let i = start; i < start + PER_CALL; i++) total += popcountTable(words[i]!);
      return total;
    },
  });
});

/** Smallest power of two ≥ n, for 1 ≤ n ≤ 2^30. */
const nextPow2Clz = (n: number): number => (n <= 1 ? 1 : 1 << (32 - Math.clz32(n - 1)));

function nextPow2Smear(n: number): number {
  let x = n - 1;
  x |= x >>> 1;
  x |= x >>> 2;
  x |= x >>> 4;
  x |= x >>> 8;
  x |= x >>> 16;
  return x + 1;
}

group('round 64 sizes up to a power of two', () => {
  bench('Math.clz32', {
    setup: () => makeWords(6).map((w) => 1 + ((w >>> 0) % (1 << 30))),
    run: (sizes) => {
      const start = nextSlice();
      let total = 0;
      for (let i = start; i < start + PER_CALL; i++) total ^= nextPow2Clz(sizes[i]!);
      return total;
    },
  }, { baseline: true });

  bench('bit smearing', {
    setup: () => makeWords(6).map((w) => 1 + ((w >>> 0) % (1 << 30))),
    run: (sizes) => {
      const start = nextSlice();
      let total = 0;
      for (let i = start; i < start + PER_CALL; i++) total ^= nextPow2Smear(sizes[i]!);
      return total;
    },
  });
});
