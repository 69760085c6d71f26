/**
 * Plans the passes that follow timing, from the timing results: how many iterations a GC-free
 * sample may hold and how large the young generation must be for it (`--gc-cost`), and how many
 * iterations to run under the sampling heap profiler (`--alloc-sites`).
 */
import type { PassRequest } from '../engine/process/events.js';
import { allocates, BYTES_PER_OP_RESOLUTION } from '../results/memory-types.js';
import type { BenchmarkResult } from '../results/types.js';

const MiB = 1024 * 1024;
/**
 * A GC-free sample allocates at most this much: half of V8's largest default semi-space (16 MiB
 * on 64-bit), so it stays as cache-friendly as the normal young generation. Measured here: samples
 * of 1–8 MiB of `new Array(32)` ran at 14.6–16.2 ns/op, one of 30 MiB at 42 ns/op (streaming
 * through memory, not GC, made the difference).
 */
export const NO_GC_SAMPLE_BYTES = 8 * MiB;
/** The semi-space holds twice a sample's allocation, so a sample started on an emptied young generation cannot fill it. */
const SEMI_SPACE_HEADROOM = 2;
/** Never below V8's largest default semi-space on 64-bit, so the young generation is never smaller than in a normal run. */
const MIN_SEMI_SPACE_MIB = 16;
/**
 * The longest GC-free sample must last this long: the sampling plan's shortest sample is about a
 * third of its longest, which then still spans ≥ 1000 clock reads of ~50 ns (docs/design.md §3).
 */
export const MIN_NO_GC_SAMPLE_NS = 200e3;
/** Bytes to run under the sampling heap profiler: ~5000 samples at 1 KiB, for ±1.4% on the total. */
const ALLOC_SITES_TARGET_BYTES = 5 * MiB;
/** The allocation-site pass may take about this share of the time budget (sampling slows allocation down). */
const ALLOC_SITES_BUDGET_SHARE = 0.25;

export interface NoGcPlan {
  /** The pass to run (null when no benchmark can be measured GC-free). */
  pass: Extract<PassRequest, { kind: 'no-gc' }> | null;
  /** Benchmarks whose GC cost cannot be eliminated, with the reason. */
  impossible: Map<string, string>;
}

const measurable = (b: BenchmarkResult): b is BenchmarkResult & { estimate: NonNullable<BenchmarkResult['estimate']>; memory: NonNullable<BenchmarkResult['memory']> } =>
  b.status === 'ok' && b.estimate !== null && b.memory !== null;

function formatMiB(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

export function planNoGc(benchmarks: readonly BenchmarkResult[]): NoGcPlan {
  const maxIterations: Record<string, number | null> = {};
  const impossible = new Map<string, string>();
  let largestSampleBytes = 0;
  for (const b of benchmarks.filter(measurable)) {
    const bytesPerOp = b.memory.bytesPerOp;
    // Heap bytes only: they fill the young generation; off-heap bytes do not.
    if (!(bytesPerOp >= BYTES_PER_OP_RESOLUTION)) {
      maxIterations[b.id] = null;
      continue;
    }
    const iterations = Math.floor(NO_GC_SAMPLE_BYTES / bytesPerOp);
    if (iterations < 1 || iterations * b.estimate.nsPerOp < MIN_NO_GC_SAMPLE_NS) {
      impossible.set(
        b.id,
        `it allocates ${formatMiB(bytesPerOp)} per operation: a sample that fits a ${formatMiB(NO_GC_SAMPLE_BYTES)} GC-free budget would hold ${iterations} operation(s), under ${MIN_NO_GC_SAMPLE_NS / 1e3} µs`,
      );
      continue;
    }
    maxIterations[b.id] = iterations;
    largestSampleBytes = Math.max(largestSampleBytes, iterations * bytesPerOp);
  }
  if (Object.keys(maxIterations).length === 0) return { pass: null, impossible };
  const semiSpaceMiB = Math.max(MIN_SEMI_SPACE_MIB, Math.ceil((SEMI_SPACE_HEADROOM * largestSampleBytes) / MiB));
  return { pass: { kind: 'no-gc', semiSpaceMiB, maxIterations }, impossible };
}

export interface AllocSitesPlan {
  pass: Extract<PassRequest, { kind: 'alloc-sites' }> | null;
  /** Benchmarks with nothing to profile. */
  skipped: Map<string, string>;
}

export function planAllocSites(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number): AllocSitesPlan {
  const iterations: Record<string, number> = {};
  const skipped = new Map<string, string>();
  for (const b of benchmarks.filter(measurable)) {
    if (!allocates(b.memory)) {
      skipped.set(b.id, 'it allocates nothing per operation');
      continue;
    }
    const bytesPerOp = b.memory.bytesPerOp + b.memory.externalBytesPerOp;
    const byBytes = Math.ceil(ALLOC_SITES_TARGET_BYTES / bytesPerOp);
    const byTime = Math.floor((ALLOC_SITES_BUDGET_SHARE * timeBudgetNs) / Math.max(b.estimate.nsPerOp, Number.MIN_VALUE));
    iterations[b.id] = Math.max(1, Math.min(byBytes, byTime));
  }
  return { pass: Object.keys(iterations).length === 0 ? null : { kind: 'alloc-sites', iterations }, skipped };
}

export interface ReplayPlan {
  /** Per benchmark id, the sample sizes to replay (null when no benchmark can be replayed). */
  samples: Record<string, number[]> | null;
  /** Benchmarks with nothing to replay, with the reason. */
  skipped: Map<string, string>;
}

/**
 * The profiling passes replay the timing run's own samples, as seed 000 profiles "the same number
 * of iterations": the same sample sizes in the same order (per-sample setup included), up to the
 * time budget, so each pass costs about as long as sampling did.
 */
export function planReplay(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number): ReplayPlan {
  const samples: Record<string, number[]> = {};
  const skipped = new Map<string, string>();
  for (const b of benchmarks) {
    if (b.status !== 'ok' || b.estimate === null || b.samples.length === 0) {
      skipped.set(b.id, 'it has no timing result to replay');
      continue;
    }
    const nsPerOp = Math.max(b.estimate.nsPerOp, Number.MIN_VALUE);
    const replay: number[] = [];
    let spentNs = 0;
    for (const sample of b.samples) {
      if (replay.length > 0 && spentNs + sample.iterations * nsPerOp > timeBudgetNs) break;
      replay.push(sample.iterations);
      spentNs += sample.iterations * nsPerOp;
    }
    samples[b.id] = replay;
  }
  return { samples: Object.keys(samples).length === 0 ? null : samples, skipped };
}
