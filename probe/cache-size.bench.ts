// Cache sizes: random pointer chase over working sets of growing size.
//
// One operation = one dependent load (`p = next[p]`) in a Uint32Array holding a single random cycle
// (Sattolo) over the whole working set, so ns/op = time per element = load-to-use latency at that size.
// Latency steps up each time the working set outgrows a cache level; src/probe/infer-cache-levels.ts
// finds the knees.
//
// Full mode: working sets 16 KiB … 512 MiB (powers of two, plus 1.5× points in between).
// Quick mode (UBENCH_PROBE_QUICK=1): 16 KiB … 64 MiB, powers of two.
// One buffer of the largest size serves every working set (a cycle over its first elements), so the
// peak memory is the largest working set, not two of them; its pages are touched only as sizes grow.
import { bench } from 'ubench';
import { fitsInMemory, KIB, needMemory, QUICK, sattoloCycle } from './probe-env.js';

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

let buffer: Uint32Array | null = null;
let current: { kib: number; next: Uint32Array; pos: number } | null = null;
function chain(kib: number): { kib: number; next: Uint32Array; pos: number } {
  if (current === null || current.kib !== kib) {
    // A size beyond a quarter of free memory (or 512 MiB) fails with "cannot run"; smaller ones still run.
    needMemory(kib * KIB, `a ${kib >= 1024 ? `${kib / 1024} MiB` : `${kib} KiB`} working set`);
    if (buffer === null || buffer.length < (kib * KIB) / 4) {
      const largest = Math.max(kib, ...SIZES_KIB.filter((k) => fitsInMemory(k * KIB)));
      buffer = null;
      buffer = new Uint32Array((largest * KIB) / 4); // zero pages: memory is used only where written
    }
    current = { kib, next: sattoloCycle((kib * KIB) / 4, kib, buffer), pos: 0 };
  }
  return current;
}

bench(
  'pointer chase',
  (b) => {
    const kib = b.args['kib'] as number;
    if (current === null || current.kib !== kib) {
      b.stop();
      chain(kib);
      b.start();
    } // build untimed
    const state = chain(kib);
    const next = state.next;
    let p = state.pos;
    for (let i = 0; i < b.n; i++) p = next[p]!;
    state.pos = p; // continue where this sample stopped, so every sample walks the cycle onwards
    return p;
  },
  { args: { kib: SIZES_KIB } },
);
