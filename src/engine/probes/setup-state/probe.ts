/** The two probes of a benchmark with setup as the measuring loop runs them (setup-state-probes.ts). */
import type { StateChange } from '../../../results/state-change-types.js';
import type { StateProbe } from '../../../results/types.js';
import type { LoopProbe } from '../loop-probe.js';
import { probeSetupStates } from './setup-state-probes.js';

export const setupStateProbe: LoopProbe<{ stateProbe: StateProbe | null; stateChange: StateChange | null }> = {
  fields: ['stateProbe', 'stateChange'],
  run: ({ runner, rng, samples, baseIterations, nsPerOp, timeBudgetNs }) => probeSetupStates(runner.states, rng, samples, baseIterations, nsPerOp, timeBudgetNs),
};
