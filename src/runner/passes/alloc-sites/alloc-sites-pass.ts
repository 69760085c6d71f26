/**
 * `--alloc-sites`: each benchmark run under V8's sampling heap profiler in a process of its own, for
 * the functions that allocate the most bytes per operation. Planned from the timing results: how
 * many iterations give enough samples within a share of the time budget.
 */
import type { PassRequest } from '../../../engine/process/events.js';
import { allocates } from '../../../results/memory-types.js';
import type { AllocationSites, BenchmarkResult } from '../../../results/types.js';
import { measurable } from '../measurable.js';
import { runPassProcess, type PostTimingPass } from '../post-timing-pass.js';

/** Bytes in a mebibyte. */
const MiB = 1024 * 1024;
/** Bytes to run under the sampling heap profiler: ~5000 samples at 1 KiB, for ±1.4% on the total. */
const ALLOC_SITES_TARGET_BYTES = 5 * MiB;
/** The allocation-site pass may take about this share of the time budget (sampling slows allocation down). */
const ALLOC_SITES_BUDGET_SHARE = 0.25;

export function noSites(status: 'skipped' | 'failed', reason: string): AllocationSites {
  return { status, reason, iterations: 0, samplingIntervalBytes: 0, sampledBytesPerOp: 0, sites: [] };
}

export interface AllocSitesPlan {
  pass: Extract<PassRequest, { kind: 'alloc-sites' }> | null;
  /** Benchmarks with nothing to profile. */
  skipped: Map<string, string>;
}

export function planAllocSites(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number): AllocSitesPlan {
  const iterations: Record<string, number> = Object.create(null) as Record<string, number>;
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

export const allocSitesPass = {
  label: 'allocation sites',
  switches: [
    {
      key: 'allocSites',
      flag: '--alloc-sites',
      help: ['also list the functions that allocate the most bytes per operation', "(V8's sampling heap profiler)"],
    },
  ],
  runsOn: ['node'],
  async run(context, options) {
    const plan = planAllocSites(context.collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) context.collector.passOutcome(id, { allocSites: noSites('skipped', reason) });
    if (plan.pass === null) return;
    await runPassProcess(plan.pass, Object.keys(plan.pass.iterations), context, this.label, {
      result: (result) => (result.kind === 'alloc-sites' ? { allocSites: result.sites } : null),
      error: (error) => ({ allocSites: noSites('failed', `the allocation-site pass failed: ${error.message}`) }),
    });
  },
} as const satisfies PostTimingPass;
