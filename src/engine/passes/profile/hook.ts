/** The CPU-profiling pass (`--profile`) in the benchmark process. */
import type { CpuProfileFindings } from '../../../results/types.js';
import { type PassHook, required } from '../pass-hook.js';
import { profileCpu } from './cpu-profile-pass.js';

/** Per benchmark id, the sample sizes to replay and the `.cpuprofile` to write; `top`: the hot functions kept. */
export interface CpuProfileRequest {
  kind: 'cpu-profile';
  samples: Record<string, number[]>;
  outFiles: Record<string, string>;
  top: number;
}

export interface CpuProfileResult {
  kind: 'cpu-profile';
  findings: CpuProfileFindings;
}

export const cpuProfileHook: PassHook<CpuProfileRequest, CpuProfileResult> = {
  kind: 'cpu-profile',
  async run(request, bench, context, onPhase) {
    const samples = required(request.samples[bench.id], 'sample sizes', bench.id);
    onPhase('sample');
    return { kind: 'cpu-profile', findings: await profileCpu(bench, context, samples, required(request.outFiles[bench.id], 'profile path', bench.id), request.top) };
  },
};
