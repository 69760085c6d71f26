// Memory latency and memory-level parallelism (Lemire): chase 1…40 independent lanes through one
// random cycle over a buffer much larger than the caches.
//
// One operation = one step of every lane = `lanes` loads (independent of each other, each dependent
// on the same lane's previous load). Convert: ns per load = (ns/op) / lanes; with lanes = 1 that is
// the memory latency. Speed-up at k lanes = (ns per load at 1 lane) / (ns per load at k lanes);
// src/probe/memory-parallelism.ts computes it and where it saturates.
//
// Full mode: 256 MiB cycle (64 Mi Uint32 elements), lanes 1, 2, 4, 8, 12, 16, 24, 32, 40.
// Quick mode (UBENCH_PROBE_QUICK=1): 64 MiB, lanes 1, 2, 4, 8, 16, 32.
import { bench } from 'ubench';
import { MIB, needMemory, processWide, QUICK, randomOrder } from './probe-env.js';

export const BYTES = QUICK ? 64 * MIB : 256 * MIB;
const LANES = QUICK ? [1, 2, 4, 8, 16, 32] : [1, 2, 4, 8, 12, 16, 24, 32, 40];

interface LaneChase {
  next: Uint32Array;
  /** Per lane count k, where each of the k lanes starts. */
  starts: Map<number, Uint32Array>;
}

/**
 * The cycle (a random order of every element, each pointing to the one after it) and the start of
 * every lane for every lane count: lane j of k starts j·⌊n/k⌋ steps along the cycle, so the lanes are
 * evenly spaced and never run into lines another lane has just brought into the cache. Reading the
 * starts off the order replaces a walk of the whole cycle (one random load per element); built
 * once per process, not once per lane count's module instance.
 */
function build(): LaneChase {
  needMemory(2 * BYTES, 'the lane chase (its cycle, and the order it is built from)');
  const n = BYTES / 4;
  const order = randomOrder(n, 7);
  const next = new Uint32Array(n);
  for (let i = 0; i < n; i++) next[order[i]!] = order[(i + 1) % n]!;
  const starts = new Map<number, Uint32Array>();
  for (const k of LANES) {
    const spacing = Math.floor(n / k);
    starts.set(
      k,
      Uint32Array.from({ length: k }, (_, j) => order[j * spacing]!),
    );
  }
  return { next, starts };
}

/** Each lane count's lanes: a copy of its starts, since the chase moves them (keyed, as Bun and Deno share one instance). */
const mine = new Map<number, Uint32Array>();
function lanes(k: number): { next: Uint32Array; ptrs: Uint32Array } {
  const chase = processWide('lane chase', build);
  if (!mine.has(k)) mine.set(k, Uint32Array.from(chase.starts.get(k)!));
  return { next: chase.next, ptrs: mine.get(k)! };
}

bench(
  'chase lanes',
  (b) => {
    const k = b.args['lanes'] as number;
    if (!mine.has(k)) {
      b.stop();
      lanes(k);
      b.start();
    } // build untimed
    const { next: cycle, ptrs } = lanes(k);
    for (let i = 0; i < b.n; i++) {
      for (let j = 0; j < k; j++) ptrs[j] = cycle[ptrs[j]!]!;
    }
    return ptrs[0];
  },
  { args: { lanes: LANES } },
);
