/**
 * `--profile`: each file's benchmarks replayed (replay-plan.ts) under V8's CPU profiler in a process
 * of their own: hot functions, hot source lines, and a `.cpuprofile` per benchmark.
 */
import { CPU_SAMPLING_INTERVAL_US } from '../../../engine/passes/profile/profile-settings.js';
import type { CpuProfileFindings } from '../../../results/types.js';
import { runPassProcess, type PostTimingPass } from '../post-timing-pass.js';
import { planReplay } from '../replay-plan.js';

export function noProfile(status: 'skipped' | 'failed', reason: string): CpuProfileFindings {
  return { cpu: { status, reason, iterations: 0, sampleCount: 0, samplingIntervalUs: CPU_SAMPLING_INTERVAL_US }, hot: null, lines: null, cpuprofile: null };
}

export const profilePass = {
  label: 'CPU profile',
  switches: [
    {
      key: 'profile',
      flag: '--profile',
      help: ["also profile each benchmark after timing (V8's CPU profiler on a", 'replay of its samples): hot functions, hot source lines, JIT tier,', 'deopts; saves a .cpuprofile per benchmark'],
    },
  ],
  runsOn: ['node', 'chromium'],
  async run(context, options) {
    const plan = planReplay(context.collector.current(context.ids), options.timeBudgetNs);
    for (const [id, reason] of plan.skipped) context.collector.passOutcome(id, { cpuProfile: noProfile('skipped', reason) });
    if (plan.samples === null) return;
    const outFiles = Object.fromEntries(Object.keys(plan.samples).map((id) => [id, context.files.pathFor(id, '.cpuprofile')]));
    await runPassProcess({ kind: 'cpu-profile', samples: plan.samples, outFiles, top: options.profileTop }, Object.keys(plan.samples), context, this.label, {
      result: (result, ctx) =>
        result.kind === 'cpu-profile' ? { cpuProfile: { ...result.findings, cpuprofile: result.findings.cpuprofile === null ? null : ctx.files.display(result.findings.cpuprofile) } } : null,
      error: (error) => ({ cpuProfile: noProfile('failed', `the profiling pass failed: ${error.message}`) }),
    });
  },
} as const satisfies PostTimingPass;
