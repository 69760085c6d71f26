/** The GC-free pass (`--gc-cost`) in the benchmark process: samples taken with no collection inside them. */
import type { NoGcRun } from '../../../results/gc-cost-types.js';
import type { PassHook } from '../pass-hook.js';
import { runWithoutGc } from './no-gc-run.js';

/** Per benchmark id, the most iterations a sample may hold (null: no cap); the process runs with a young generation of `semiSpaceMiB`. */
export interface NoGcRequest {
  kind: 'no-gc';
  semiSpaceMiB: number;
  maxIterations: Record<string, number | null>;
}

export interface NoGcResult {
  kind: 'no-gc';
  run: NoGcRun;
}

export const noGcHook: PassHook<NoGcRequest, NoGcResult> = {
  kind: 'no-gc',
  async run(request, bench, context, onPhase) {
    return { kind: 'no-gc', run: await runWithoutGc(bench, context, { maxIterationsPerSample: request.maxIterations[bench.id] ?? null, semiSpaceMiB: request.semiSpaceMiB }, onPhase) };
  },
};
