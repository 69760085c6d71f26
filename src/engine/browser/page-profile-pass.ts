/**
 * The `--profile` pass inside a benchmark page. The page cannot reach V8's profiler itself: the
 * parent drives it through the DevTools protocol (runner/runtimes/page-profiler.ts), and the page
 * tells it when through a binding — start before warm-up (only code compiled while the profiler
 * runs records where inlined code came from), restart before the replay, stop after it. The parent
 * summarizes the profile, since only it has the source map and the files; the page returns that.
 */
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import type { CpuProfileFindings } from '../../results/types.js';
import { RegionObserver } from '../loop/timed-region.js';
import { PROFILED_LOOP_LINE_OFFSET } from '../passes/profile/profile-settings.js';
import { warmedUpRunner, type PassContext } from '../passes/pass-process.js';
import { PAGE_PROFILER_BINDING, type PageProfilerStep, type PassRequest, type PassResult } from '../process/events.js';

type ProfilerBinding = (step: string) => Promise<string>;

function profiler(): ProfilerBinding {
  const binding = (globalThis as unknown as Record<string, ProfilerBinding | undefined>)[PAGE_PROFILER_BINDING];
  if (binding === undefined) throw new Error(`the page has no ${PAGE_PROFILER_BINDING} binding`);
  return binding;
}

const ask = async (step: PageProfilerStep): Promise<string> => profiler()(JSON.stringify(step));

/** Runs one benchmark through a pass in the page: the CPU profile only (the other passes need Node). */
export async function runPagePass(pass: PassRequest, bench: DeclaredBenchmark, context: PassContext, onPhase: (phase: 'warmup' | 'sample') => void): Promise<PassResult> {
  if (pass.kind !== 'cpu-profile') throw new Error(`the ${pass.kind} pass does not run in a browser page`);
  const samples = pass.samples[bench.id];
  const outFile = pass.outFiles[bench.id];
  if (samples === undefined || outFile === undefined) throw new Error(`internal: no replay planned for ${bench.id} in the pass`);
  onPhase('sample');
  await ask({ step: 'start' });
  const runner = await warmedUpRunner(bench, context, new RegionObserver(), { lineOffset: PROFILED_LOOP_LINE_OFFSET });
  await ask({ step: 'restart' });
  for (const n of samples) await runner.runBatch(n);
  const iterations = samples.reduce((a, b) => a + b, 0);
  const findings = JSON.parse(await ask({ step: 'stop', benchName: bench.name, outFile, top: pass.top, iterations })) as CpuProfileFindings;
  return { kind: 'cpu-profile', findings };
}
