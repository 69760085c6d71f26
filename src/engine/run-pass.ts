/** Runs one benchmark through a pass (see PassRequest) in a process started for that pass. */
import type { DeclaredBenchmark } from '../define/types.js';
import { profileAllocationSites, type AllocSiteContext } from './alloc-site-profile.js';
import type { PassRequest, PassResult } from './events.js';
import { runWithoutGc } from './no-gc-run.js';

export async function runPass(pass: PassRequest, bench: DeclaredBenchmark, context: AllocSiteContext, onPhase: (phase: 'warmup' | 'sample') => void): Promise<PassResult> {
  switch (pass.kind) {
    case 'no-gc':
      return { kind: 'no-gc', run: await runWithoutGc(bench, context, { maxIterationsPerSample: pass.maxIterations[bench.id] ?? null, semiSpaceMiB: pass.semiSpaceMiB }, onPhase) };
    case 'alloc-sites': {
      const iterations = pass.iterations[bench.id];
      if (iterations === undefined) throw new Error(`internal: no iteration count for ${bench.id} in the allocation-site pass`);
      onPhase('sample');
      return { kind: 'alloc-sites', sites: await profileAllocationSites(bench, context, iterations) };
    }
  }
}
