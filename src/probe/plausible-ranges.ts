/**
 * The physically plausible range of each kind of figure `ubench probe` prints. A figure outside its
 * range is withheld (check-plausibility.ts): it says more about the host (busy, swapping, a
 * different code path than the experiment meant) than about the machine. The bounds are wide on
 * purpose: they catch the impossible, not the unusual; each cites the public facts it rests on.
 */
import type { ProbeUnit } from './probe-types.js';

export interface PlausibleRange {
  /** The range's name, as the probe document records it. */
  name: string;
  unit: ProbeUnit;
  low: number;
  high: number;
  /** Completes "1,953 ns is above the 400 ns …": what the bound is of. */
  what: string;
  /** The likely cause of a figure above `high`, and what to do. */
  aboveHint: string;
  /** The likely cause of a figure below `low`, and what to do. */
  belowHint: string;
  /** The figure must be a power of two (cache lines are). */
  powerOfTwo?: boolean;
}

const BUSY = 'the host was likely busy — run again on a quiet machine';
const BUSY_OR_SWAPPING = 'the host was likely busy or swapping — run again on a quiet machine';
const TOO_FAST = 'the loop likely did less work than the experiment means (a timer or compiler artefact) — run again';

/**
 * One load that misses every cache and waits for the previous one: 60–120 ns on desktops and 80–150 ns
 * on servers (Intel's and AMD's optimization manuals; Drepper, "What every programmer should know
 * about memory"), up to ~300 ns with a remote NUMA node and a page walk. Below ~30 ns no DRAM
 * answers (row activation plus CAS latency alone take about that): the load hit a cache.
 */
export const DRAM_LOAD_LATENCY: PlausibleRange = {
  name: 'DRAM dependent-load latency',
  unit: 'ns',
  low: 30,
  high: 400,
  what: 'a dependent DRAM load can take',
  aboveHint: BUSY_OR_SWAPPING,
  belowHint: 'the buffer was likely served from a cache, not from memory',
};

/**
 * Any single dependent load, from an L1 hit to DRAM: an L1 hit takes 4–5 cycles (≥ 0.67 ns even at
 * 6 GHz; vendor manuals), the slowest DRAM load the bound above.
 */
export const ANY_LOAD_LATENCY: PlausibleRange = {
  name: 'dependent-load latency',
  unit: 'ns',
  low: 0.5,
  high: DRAM_LOAD_LATENCY.high,
  what: 'one dependent load can take',
  aboveHint: BUSY_OR_SWAPPING,
  belowHint: TOO_FAST,
};

/** Two dependent loads in a row (the line pair chase's slot): twice {@link ANY_LOAD_LATENCY}. */
export const TWO_LOADS_LATENCY: PlausibleRange = {
  ...ANY_LOAD_LATENCY,
  name: 'two dependent loads',
  low: 2 * ANY_LOAD_LATENCY.low,
  high: 2 * ANY_LOAD_LATENCY.high,
  what: 'two dependent loads can take',
};

/** An L1 data-cache hit: 4–5 cycles on current x86 and Arm cores (vendor manuals), 0.67 ns at 6 GHz to 5 ns at 1 GHz. */
export const L1_LATENCY: PlausibleRange = { ...ANY_LOAD_LATENCY, name: 'L1 hit latency', low: 0.5, high: 5, what: 'an L1 hit takes' };

/** An L2 hit: 12–20 cycles (Intel, AMD and Apple figures), 2 ns at 6 GHz to 20 ns at 1 GHz. */
export const L2_LATENCY: PlausibleRange = { ...ANY_LOAD_LATENCY, name: 'L2 hit latency', low: 1.5, high: 20, what: 'an L2 hit takes' };

/** A last-level (L3) hit: ~30–80 cycles, up to ~40 ns on large server meshes (vendor manuals, published die-level measurements). */
export const L3_LATENCY: PlausibleRange = { ...ANY_LOAD_LATENCY, name: 'L3 hit latency', low: 3, high: 80, what: 'an L3 hit takes' };

/** Cache lines are a power of two, 32 B (older Arm) to 128 B (Apple M-series, POWER); 256 B leaves room for the strided copy's prefetch-doubled knee. */
export const LINE_SIZE: PlausibleRange = {
  name: 'cache line size',
  unit: 'bytes',
  low: 32,
  high: 256,
  powerOfTwo: true,
  what: 'a cache line has',
  aboveHint: 'hardware prefetchers or a busy host moved the knee — trust the OS figure',
  belowHint: 'noise made a step look like a miss — run again on a quiet machine',
};

