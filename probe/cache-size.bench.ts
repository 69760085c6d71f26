// Cache sizes: random pointer chase over working sets of growing size.
//
// One operation = one dependent load (`p = next[p]`) in a Uint32Array holding a single random cycle
// (Sattolo) over the whole working set, so ns/op = time per element = load-to-use latency at that size.
// Latency steps up each time the working set outgrows a cache level; src/probe/infer-cache-levels.ts
// finds the knees.
//
// Full mode: working sets 16 KiB … 512 MiB (powers of two, plus 1.5× points in between).
// Quick mode (UBENCH_PROBE_QUICK=1): 16 KiB … 64 MiB, powers of two.
// Only one working set is kept alive at a time (the benchmarks run one after the other).
import { bench } from 'ubench';
import { affordable, KIB, QUICK, sattoloCycle } from './probe-env.js';

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

// Sizes beyond a quarter of free memory (or 512 MiB) are skipped, not declared.
const SIZES_KIB = affordable((QUICK ? QUICK_KIB : fullSizesKib()).map((k) => k * KIB)).map((b) => b / KIB);

let current: { kib: number; next: Uint32Array; pos: number } | null = null;
function chain(kib: number): { kib: number; next: Uint32Array; pos: number } {
  if (current === null || current.kib !== kib) {
    current = null; // drop the previous working set before building the next one
    current = { kib, next: sattoloCycle((kib * KIB) / 4, kib), pos: 0 };
  }
  return current;
}

bench('pointer chase', (b) => {
  const kib = b.args['kib'] as number;
  if (current === null || current.kib !== kib) { b.stop(); chain(kib); b.start(); } // build untimed
  const state = chain(kib);
  const next = state.next;
  let p = state.pos;
  for (let i = 0; i < b.n; i++) p = next[p]!;
  state.pos = p; // continue where this sample stopped, so every sample walks the cycle onwards
  return p;
}, { args: { kib: SIZES_KIB } });
