// Cache sizes: random pointer chases over working sets of growing size.
//
// One operation = one dependent load (`p = next[p]`) in a Uint32Array holding a single random cycle
// over the working set, so ns/op = load-to-use latency at that size. Latency steps up each time the
// working set outgrows a cache level; src/probe/infer-cache-levels.ts finds the knees.
// - 'pointer chase, page-local': one element per 64-byte line, all lines of a 4 KiB page in random
//   order before the next page (pages in random order). A TLB miss comes once per 64 loads, so the
//   knees are the caches'. Measured here: without this, page walks blur every knee past 256 KiB into
//   one climb (2 ns at 32 KiB to 1 µs at 16 MiB on a 2-core VM with 4 KiB pages).
// - 'pointer chase': every element in one random cycle (Sattolo): caches and TLB misses together.
//
// Full mode: working sets 16 KiB … 512 MiB (powers of two, plus 1.5× points in between).
// Quick mode (UBENCH_PROBE_QUICK=1): 16 KiB … 64 MiB, powers of two; the plain chase only up to
// 512 KiB (see PLAIN_QUICK_MAX_KIB).
// One buffer of the largest size serves every working set (a cycle over its first elements), so the
// peak memory is the largest working set, not two of them; its pages are touched only as sizes grow.
import { bench } from 'ubench';
import { fitsInMemory, KIB, needMemory, pageLocalCycle, QUICK, sattoloCycle } from './probe-env.js';

function fullSizesKib(): number[] {
  const sizes: number[] = [];
  for (let kib = 16; kib <= 512 * 1024; kib *= 2) {
    sizes.push(kib);
    if (kib * 2 <= 512 * 1024 && kib >= 32) sizes.push(kib * 1.5);
  }
  return sizes.sort((a, b) => a - b);
}
// Factors of 2 (not 4) even in quick mode: knees must come out within a factor of 2 of the real size.
const QUICK_KIB = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];

const SIZES_KIB = QUICK ? QUICK_KIB : fullSizesKib();
/**
 * The plain chase's largest size in quick mode: its knees are used only up to 256 KiB
 * (src/probe/experiments/cache-size-experiment.ts TLB_FREE_BYTES), one doubling more closes a climb
 * there, and beyond it the plain chase is what memory-parallelism's one lane measures anyway.
 */
const PLAIN_QUICK_MAX_KIB = 512;

interface Chase {
  kib: number;
  next: Uint32Array;
  pos: number;
}

/**
 * One chase's state: the cycle of the size last asked for, rebuilt (untimed) when the size changes.
 * `build` writes the cycle over `bytes` into the buffer and returns the element it starts at.
 */
function chase(build: (bytes: number, buffer: Uint32Array, seed: number) => number): (kib: number) => Chase {
  let buffer: Uint32Array | null = null;
  let current: Chase | null = null;
  return (kib) => {
    if (current !== null && current.kib === kib) return current;
    // A size beyond a quarter of free memory (or 512 MiB) fails with "cannot run"; smaller ones still run.
    needMemory(kib * KIB, `a ${kib >= 1024 ? `${kib / 1024} MiB` : `${kib} KiB`} working set`);
    if (buffer === null || buffer.length < (kib * KIB) / 4) {
      const largest = Math.max(kib, ...SIZES_KIB.filter((k) => fitsInMemory(k * KIB)));
      buffer = null;
      buffer = new Uint32Array((largest * KIB) / 4); // zero pages: memory is used only where written
    }
    current = { kib, next: buffer, pos: build(kib * KIB, buffer, kib) };
    return current;
  };
}

function declareChase(name: string, state: (kib: number) => Chase, sizesKib: readonly number[] = SIZES_KIB): void {
  let built = -1;
  bench(
    name,
    (b) => {
      const kib = b.args['kib'] as number;
      if (built !== kib) {
        b.stop();
        state(kib);
        built = kib;
        b.start();
      } // build untimed
      const s = state(kib);
      const next = s.next;
      let p = s.pos;
      for (let i = 0; i < b.n; i++) p = next[p]!;
      s.pos = p; // continue where this sample stopped, so every sample walks the cycle onwards
      return p;
    },
    { args: { kib: [...sizesKib] } },
  );
}

declareChase(
  'pointer chase',
  chase((bytes, buffer, seed) => {
    sattoloCycle(bytes / 4, seed, buffer);
    return 0;
  }),
  QUICK ? SIZES_KIB.filter((kib) => kib <= PLAIN_QUICK_MAX_KIB) : SIZES_KIB,
);
declareChase('pointer chase, page-local', chase(pageLocalCycle));