/** L1 data caches: 16 KiB (older cores) to 192 KiB (Apple's performance cores, 128 KiB; margin above). */
export const L1_SIZE: PlausibleRange = { name: 'L1d size', unit: 'bytes', low: 8 * 1024, high: 256 * 1024, what: 'an L1 data cache holds', aboveHint: BUSY, belowHint: BUSY };

/** L2 caches: 128 KiB per core to 32 MiB shared by a cluster (Apple's M-series Max parts). */
export const L2_SIZE: PlausibleRange = { ...L1_SIZE, name: 'L2 size', low: 64 * 1024, high: 64 * 1024 * 1024, what: 'an L2 cache holds' };

/** L3 (and later) caches: 1 MiB (small parts) to 1.1 GiB (AMD's largest stacked-cache server parts, whole socket). */
export const L3_SIZE: PlausibleRange = { ...L1_SIZE, name: 'L3 size', low: 1024 * 1024, high: 2 * 1024 * 1024 * 1024, what: 'an L3 cache holds' };

/** A knee the OS names no level for: anywhere from the smallest L1 to the largest L3 above. */
export const CACHE_LEVEL_SIZE: PlausibleRange = { ...L1_SIZE, name: 'cache level size', low: 4 * 1024, high: L3_SIZE.high, what: 'any cache level holds' };

/**
 * One core reading memory sequentially: a few GB/s (one DDR channel) to ~100 GB/s (Apple M-series
 * single-core reads); 400 GB/s is 64 B per cycle at 6 GHz, more than one core's L1 can fill.
 */
export const CORE_BANDWIDTH: PlausibleRange = {
  name: 'one-core memory bandwidth',
  unit: 'GB/s',
  low: 0.5,
  high: 400,
  what: 'one core can read',
  aboveHint: 'the loop likely skipped work or the buffer sat in a cache — run again',
  belowHint: BUSY_OR_SWAPPING,
};

/**
 * Loads in flight: a core tracks a few tens of L1 misses at once (Intel: 10–16 fill buffers and a
 * 32–48 entry L2 queue; AMD and Apple cores a few tens; Lemire's lane chase tops out near 25–30).
 * Below ~0.7, k independent lanes would be slower per load than one chain, which no core does.
 */
export const MLP_SPEEDUP: PlausibleRange = {
  name: 'memory-level parallelism speed-up',
  unit: 'ratio',
  low: 0.7,
  high: 64,
  what: 'loads a core keeps in flight',
  aboveHint: 'the one-lane baseline was likely slowed by a busy host — run again on a quiet machine',
  belowHint: BUSY,
};

/** A speed-up at k lanes may not exceed k by more than this factor (noise): k chains give at most k loads at once. */
export const SPEEDUP_PER_LANE_SLACK = 1.25;

/**
 * A branch misprediction flushes the pipeline: ~10–20 cycles on current cores (Intel's optimization
 * manual, Agner Fog's microarchitecture guide), ~1.7 ns at 6 GHz to ~30 ns at 1 GHz with margin.
 */
export const MISPREDICTION_COST: PlausibleRange = {
  name: 'branch misprediction cost',
  unit: 'ns',
  low: 1,
  high: 30,
  what: 'a branch misprediction costs',
  aboveHint: BUSY,
  belowHint: 'the branch was likely compiled without a jump (a conditional move), so nothing mispredicted',
};

/** One element of a simple typed-array loop (a load, a compare or add, maybe a store): ≥ one cycle's share at 6 GHz with 4-wide issue, ≤ a DRAM miss. */
export const ELEMENT_TIME: PlausibleRange = { ...ANY_LOAD_LATENCY, name: 'time per element', low: 0.05, high: 100, what: 'one element of a simple loop takes', belowHint: TOO_FAST };

/** A ratio of two such loops over the same data (slowdowns, prefix ÷ differences): a misprediction per two elements costs at most ~30×. */
export const LOOP_RATIO: PlausibleRange = {
  name: 'ratio of two loops',
  unit: 'ratio',
  low: 0.5,
  high: 30,
  what: 'two loops over the same data differ by',
  aboveHint: BUSY,
  belowHint: BUSY,
};
