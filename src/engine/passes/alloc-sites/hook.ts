/** The allocation-sites pass (`--alloc-sites`) in the benchmark process. */
import type { AllocationSites } from '../../../results/types.js';
import { type PassHook, required } from '../pass-hook.js';
import { profileAllocationSites } from './alloc-site-profile.js';

/** Per benchmark id, the iterations to profile. */
export interface AllocSitesRequest {
  kind: 'alloc-sites';
  iterations: Record<string, number>;
}

export interface AllocSitesResult {
  kind: 'alloc-sites';
  sites: AllocationSites;
}

export const allocSitesHook: PassHook<AllocSitesRequest, AllocSitesResult> = {
  kind: 'alloc-sites',
  async run(request, bench, context, onPhase) {
    const iterations = required(request.iterations[bench.id], 'iteration count', bench.id);
    onPhase('sample');
    return { kind: 'alloc-sites', sites: await profileAllocationSites(bench, context, iterations) };
  },
};
