/**
 * `--coverage`: after timing, each benchmark run again in a process of its own under V8's block
 * coverage, and which blocks of the user's code it ran written to a `.coverage.json` beside the
 * run's profiles (V8's format, as NODE_V8_COVERAGE writes it: c8 and v8-to-istanbul read it). The
 * note says how many blocks never ran: a branch the benchmark never takes is a path it does not
 * measure (an input that always hits the fast path, an error case never reached). Recorded as the
 * benchmark's pass file (results: `profile.files`).
 */
import { statSync } from 'node:fs';
import type { BenchmarkResult, PassFile } from '../../../results/types.js';
import { type BudgetSharePlan, planBudgetShare } from '../budget-share-plan.js';
import { runPassProcess, type PostTimingPass } from '../post-timing-pass.js';

/** The pass runs a benchmark for about this share of its time budget: block counters slow the code, and counts need only show which blocks run. */
const COVERAGE_BUDGET_SHARE = 0.1;
/** At most this many iterations: a block a benchmark reaches shows within far fewer calls. */
const COVERAGE_MAX_ITERATIONS = 100_000;

const WHAT = 'block coverage';
const FLAG = '--coverage';
const OPENS_IN = 'c8 or any reader of V8 coverage';

const noFile = (note: string): PassFile => ({ what: WHAT, pass: FLAG, path: null, bytes: null, opensIn: null, note });

/** Iterations per benchmark: its share of the time budget at its measured speed, at least one. */
export function planCoverage(benchmarks: readonly BenchmarkResult[], timeBudgetNs: number): BudgetSharePlan {
  return planBudgetShare(benchmarks, timeBudgetNs, COVERAGE_BUDGET_SHARE, COVERAGE_MAX_ITERATIONS);
}

/** `12 of 40 blocks never ran (2 files, 1,000 iterations)`. */
export function coverageNote(reading: { iterations: number; scripts: number; blocks: number; blocksNeverRun: number }): string {
  const files = `${reading.scripts} file${reading.scripts === 1 ? '' : 's'}`;
  return `${reading.blocksNeverRun} of ${reading.blocks} blocks never ran (${files}, ${reading.iterations.toLocaleString('en-US')} iterations)`;
}

export const coveragePass = {
  label: 'coverage',
  switches: [{ key: 'coverage', flag: FLAG, help: ['also run each benchmark under V8 block coverage and write which', 'blocks of your code it ran (.coverage.json): the paths it never measures'] }],
  runsOn: ['node'],
  async run(context, options) {
    const plan = planCoverage(context.collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) context.collector.passOutcome(id, { passFiles: [noFile(reason)] });
    const ids = Object.keys(plan.iterations);
    if (ids.length === 0) return;
    // A process per benchmark: its counts are then that benchmark's alone.
    for (const id of ids) {
      if (context.childOptions.signal?.aborted === true) return;
      const request = { kind: 'coverage' as const, iterations: { [id]: plan.iterations[id]! }, outFiles: { [id]: context.files.pathFor(id, '.coverage.json') } };
      await runPassProcess(request, [id], context, this.label, {
        result: (result, ctx) => {
          if (result.kind !== 'coverage') return null;
          const { reading } = result;
          const bytes = statSync(reading.file, { throwIfNoEntry: false })?.size ?? null;
          return { passFiles: [{ what: WHAT, pass: FLAG, path: ctx.files.display(reading.file), bytes, opensIn: OPENS_IN, note: coverageNote(reading) }] };
        },
        error: (error) => ({ passFiles: [noFile(`the coverage pass failed: ${error.message}`)] }),
      });
    }
  },
} as const satisfies PostTimingPass;
