/**
 * The process's side of `--instructions`: the benchmark's measured loop, warmed up and optimized as
 * in a timing run, run over regions of several sizes inside a process that runs under valgrind's
 * callgrind. Each region is bracketed by calls of a native function callgrind is told to dump its
 * counts at (REGION_MARKER), so the instructions between two markers are one region's, and the
 * parent reads them from the dump files and fits instructions against iterations: the slope is
 * instructions per operation, while start-up, compilation, the clock reads and the loop's entry
 * are constant per region and go into the intercept.
 */
import type { LoopCall } from '../../loop/codegen.js';
import os from 'node:os';
import type { DeclaredBenchmark } from '../../../define/declaration-types.js';
import type { LoopMode } from '../../../results/types.js';
import { emptyBenchmark } from '../../loop/floor.js';
import { fullGc } from '../../memory/forced-gc.js';
import { RegionObserver, type TimedRegionHooks } from '../../loop/timed-region.js';
import { PASS_WARMUP_MAX_NS, warmedUpRunner, type PassContext } from '../pass-process.js';
import { instrumentationOn } from './instrumentation-switch.js';

/**
 * The C function behind `os.loadavg()` in Node (libuv's, exported by every Node binary). Nothing
 * else in a benchmark process calls it, so callgrind's `--dump-before=uv_loadavg` dumps exactly at
 * the markers.
 */
export const REGION_MARKER = 'uv_loadavg';

/**
 * Batches as long as the largest region run before the regions: two, so what tiers up late (an
 * inner function's own optimization after the loop's) happens before counting starts.
 */
const PRIMING_BATCHES = 2;

/** Markers called so far in this process: the parent numbers callgrind's dumps the same way. */
let markers = 0;

function mark(): void {
  markers++;
  os.loadavg();
}

export interface CountedRegions {
  /** The number of the marker that opened the first region (1-based, process-wide). */
  firstMarker: number;
  /** Iterations of each region, in order; region i runs from marker firstMarker + 2i to the next. */
  iterations: number[];
}

/**
 * The empty loop of the same kind needs this many iterations in a unit at least: at ~8 instructions
 * an iteration its regions then hold millions of instructions, far above a region's fixed cost
 * (~17,000 instructions measured).
 */
export const FLOOR_MIN_UNIT = 100_000;

/** Runs `unit × size` iterations per region size between two markers: after the pass's warm-up and PRIMING_BATCHES unmarked batches, a full GC before each region. */
async function countBenchmark(
  bench: DeclaredBenchmark,
  context: PassContext,
  unit: number,
  sizes: readonly number[],
  instrumentation: string | null,
): Promise<CountedRegions & { mode: LoopMode; call: LoopCall }> {
  const observer = new RegionObserver();
  // The pass's own warm-up, not the user's --warmup: under callgrind a short time budget is a tiny
  // amount of work (20 ms of --warmup left a 256-step chain's count at ±52%, measured).
  const runner = await warmedUpRunner(bench, { ...context, config: { ...context.config, warmupMaxNs: PASS_WARMUP_MAX_NS } }, observer);
  const gc = fullGc();
  // Batches outside any region first, as long as the largest region: with --single-threaded, code
  // optimization asked for after warm-up compiles at the next call, and functions the loop calls
  // tier up when their counters say so; that compilation (7.6 million instructions for a 1024-step
  // chain, measured; 0.3 million more after one unit) would otherwise land in the first region.
  const chunk = runner.perCallChunk;
  if (chunk !== null && unit * Math.max(...sizes) > chunk) {
    // Each chunk's states are made between its regions' markers: their setup would be counted.
    throw new Error(
      `--instructions cannot count this state: 'per-call' benchmark: its regions (${unit * Math.max(...sizes)} calls) span several chunks of states (${chunk} calls each), and the setup between chunks would be counted as its work`,
    );
  }
  // Only the regions are read: start-up, loading and warm-up may run uninstrumented
  // (instrumentation-switch.ts). It is switched on before the priming batches, which then also warm
  // `--cache-sim`'s simulated caches, starting empty at the switch, before the first region.
  if (instrumentation !== null) instrumentationOn(instrumentation);
  for (let i = 0; i < PRIMING_BATCHES; i++) await runner.runBatch(unit * Math.max(...sizes));
  const markerHooks: TimedRegionHooks = { enter: mark, leave: mark };
  const firstMarker = markers + 1;
  const iterations: number[] = [];
  for (const size of sizes) {
    // An empty young generation at each region's start: the collections inside it then fall where its own allocations put them.
    gc?.();
    observer.current = markerHooks;
    try {
      await runner.runBatch(unit * size);
    } finally {
      observer.current = null;
    }
    iterations.push(unit * size);
  }
  return { firstMarker, iterations, mode: runner.mode, call: runner.call };
}

/**
 * The benchmark's regions, then the empty loop of the same kind counted the same way (its own
 * instructions per operation: what `optimized-away` compares with). A manual-loop benchmark has no
 * generated loop to compare with: no floor.
 */
export async function countRegions(
  bench: DeclaredBenchmark,
  context: PassContext,
  unit: number,
  sizes: readonly number[],
  instrumentation: string | null,
): Promise<CountedRegions & { floor: CountedRegions | null }> {
  const counted = await countBenchmark(bench, context, unit, sizes, instrumentation);
  const floor = counted.mode === 'manual' ? null : await countBenchmark(emptyBenchmark(counted.mode, counted.call), context, Math.max(unit, FLOOR_MIN_UNIT), sizes, instrumentation);
  return { firstMarker: counted.firstMarker, iterations: counted.iterations, floor: floor === null ? null : { firstMarker: floor.firstMarker, iterations: floor.iterations } };
}
