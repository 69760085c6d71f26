/** The machine-code pass (`--disasm`) in the benchmark process. */
import { type PassHook, required } from '../pass-hook.js';
import { type DisasmResult, replayForDisasm } from './replay-opt-code.js';

/**
 * Per benchmark id, the sample sizes to replay. V8 prints the loops' optimized code to `codeFile`;
 * with `perfData`, the process runs under `perf record`.
 */
export interface DisasmRequest {
  kind: 'disasm';
  samples: Record<string, number[]>;
  codeFile: string;
  perfData: string | null;
}

export type { DisasmResult };

export const disasmHook: PassHook<DisasmRequest, DisasmResult> = {
  kind: 'disasm',
  async run(request, bench, context, onPhase) {
    onPhase('sample');
    return replayForDisasm(bench, context, required(request.samples[bench.id], 'sample sizes', bench.id));
  },
};
