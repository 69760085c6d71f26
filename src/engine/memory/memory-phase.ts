/**
 * The memory phase, after timing (so instrumentation never touches a timing sample): bytes
 * allocated per operation, minus what the harness itself allocates, measured the same way on the
 * empty benchmark of the same loop kind with the same iteration count. Repeated, to tell whether
 * allocation is deterministic (seed 001's technique assumes it).
 *
 * Exactness: the GC-by-GC reconstruction is off by tens of kilobytes per GC (about 1 B/op for
 * `new Array(32)` here), so the measured region is sized to fit in the free young generation and
 * retried when a GC still lands in it; without a GC, used heap at the end minus at the start is
 * exact to the byte.
 */
import v8 from 'node:v8';
import { BYTES_PER_OP_RESOLUTION } from '../../results/memory-types.js';
import type { MemoryInfo } from '../../results/types.js';
import { median } from '../../stats/quantile.js';
import { AllocationMeter, canMeasureAllocation, type AllocationReading } from './allocation-meter.js';
import type { BatchRunner } from '../loop/batch-runner.js';
import type { RegionObserver } from '../loop/timed-region.js';

/** Measurements of the benchmark (and of the empty loop), compared for determinism. */
const MEMORY_REPEATS = 3;
/**
 * A reading below zero is impossible (allocation cannot be negative): the young generation's used
 * size occasionally drops by tens of kilobytes without a GC. Such readings, and readings with a GC
 * in them (see perOpReadings), are measured again, up to this many extra times, and reported as
 * deterministic only if enough valid ones agree.
 */
const EXTRA_ATTEMPTS = 3;
/** The phase may take about this share of the time budget. */
const MEMORY_BUDGET_SHARE = 0.1;
/** Iterations of the first, rough reading that sizes the exact ones. */
const PROBE_ITERATIONS = 1_000;
/**
 * Old-generation growth per operation (benchmark minus harness) from which the body is taken to
 * allocate outside the young generation (a pretenured site, a large object): twice the bytes/op
 * resolution. Growth is a lower bound (the sweeper frees during a region), so a smaller one
 * cannot be told from the sweeper's own movement; a pretenured 104 B/op ring body grew it by 103.1.
 */
export const OLD_GENERATION_MIN_BYTES_PER_OP = 2 * BYTES_PER_OP_RESOLUTION;
/** Use at most a quarter of the young generation's capacity, so a region that starts right after a GC runs without one. */
const NEW_SPACE_SHARE = 0.25;
/**
 * Off-heap bytes a region may allocate: V8 starts GCs to free external memory once it grows by its
 * soft limit (64 MiB, `kExternalAllocationSoftLimit`), and such a GC frees earlier buffers inside
 * the region, so counts came out at 4–28% of the truth for 22 942 × `new ArrayBuffer(4096)`.
 */
const EXTERNAL_REGION_BYTES = 8 * 1024 * 1024;
/** Attempts at a GC-free region before accepting one with GCs in it. */
const GC_FREE_ATTEMPTS = 4;

function newSpaceCapacityBytes(): number {
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return space?.space_size ?? 0;
}

async function readRegion(runner: BatchRunner, iterations: number, observer: RegionObserver, meter: AllocationMeter): Promise<AllocationReading> {
  observer.current = meter;
  try {
    await runner.runBatch(iterations);
  } finally {
    observer.current = null;
  }
  return meter.reading!;
}

/** A reading of a region without a GC in it, if one can be had in a few attempts. */
async function gcFreeReading(read: () => Promise<AllocationReading>): Promise<AllocationReading> {
  let reading = await read();
  for (let attempt = 1; reading.gcCount > 0 && attempt < GC_FREE_ATTEMPTS; attempt++) reading = await read();
  return reading;
}

/** One region of `iterations` of the benchmark, or of the empty loop of its kind (what the harness allocates). */
export type ReadRegion = (which: 'benchmark' | 'harness') => Promise<AllocationReading>;

/** Bytes (and off-heap bytes) per operation of each accepted reading, benchmark minus harness. */
export interface PerOpReadings {
  perOp: number[];
  /** Old-generation growth per operation (a lower bound on what the body allocated there). */
  oldPerOp: number[];
  externalPerOp: number[];
  /** Whether a GC landed in a region of these readings (only when no GC-free one could be had). */
  withGc: boolean;
}

/**
 * Up to MEMORY_REPEATS readings, each the benchmark's region minus the harness's. Two kinds are
 * impossible and measured again (up to EXTRA_ATTEMPTS more): a negative one, and one whose region
 * (benchmark's or harness's) still had a GC after GC_FREE_ATTEMPTS tries — the GC-by-GC
 * reconstruction is off by tens of kilobytes per GC, which once read `'x'.repeat(100)` as
 * [232.0, 693.6, 232.0] B/op. Readings with a GC are used only when no GC-free one was had (a
 * benchmark that cannot run a region without one), and then the attempts stop after
 * MEMORY_REPEATS of them rather than spending the extra ones.
 */
