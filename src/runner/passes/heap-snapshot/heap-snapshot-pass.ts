/**
 * `--heap-snapshot`: after timing, each benchmark run again in a process of its own for a share of
 * its time budget, then V8's heap written to a `.heapsnapshot` beside the run's profiles, to open in
 * Chrome DevTools (Memory tab) and see what the benchmark keeps alive. The file is recorded as the
 * benchmark's pass file (results: `profile.files`).
 */
import { statSync } from 'node:fs';
import { formatBytes } from '../../../results/text/format-units.js';
import type { BenchmarkResult, PassFile } from '../../../results/types.js';
import { type BudgetSharePlan, planBudgetShare } from '../budget-share-plan.js';
import { runPassProcess, type PostTimingPass } from '../post-timing-pass.js';

/** The pass may run a benchmark for about this share of its time budget: enough to fill the caches a benchmark fills, and the snapshot itself takes about a second. */
const HEAP_SNAPSHOT_BUDGET_SHARE = 0.25;
/** At most this many iterations: a benchmark that allocates keeps nothing more after a million calls than after a few thousand, unless it leaks, which a million shows. */
const HEAP_SNAPSHOT_MAX_ITERATIONS = 1_000_000;

const WHAT = 'heap snapshot';
const FLAG = '--heap-snapshot';
const OPENS_IN = 'Chrome DevTools, Memory tab';

const noFile = (note: string): PassFile => ({ what: WHAT, pass: FLAG, path: null, bytes: null, opensIn: null, note });

/** Iterations per benchmark: its share of the time budget at its measured speed. */
export function planHeapSnapshots(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number): BudgetSharePlan {
  return planBudgetShare(benchmarks, timeBudgetNs, HEAP_SNAPSHOT_BUDGET_SHARE, HEAP_SNAPSHOT_MAX_ITERATIONS);
}

export const heapSnapshotPass = {
  label: 'heap snapshot',
  switches: [
    {
      key: 'heapSnapshot',
      flag: FLAG,
      help: ['also write the heap after running each benchmark as a .heapsnapshot', '(Chrome DevTools, Memory tab): what it keeps alive'],
    },
  ],
  runsOn: ['node'],
  async run(context, options) {
    const plan = planHeapSnapshots(context.collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) context.collector.passOutcome(id, { passFiles: [noFile(reason)] });
    const ids = Object.keys(plan.iterations);
    if (ids.length === 0) return;
    const outFiles = Object.fromEntries(ids.map((id) => [id, context.files.pathFor(id, '.heapsnapshot')]));
    // A process per benchmark: a snapshot then holds what that benchmark keeps, not what the file's earlier benchmarks left.
    for (const id of ids) {
      if (context.childOptions.signal?.aborted === true) return;
      await runPassProcess({ kind: 'heap-snapshot', iterations: { [id]: plan.iterations[id]! }, outFiles: { [id]: outFiles[id]! } }, [id], context, this.label, {
        result: (result, ctx) => {
          if (result.kind !== 'heap-snapshot') return null;
          const { reading } = result;
          const note = `heap ${formatBytes(reading.heapUsedBytes)} after ${reading.iterations.toLocaleString('en-US')} iterations`;
          return { passFiles: [{ what: WHAT, pass: FLAG, path: ctx.files.display(reading.file), bytes: statSync(reading.file, { throwIfNoEntry: false })?.size ?? null, opensIn: OPENS_IN, note }] };
        },
        error: (error) => ({ passFiles: [noFile(`the heap-snapshot pass failed: ${error.message}`)] }),
      });
    }
  },
} as const satisfies PostTimingPass;
