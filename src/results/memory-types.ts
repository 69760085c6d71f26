/** The memory part of a benchmark's result (`BenchmarkResult.memory`): allocation, GC, footprint, and the memory passes. */
import type { Estimate, Sample } from './sample-types.js';

/**
 * Bytes/op readings within half a byte are the same (heap accounting is exact to the byte), and a
 * body below it allocates nothing. The memory phase's determinism test, the passes and the
 * baseline rule all use this one resolution.
 */
export const BYTES_PER_OP_RESOLUTION = 0.5;

/** Whether the body allocates at all, on the heap or off it. */
/** Issue 4: GC above 10% of the time makes it worth saying where the time goes (the `gc-heavy` finding). */
export const GC_SHARE_LIMIT = 0.1;

export function allocates(memory: Pick<MemoryInfo, 'bytesPerOp' | 'externalBytesPerOp'>): boolean {
  return memory.bytesPerOp + memory.externalBytesPerOp >= BYTES_PER_OP_RESOLUTION;
}

/** Allocation per operation, measured after timing (never during a timing sample). */
export interface MemoryInfo {
  /** Heap bytes allocated per operation, the harness's own allocation subtracted. */
  bytesPerOp: number;
  /** Off-heap bytes (ArrayBuffer contents) per operation. */
  externalBytesPerOp: number;
  /** True when repeated measurements agreed within half a byte per operation. */
  deterministic: boolean;
  /** Iterations per measurement. */
  iterations: number;
  /** Bytes per operation of each repeated measurement, in order. */
  readings: number[];
  /** Garbage collections during the sampling phase; null where the runtime does not report them (Deno). */
  gcCount: number | null;
  /** Their total pause time, ns (null with gcCount). */
  gcTimeNs: number | null;
  /**
   * The share of time spent in GC pauses: measured apart over whole major-GC cycles (gcApart) where
   * it was, else gcTimeNs over the sampling phase's duration (timed batches plus per-sample setup);
   * null with gcCount.
   */
  gcShare: number | null;
  /** gcTimeNs over the sampling phase's duration, whatever gcShare is. Added within version 3: absent in older files (gcShare is it there). */
  samplingGcShare?: number | null;
  /** The GC share measured apart (docs/memory.md); null where it was not (nothing allocated, or GCs cannot be forced or seen). Added within version 3. */
  gcApart?: GcApart | null;
  footprint: Footprint;
  /** GC cost by elimination; null unless asked for (`--gc-cost`). Added within version 1: absent in older files. */
  gcCost: GcCost | null;
  /** Where the bytes are allocated; null unless asked for (`--alloc-sites`). Added within version 1: absent in older files. */
  allocationSites: AllocationSites | null;
  /** How bytesPerOp and externalBytesPerOp were counted, and whether each is exact. Added within version 3: absent in older files. */
  accounting?: MemoryAccounting;
}

/**
 * Where the heap figure comes from:
 * - `young`: the timing process's young generation, every allocation young (exact);
 * - `young-and-old`: the timing process, where some allocation was born in the old generation
 *   (a pretenured allocation site, a large object); its growth there is a lower bound, so the
 *   figure is one too, kept only when the pretenuring-off pass could not run;
 * - `pretenuring-off`: a process of its own started with `--no-allocation-site-pretenuring`, where
 *   every small allocation is young (exact).
 */
export type HeapSource = 'young' | 'young-and-old' | 'pretenuring-off';

/** How the allocation figures were counted (docs/memory.md). */
export interface MemoryAccounting {
  heapSource: HeapSource;
  /** bytesPerOp is exact to the byte: counted where every allocation is young, in regions without a GC, readings agreeing. */
  heapExact: boolean;
  /** Old-generation growth per operation in the timing process (benchmark minus harness): a lower bound on what was allocated there. */
  oldGenerationBytesPerOp: number;
  /** The timing process's heap figure (young plus old-generation growth), before the pass replaced it. */
  inProcessBytesPerOp: number;
  /** externalBytesPerOp was counted in regions without a GC (a GC frees earlier buffers and lowers the count). */
  externalExact: boolean;
  /** The pretenuring-off pass; null when it was not needed (nothing born old) or cannot run (not Node). */
  pretenuringOff: PretenuringOffReading | null;
}

/** bytes/op measured again in a process started with `--no-allocation-site-pretenuring`. */
export interface PretenuringOffReading {
  status: 'measured' | 'failed';
  reason: string | null;
  bytesPerOp: number;
  /** Exact to the byte: no GC in its regions, no old-generation growth, readings agreeing. */
  exact: boolean;
  deterministic: boolean;
  iterations: number;
  readings: number[];
  /** Old-generation growth per operation there (large objects still go there; near 0 otherwise). */
  oldGenerationBytesPerOp: number;
}

