/** The instruction-counting pass (`--instructions`) in the benchmark process, which runs under callgrind (runner/passes/instructions/). */
import { type PassHook, required } from '../pass-hook.js';
import { countRegions } from './count-regions.js';

/** Per benchmark id, the iterations of one unit; regions of `sizes` units each. */
export interface InstructionsRequest {
  kind: 'instructions';
  units: Record<string, number>;
  sizes: number[];
  callgrindOut: string;
  cacheSim: boolean;
  /**
   * callgrind_control's command: the process starts uninstrumented (`--instr-atstart=no`) and
   * switches instrumentation on before its first region. Null: instrumented from the start.
   */
  instrumentation: string | null;
}

/** The regions counted: the marker that opened the first, and each region's iterations; the same for the empty loop of the same kind (null for a manual loop). */
export interface InstructionsResult {
  kind: 'instructions';
  firstMarker: number;
  iterations: number[];
  floor: { firstMarker: number; iterations: number[] } | null;
}

export const instructionsHook: PassHook<InstructionsRequest, InstructionsResult> = {
  kind: 'instructions',
  async run(request, bench, context, onPhase) {
    const unit = required(request.units[bench.id], 'region unit', bench.id);
    onPhase('sample');
    return { kind: 'instructions', ...(await countRegions(bench, context, unit, request.sizes, request.instrumentation)) };
  },
};
