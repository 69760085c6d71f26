/**
 * The two probes of a benchmark with setup, run after its sampling in either mode (sequential or
 * interleaved): does its cost depend on setup's value (state-probe.ts), and does its body change
 * what setup made (state-change-probe.ts). Both null without setup.
 */
import type { Sample, StateProbe } from '../../../results/types.js';
import type { StateChange } from '../../../results/state-change-types.js';
import type { Rng } from '../../../stats/random.js';
import type { StatefulBatches } from '../../loop/batch-runner.js';
import { probeStateChange, sampleIterations } from './state-change-probe.js';
import { heapUsed, probeStates } from './state-probe.js';

export async function probeSetupStates(
  states: StatefulBatches | null,
  rng: Rng,
  samples: readonly Sample[],
  baseIterations: number,
  nsPerOp: number,
  timeBudgetNs: number,
): Promise<{ stateProbe: StateProbe | null; stateChange: StateChange | null }> {
  if (states === null) return { stateProbe: null, stateChange: null };
  const stateProbe = await probeStates({ states, rng, heapUsed }, baseIterations, nsPerOp, timeBudgetNs);
  const stateChange = await probeStateChange({ states }, sampleIterations(samples), nsPerOp, timeBudgetNs);
  return { stateProbe, stateChange };
}
