/**
 * `--gc-cost`: each benchmark measured again in a process whose young generation is too large to fill
 * during a sample, so no GC runs inside one; the difference to the timing run is what GC costs
 * (analysis/gc-cost.ts). Planned from the timing results: how many iterations a GC-free sample may
 * hold, and how large the young generation must be for it.
 */
import type { PassRequest } from '../../../engine/process/events.js';
import { BYTES_PER_OP_RESOLUTION } from '../../../results/memory-types.js';
import type { BenchmarkResult } from '../../../results/types.js';
import { measurable } from '../measurable.js';
import { runPassProcess, type PassContext, type PostTimingPass } from '../post-timing-pass.js';

/** Bytes in a mebibyte. */
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

export interface NoGcPlan {
  /** The pass to run (null when no benchmark can be measured GC-free). */
  pass: Extract<PassRequest, { kind: 'no-gc' }> | null;
  /** Benchmarks whose GC cost cannot be eliminated, with the reason. */
  impossible: Map<string, string>;
}

function formatMiB(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

export function planNoGc(benchmarks: readonly BenchmarkResult[]): NoGcPlan {
  const maxIterations: Record<string, number | null> = Object.create(null) as Record<string, number | null>;
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

/** Plans the GC-free process for the file's benchmarks that `chosen` picks, runs it, and records each one's outcome. */
export async function runNoGcPass(context: PassContext, label: string, chosen: (b: BenchmarkResult) => boolean): Promise<void> {
  const plan = planNoGc(context.collector.current(context.ids).filter(chosen));
  for (const [id, reason] of plan.impossible) context.collector.passOutcome(id, { noGc: { status: 'impossible', reason } });
  if (plan.pass === null) return;
  await runPassProcess(plan.pass, Object.keys(plan.pass.maxIterations), context, label, {
    result: (result) => (result.kind === 'no-gc' ? { noGc: { status: 'done', run: result.run } } : null),
    error: (error) => ({ noGc: { status: 'failed', error } }),
  });
}

export const gcCostPass = {
  label: 'GC-free',
  switches: [
    {
      key: 'gcCost',
      flag: '--gc-cost',
      help: ['also measure with GC eliminated (a large young generation, every', 'sample GC-free) and report what GC adds per operation, with its CI'],
    },
  ],
  runsOn: ['node'],
  async run(context) {
    await runNoGcPass(context, this.label, () => true);
  },
} as const satisfies PostTimingPass;
