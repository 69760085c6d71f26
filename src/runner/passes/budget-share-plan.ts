/**
 * The plan of a pass that runs each benchmark for a share of its time budget (`--heap-snapshot`,
 * `--coverage`): iterations at the benchmark's measured speed, between one and a cap, and a reason
 * for each benchmark it cannot plan.
 */
import type { BenchmarkResult } from '../../results/types.js';
import { measurable } from './measurable.js';

export interface BudgetSharePlan {
  iterations: Record<string, number>;
  skipped: Map<string, string>;
}

export function planBudgetShare(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number, share: number, maxIterations: number): BudgetSharePlan {
  const iterations: Record<string, number> = Object.create(null) as Record<string, number>;
  const skipped = new Map<string, string>();
  for (const b of benchmarks) {
    if (!measurable(b)) skipped.set(b.id, 'it has no timing result to plan the run from');
    else iterations[b.id] = Math.max(1, Math.min(maxIterations, Math.floor((share * timeBudgetNs) / Math.max(b.estimate.nsPerOp, Number.MIN_VALUE))));
  }
  return { iterations, skipped };
}
