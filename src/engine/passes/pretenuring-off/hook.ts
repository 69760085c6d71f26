/** The pretenuring-off pass in the benchmark process: bytes/op again where every allocation is young. */
import type { PretenuringOffReading } from '../../../results/types.js';
import { type PassHook, required } from '../pass-hook.js';
import { type AllYoungPlan, measureAllYoung } from './all-young-memory.js';

/** Per benchmark id, the timing process's sizing (the process runs with `--no-allocation-site-pretenuring`). */
export interface PretenuringOffRequest {
  kind: 'pretenuring-off';
  plans: Record<string, AllYoungPlan>;
}

export interface PretenuringOffResult {
  kind: 'pretenuring-off';
  reading: PretenuringOffReading;
}

export const pretenuringOffHook: PassHook<PretenuringOffRequest, PretenuringOffResult> = {
  kind: 'pretenuring-off',
  async run(request, bench, context, onPhase) {
    onPhase('sample');
    return { kind: 'pretenuring-off', reading: await measureAllYoung(bench, context, required(request.plans[bench.id], 'sizing', bench.id)) };
  },
};