export async function perOpReadings(read: ReadRegion, iterations: number): Promise<PerOpReadings> {
  const clean: PerOpReadings = { perOp: [], oldPerOp: [], externalPerOp: [], withGc: false };
  const tainted: PerOpReadings = { perOp: [], oldPerOp: [], externalPerOp: [], withGc: true };
  for (let attempt = 0; clean.perOp.length < MEMORY_REPEATS && attempt < MEMORY_REPEATS + EXTRA_ATTEMPTS; attempt++) {
    if (clean.perOp.length === 0 && tainted.perOp.length >= MEMORY_REPEATS) break;
    const measured = await gcFreeReading(() => read('benchmark'));
    const harness = await gcFreeReading(() => read('harness'));
    const bytes = (measured.bytes - harness.bytes) / iterations;
    if (bytes < -BYTES_PER_OP_RESOLUTION) continue;
    const into = measured.gcCount === 0 && harness.gcCount === 0 ? clean : tainted;
    into.perOp.push(bytes);
    into.oldPerOp.push((measured.oldBytes - harness.oldBytes) / iterations);
    // The empty loop allocates nothing off the heap: a negative reading of its region is the sweeper
    // freeing earlier buffers meanwhile, and subtracting it read a Float64Array(100_000) at 960,000 B
    // instead of 800,000 in one run of five.
    into.externalPerOp.push((measured.externalBytes - Math.max(0, harness.externalBytes)) / iterations);
  }
  return clean.perOp.length > 0 ? clean : tainted;
}

/** What the memory phase measures; GC activity and footprint come from the sampling phase. */
/** The memory facts the timing process measures; the passes add the rest. */
export type EngineMemory = Omit<MemoryInfo, 'gcCost' | 'allocationSites'>;

export type AllocationInfo = Omit<EngineMemory, 'gcCount' | 'gcTimeNs' | 'gcShare' | 'footprint'>;

/**
 * Bytes per operation over a sample's worth of iterations (capped by the budget share and by the
 * young generation's size), or null where the runtime has no GC profiler.
 */
export async function measureMemory(runner: BatchRunner, empty: BatchRunner, observer: RegionObserver, baseIterations: number, nsPerOp: number, timeBudgetNs: number): Promise<AllocationInfo | null> {
  if (!canMeasureAllocation) return null;
  // state: 'per-call' times a batch as chunks, each a region of its own: one region must be one chunk.
  baseIterations = Math.min(baseIterations, runner.perCallChunk ?? Infinity, empty.perCallChunk ?? Infinity);
  const meter = new AllocationMeter();
  const affordable = Math.floor((timeBudgetNs * MEMORY_BUDGET_SHARE) / MEMORY_REPEATS / Math.max(nsPerOp, 1e-3));
  // One call first, for its off-heap size: PROBE_ITERATIONS calls of a 1 MiB ArrayBuffer ran into
  // V8's external-memory GCs, which freed most of them, and the probe read 37 KiB per call.
  const single = await readRegion(runner, 1, observer, meter);
  const externalCap = Math.floor(EXTERNAL_REGION_BYTES / Math.max(single.externalBytes, 1));
  const probeIterations = Math.max(1, Math.min(baseIterations, affordable, PROBE_ITERATIONS, externalCap));
  const probe = await readRegion(runner, probeIterations, observer, meter);
  const rough = (probe.bytes + Math.max(0, probe.oldBytes)) / probeIterations;
  const roughExternal = Math.max(probe.externalBytes / probeIterations, probe.gcCount > 0 ? single.externalBytes : 0);
  const fitting = Math.min(Math.floor((NEW_SPACE_SHARE * newSpaceCapacityBytes()) / Math.max(rough, 1)), Math.floor(EXTERNAL_REGION_BYTES / Math.max(roughExternal, 1)));
  const iterations = Math.max(1, Math.min(baseIterations, affordable, Math.max(fitting, Math.min(probeIterations, externalCap))));
  const read: ReadRegion = (which) => readRegion(which === 'benchmark' ? runner : empty, iterations, observer, meter);
  const readings = await perOpReadings(read, iterations);
  if (readings.perOp.length === 0) return null;
  return { ...allocationFigures(readings), iterations };
}

/**
 * The figures from the accepted readings. The heap figure counts the old generation's growth too
 * when it reaches OLD_GENERATION_MIN_BYTES_PER_OP (then it is a lower bound, not exact; the runner
 * measures it again with pretenuring off); the median resists one disturbed reading where no
 * reading could be had without a GC.
 */
export function allocationFigures({ perOp, oldPerOp, externalPerOp, withGc }: PerOpReadings): Omit<AllocationInfo, 'iterations'> {
  const old = Math.max(0, median(oldPerOp));
  const bornOld = old >= OLD_GENERATION_MIN_BYTES_PER_OP;
  const heapReadings = bornOld ? perOp.map((young, i) => young + Math.max(0, oldPerOp[i]!)) : perOp;
  const bytesPerOp = median(heapReadings);
  const deterministic = heapReadings.length === MEMORY_REPEATS && heapReadings.every((b) => Math.abs(b - bytesPerOp) <= BYTES_PER_OP_RESOLUTION);
  return {
    bytesPerOp: Math.max(0, bytesPerOp),
    // Concurrent sweeping of earlier dead buffers can only lower the count during a region.
    externalBytesPerOp: Math.max(0, ...externalPerOp),
    deterministic,
    readings: heapReadings,
    accounting: {
      heapSource: bornOld ? 'young-and-old' : 'young',
      heapExact: !bornOld && !withGc && deterministic,
      oldGenerationBytesPerOp: old,
      inProcessBytesPerOp: Math.max(0, bytesPerOp),
      externalExact: !withGc,
      pretenuringOff: null,
    },
  };
}
