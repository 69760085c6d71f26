/**
 * What the profiling passes (`--profile`, `--disasm`) replay: the timing run's own samples, as seed
 * 000 profiles "the same number of iterations" — the same sample sizes in the same order (per-sample
 * setup included), up to the time budget, so each pass costs about as long as sampling did.
 */
import type { BenchmarkResult } from '../../results/types.js';

export interface ReplayPlan {
  /** Per benchmark id, the sample sizes to replay (null when no benchmark can be replayed). */
  samples: Record<string, number[]> | null;
  /** Benchmarks with nothing to replay, with the reason. */
  skipped: Map<string, string>;
}

export function planReplay(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number): ReplayPlan {
  const samples: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
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
