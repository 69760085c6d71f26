/** The setup-overhead probe as the measuring loop runs it (setup-probe.ts). */
import type { SetupProbe } from '../../../results/types.js';
import type { LoopProbe } from '../loop-probe.js';
import { probeSetup } from './setup-probe.js';

export const setupOverheadProbe: LoopProbe<{ setupProbe: SetupProbe | null }> = {
  fields: ['setupProbe'],
  run: async ({ runner, baseIterations, nsPerOp, timeBudgetNs }) => ({ setupProbe: await probeSetup((n) => runner.runBatch(n), baseIterations, nsPerOp, timeBudgetNs) }),
};
