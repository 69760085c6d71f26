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
import { affordable, MIB, QUICK, sattoloCycle } from './probe-env.js';

export const BYTES = QUICK ? 64 * MIB : 256 * MIB;
const LANES = QUICK ? [1, 2, 4, 8, 16, 32] : [1, 2, 4, 8, 12, 16, 24, 32, 40];

let cycle: { next: Uint32Array; order: Uint32Array } | null = null;
function getCycle(): { next: Uint32Array; order: Uint32Array } {
  if (cycle === null) {
    const n = BYTES / 4;
    const next = sattoloCycle(n, 7);
    // order[k] = the element reached after k steps from 0: lets lanes start evenly spaced on the cycle.
    const order = new Uint32Array(n);
    let p = 0;
    for (let k = 0; k < n; k++) { order[k] = p; p = next[p]!; }
    cycle = { next, order };
  }
  return cycle;
}

const laneState = new Map<number, Uint32Array>();
function lanesFor(k: number): Uint32Array {
  let ptrs = laneState.get(k);
  if (ptrs === undefined) {
    const { order } = getCycle();
    ptrs = new Uint32Array(k);
    const spacing = Math.floor(order.length / k);
    for (let j = 0; j < k; j++) ptrs[j] = order[j * spacing]!;
    laneState.set(k, ptrs);
  }
  return ptrs;
}

// Skipped (not declared) when the cycle plus its order table exceed a quarter of free memory.
if (affordable([BYTES], (b) => 2 * b).length > 0) {
  bench('chase lanes', (b) => {
    const k = b.args['lanes'] as number;
    if (cycle === null || !laneState.has(k)) { b.stop(); lanesFor(k); b.start(); } // build untimed
    const next = getCycle().next;
    const ptrs = lanesFor(k);
    for (let i = 0; i < b.n; i++) {
      for (let j = 0; j < k; j++) ptrs[j] = next[ptrs[j]!]!;
    }
    return ptrs[0];
  }, { args: { lanes: LANES } });
}
