/**
 * The GC-free pass without being asked: where the timing run saw signs that garbage collection does
 * much of a benchmark's work, it is measured GC-free too, so the report can name GC's cost by
 * elimination rather than by its pauses. The pauses miss most of it when the body keeps what it
 * allocates alive: promotion to the old generation, concurrent marking and the write barriers it
 * turns on cost the body time without pausing it (a ring of a million records: pauses 10%, GC-free
 * 65% faster; docs/memory.md). With `--gc-cost` the asked-for pass covers every benchmark instead.
 */
import { BYTES_PER_OP_RESOLUTION } from '../../../results/memory-types.js';
import type { BenchmarkResult } from '../../../results/types.js';
import { measurable } from '../measurable.js';
import type { PostTimingPass } from '../post-timing-pass.js';
import { gcCostPass, runNoGcPass } from './gc-cost-pass.js';

/**
 * Old-generation growth of at least this share of the bytes a call allocates means most of what it
 * allocates outlives the young generation (born old or promoted): the GC work that does not pause.
 * A body whose objects die young grows the old generation by little more than the harness's noise.
 */
export const SURVIVING_SHARE = 0.25;

/**
 * Whether the timing run's memory figures say GC may be much of the benchmark's time: what a call
 * allocates outlives the young generation. Judged on bytes, not on the GC pause share: the pause
 * share of a light body moves with the host, and a pass (another process loading the file) that runs
 * in one run and not the next changes the report and the file's output between runs; heavy pauses
 * are named by `gc-heavy` from the timing run itself.
 */
export function gcBound(b: BenchmarkResult): boolean {
  if (!measurable(b) || !(b.memory.bytesPerOp >= BYTES_PER_OP_RESOLUTION)) return false;
  return (b.memory.accounting?.oldGenerationBytesPerOp ?? 0) >= SURVIVING_SHARE * b.memory.bytesPerOp;
}

export const gcBoundPass = {
  label: 'GC-free (GC looked heavy)',
  switches: [],
  runsOn: gcCostPass.runsOn,
  async run(context, options) {
    if (options.passes.gcCost === true) return;
    await runNoGcPass(context, this.label, gcBound);
  },
} as const satisfies PostTimingPass;
