/** The block-coverage pass (`--coverage`) in the benchmark process. */
import { type PassHook, required } from '../pass-hook.js';
import { type CoverageReading, coverAfterRunning, startBlockCoverage } from './block-coverage.js';

/** Per benchmark id, the iterations to count and the coverage file to write. */
export interface CoverageRequest {
  kind: 'coverage';
  iterations: Record<string, number>;
  outFiles: Record<string, string>;
}

export interface CoverageResult {
  kind: 'coverage';
  reading: CoverageReading;
}

export const coverageHook: PassHook<CoverageRequest, CoverageResult> = {
  kind: 'coverage',
  beforeLoad: startBlockCoverage,
  async run(request, bench, context, onPhase) {
    onPhase('sample');
    const iterations = required(request.iterations[bench.id], 'iteration count', bench.id);
    return { kind: 'coverage', reading: await coverAfterRunning(bench, context, iterations, required(request.outFiles[bench.id], 'coverage path', bench.id)) };
  },
};
