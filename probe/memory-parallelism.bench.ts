// Memory latency and memory-level parallelism (Lemire): chase 1…40 independent lanes through one
// Sattolo cycle over a buffer much larger than the caches.
//
// One operation = one step of every lane = `lanes` loads (independent of each other, each dependent
// on the same lane's previous load). Convert: ns per load = (ns/op) / lanes; with lanes = 1 that is
// the memory latency. Speed-up at k lanes = (ns per load at 1 lane) / (ns per load at k lanes);
// src/probe/memory-parallelism.ts computes it and where it saturates.
//
// Full mode: 256 MiB cycle (64 Mi Uint32 elements), lanes 1, 2, 4, 8, 12, 16, 24, 32, 40.
// Quick mode (UBENCH_PROBE_QUICK=1): 64 MiB, lanes 1, 2, 4, 8, 16, 32.
import { bench } from 'ubench';
import { MIB, needMemory, QUICK, sattoloCycle } from './probe-env.js';

export const BYTES = QUICK ? 64 * MIB : 256 * MIB;
const LANES = QUICK ? [1, 2, 4, 8, 16, 32] : [1, 2, 4, 8, 12, 16, 24, 32, 40];

let next: Uint32Array | null = null;
const laneStarts = new Map<number, Uint32Array>();

/**
 * Builds the cycle and, in one walk along it, the start of every lane for every lane count: lane j
 * of k starts j·⌊n/k⌋ steps from element 0, so the lanes are evenly spaced and never run into
 * lines another lane has just brought into the cache.
 */
function build(): Uint32Array {
  if (next === null) {
    needMemory(BYTES, 'the lane chase');
    const n = BYTES / 4;
    const cycle = sattoloCycle(n, 7);
    const wanted = new Map<number, { k: number; j: number }[]>(); // step → lanes starting there
    for (const k of LANES) {
      laneStarts.set(k, new Uint32Array(k));
      for (let j = 0; j < k; j++) {
        const step = j * Math.floor(n / k);
        wanted.set(step, [...(wanted.get(step) ?? []), { k, j }]);
      }
    }
    let p = 0;
    for (let step = 0; step < n; step++) {
      const here = wanted.get(step);
      if (here !== undefined) for (const { k, j } of here) laneStarts.get(k)![j] = p;
      p = cycle[p]!;
    }
    next = cycle;
  }
  return next;
}

bench(
  'chase lanes',
  (b) => {
    const k = b.args['lanes'] as number;
    if (next === null) {
      b.stop();
      build();
      b.start();
    } // build untimed
    const cycle = build();
    const ptrs = laneStarts.get(k)!;
    for (let i = 0; i < b.n; i++) {
      for (let j = 0; j < k; j++) ptrs[j] = cycle[ptrs[j]!]!;
    }
    return ptrs[0];
  },
  { args: { lanes: LANES } },
);
