/**
 * The pretenuring-off pass: where the timing process saw a benchmark's allocation land in the old
 * generation (a pretenured allocation site), its bytes/op there is only a lower bound (the sweeper
 * frees old space during a region), so it is measured again in a process started with
 * `--no-allocation-site-pretenuring`, where every small allocation is young and counted exactly.
 * Not an option: it runs whenever a figure would otherwise be inexact, and only for those benchmarks.
 */
import type { PassRequest } from '../../../engine/process/events.js';
import { failedAllYoung } from '../../../engine/passes/pretenuring-off/all-young-memory.js';
import type { BenchmarkResult } from '../../../results/types.js';
import { measurable } from '../measurable.js';
import { runPassProcess, type PostTimingPass } from '../post-timing-pass.js';

/** The benchmarks whose heap figure counted old-generation growth, with the timing process's sizing. */
export function planPretenuringOff(benchmarks: readonly BenchmarkResult[]): Extract<PassRequest, { kind: 'pretenuring-off' }> | null {
  const plans: Record<string, { baseIterations: number; nsPerOp: number }> = Object.create(null) as Record<string, { baseIterations: number; nsPerOp: number }>;
  for (const b of benchmarks.filter(measurable)) {
    if (b.memory.accounting?.heapSource !== 'young-and-old') continue;
    plans[b.id] = { baseIterations: Math.max(b.calibration?.baseIterations ?? 0, b.memory.iterations), nsPerOp: b.estimate.nsPerOp };
  }
  return Object.keys(plans).length === 0 ? null : { kind: 'pretenuring-off', plans };
}

export const pretenuringOffPass = {
  label: 'pretenuring off',
  switches: [],
  runsOn: ['node'],
  async run(context) {
    const pass = planPretenuringOff(context.collector.current(context.ids));
    if (pass === null) return;
    await runPassProcess(pass, Object.keys(pass.plans), context, this.label, {
      result: (result) => (result.kind === 'pretenuring-off' ? { pretenuringOff: result.reading } : null),
      error: (error) => ({ pretenuringOff: failedAllYoung(`the pretenuring-off pass failed: ${error.message}`) }),
    });
  },
} as const satisfies PostTimingPass;
