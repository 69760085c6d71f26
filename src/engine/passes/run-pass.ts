/** Runs one benchmark through a pass (see PassRequest) in a process started for that pass. */
import type { DeclaredBenchmark } from '../../define/types.js';
import { profileAllocationSites } from './alloc-sites/alloc-site-profile.js';
import { profileCpu } from './profile/cpu-profile-pass.js';
import { replayForDisasm } from './disasm/disasm-pass.js';
import type { PassRequest, PassResult } from '../process/events.js';
import { measureAllYoung } from './pretenuring-off/all-young-memory.js';
import { runWithoutGc } from './gc-cost/no-gc-run.js';
import { countRegions } from './instructions/count-regions.js';
import { snapshotAfterRunning } from './heap-snapshot/write-heap-snapshot.js';
import type { PassContext } from './pass-process.js';

function required<T>(value: T | undefined, what: string, id: string): T {
  if (value === undefined) throw new Error(`internal: no ${what} for ${id} in the pass`);
  return value;
}

export async function runPass(pass: PassRequest, bench: DeclaredBenchmark, context: PassContext, onPhase: (phase: 'warmup' | 'sample') => void): Promise<PassResult> {
  switch (pass.kind) {
    case 'pretenuring-off':
      onPhase('sample');
      return { kind: 'pretenuring-off', reading: await measureAllYoung(bench, context, required(pass.plans[bench.id], 'sizing', bench.id)) };
    case 'no-gc':
      return { kind: 'no-gc', run: await runWithoutGc(bench, context, { maxIterationsPerSample: pass.maxIterations[bench.id] ?? null, semiSpaceMiB: pass.semiSpaceMiB }, onPhase) };
    case 'alloc-sites': {
      const iterations = required(pass.iterations[bench.id], 'iteration count', bench.id);
      onPhase('sample');
      return { kind: 'alloc-sites', sites: await profileAllocationSites(bench, context, iterations) };
    }
    case 'cpu-profile': {
      const samples = required(pass.samples[bench.id], 'sample sizes', bench.id);
      onPhase('sample');
      return { kind: 'cpu-profile', findings: await profileCpu(bench, context, samples, required(pass.outFiles[bench.id], 'profile path', bench.id), pass.top) };
    }
    case 'disasm':
      onPhase('sample');
      return replayForDisasm(bench, context, required(pass.samples[bench.id], 'sample sizes', bench.id));
    case 'instructions': {
      const unit = required(pass.units[bench.id], 'region unit', bench.id);
      onPhase('sample');
      return { kind: 'instructions', ...(await countRegions(bench, context, unit, pass.sizes, pass.instrumentation)) };
    }
    case 'heap-snapshot':
      onPhase('sample');
      return {
        kind: 'heap-snapshot',
        reading: await snapshotAfterRunning(bench, context, required(pass.iterations[bench.id], 'iteration count', bench.id), required(pass.outFiles[bench.id], 'snapshot path', bench.id)),
      };
  }
}