/**
 * GC cost by elimination (`--gc-cost`): the benchmark measured again in a process whose young
 * generation holds a whole sample, each sample starting on an emptied young generation, so no GC
 * runs inside a sample. The overhead is the normal estimate minus that GC-free one.
 */
export interface GcCost {
  /** `impossible`: a GC-free sample could not be made long enough; `failed`: GCs still ran in samples, or the pass failed. */
  status: 'measured' | 'impossible' | 'failed';
  /** Why there is no figure (null when measured). */
  reason: string | null;
  /** Semi-space size of the GC-free process, MiB (`--min-semi-space-size` = `--max-semi-space-size`). */
  semiSpaceMiB: number | null;
  /** Most iterations a GC-free sample may hold; null when the benchmark allocates nothing. */
  maxIterationsPerSample: number | null;
  /** GCs that started inside the GC-free timed samples (0 when elimination worked). */
  gcCountInSamples: number | null;
  /** The GC-free samples. */
  samples: Sample[];
  /** ns/op without GC: median and order-statistic CI of the GC-free samples. */
  noGc: Estimate | null;
  overhead: GcOverhead | null;
}

/** Normal minus GC-free time per operation, with percentile-bootstrap CIs (the two processes are independent). */
export interface GcOverhead {
  nsPerOp: number;
  ciLower: number;
  ciUpper: number;
  /** Overhead as a share of the normal time: 1 − noGc / normal. */
  share: number;
  shareCiLower: number;
  shareCiUpper: number;
  /** The share's CI excludes 0 and the share is beyond the between-process noise band. */
  significant: boolean;
}

/** The top allocation sites from V8's sampling heap profiler (`--alloc-sites`). */
export interface AllocationSites {
  /** `skipped`: nothing to profile (no allocation); `failed`: the pass failed. */
  status: 'measured' | 'skipped' | 'failed';
  reason: string | null;
  /** Iterations run under the profiler. */
  iterations: number;
  /** Mean bytes between samples (`HeapProfiler.startSampling`'s samplingInterval). */
  samplingIntervalBytes: number;
  /** Bytes per operation over all sampled sites: a sampling estimate of bytesPerOp. */
  sampledBytesPerOp: number;
  /** Sites by bytes, largest first (at most ALLOC_SITES_TOP). */
  sites: AllocationSite[];
}

export interface AllocationSite {
  /** Function that allocated (`(anonymous)` when unnamed). */
  function: string;
  /** `file:line:column` of that function, or null for V8 built-ins. */
  location: string | null;
  bytesPerOp: number;
  /** Share of all sampled bytes. */
  share: number;
  /** The function is ubench's own code (the measured loop or the batch runner). */
  harness: boolean;
  /** Callers, innermost first (at most three). */
  callers: string[];
}

/** The GC share over a window of whole major-GC cycles, the benchmark running alone after timing. */
export interface GcApart {
  /** Pause time of the GCs in the window over its length. */
  share: number;
  windowNs: number;
  gcCount: number;
  pauseNs: number;
  /** Major GCs in the window (the last ends it, when there are any); fewer than three when the time cap ended it. */
  majorGcCount: number;
}

/** Memory held by the benchmark process around one benchmark, bytes. */
export interface Footprint {
  /** V8 heap used at the end of the benchmark (before the final forced GC). */
  heapUsedBytes: number;
  heapTotalBytes: number;
  /** Memory of C++ objects bound to JavaScript, ArrayBuffer contents included. */
  externalBytes: number;
  rssBytes: number;
  /** Largest heap used seen after a sample. */
  peakHeapUsedBytes: number;
  peakRssBytes: number;
  /** Heap used after a forced full GC at the end minus the same before the benchmark started; null without a forced GC. */
  retainedBytes: number | null;
  /** Heap used after each sample, in order (a leak keeps raising it, and so does garbage waiting for a major GC). */
  heapUsedAfterSamples: number[];
  /**
   * Heap used after a forced full GC after each sample of the retention stretch (after the memory
   * phase), in order: only what is kept raises it. Empty where no GC can be forced. Added within
   * version 3: absent in older files.
   */
  settledHeapUsed?: number[];
}

/**
 * Full collections ubench ran for a benchmark outside its timed regions, because its file asked
 * for them (mitata's `.gc('inner')` before every sample, `.gc('once')` before the first):
 * they are in no ns/op figure, and the GC figures count only collections inside timed regions.
 */
export interface ForcedGc {
  /** `every-sample`: before every sample (not the warm-up, as mitata's); `once`: once, before the first sample. */
  mode: 'every-sample' | 'once';
  /** Who asked, as the file wrote it (`mitata .gc('inner')`). */
  by: string;
  count: number;
  totalNs: number;
  minNs: number;
  maxNs: number;
}
