/**
 * The state probe: does the benchmark's cost depend on the value its `setup` returned?
 *
 * Every sample runs on a fresh state from setup, so when states differ in cost (inputs of random
 * size, fixtures that alternate) the samples spread or cluster — and so they do when the host's
 * speed moves. The samples alone cannot tell the two apart; a designed experiment can. After
 * sampling, `STATES` states are made, and each is timed once per pass, `PASSES` passes, in a fresh
 * random order every pass. A state's cost is then seen at several moments, and the host's
 * movement, which cannot follow the random order, falls into the noise (analysis: stats/block-effect.ts).
 *
 * Each state runs `PASSES` batches of a quarter of a sample's iterations: fewer iterations than a
 * sample gives one state during timing, so a body that changes its state (sorts it in place,
 * drains it) sees no more of that than during sampling. Teardown runs once per state, at the end.
 */
import type { StateProbe } from '../../../results/types.js';
import type { Rng } from '../../../stats/random.js';
import { randomInt } from '../../../stats/random.js';
import type { StatefulBatches } from '../../loop/batch-runner.js';

/**
 * States made by setup. Eight covers setups that cycle through up to eight fixtures (a common
 * shape: "one fixture in eight"), and a random one's spread with 7 degrees of freedom.
 */
export const STATE_PROBE_STATES = 8;
/**
 * Passes over the states. With b passes, one state of eight that alone costs more can reach at best
 * p = 1/8^(b−1) in the randomization test (its b values must all land on one state by chance):
 * 1/64 with three passes, never below 0.01; 1/512 with four.
 */
export const STATE_PROBE_PASSES = 4;
/** A batch holds this share of a sample's base iterations (see above). */
const BATCH_SHARE = 0.25;
/** The probe may take this share of the time budget; beyond it, batches shrink (to 1 iteration). */
const BUDGET_SHARE = 0.1;
/** With one-iteration batches still costing more than this share of the budget, the probe is skipped (a body of ~10 ms and more at 1 s). */
const MAX_BUDGET_SHARE = 0.25;
/** A first state that grew the heap by more than this is not multiplied by eight: the probe is skipped. */
const MAX_STATE_BYTES = 64 * 2 ** 20;

export interface StateProbeDeps {
  states: StatefulBatches;
  rng: Rng;
  /** Heap used now, bytes (process.memoryUsage().heapUsed in the engine). */
  heapUsed(): number;
}

/** Heap used now, bytes: the engine's `heapUsed` for the probe. */
export const heapUsed = (): number => process.memoryUsage().heapUsed;

/** Runs the probe; null when the body is too slow or its states too big to make eight of. */
export async function probeStates(deps: StateProbeDeps, baseIterations: number, nsPerOp: number, timeBudgetNs: number): Promise<StateProbe | null> {
  const batches = STATE_PROBE_STATES * STATE_PROBE_PASSES;
  const affordable = Math.floor((timeBudgetNs * BUDGET_SHARE) / Math.max(batches * nsPerOp, 1e-9));
  const iterations = Math.max(1, Math.min(Math.round(baseIterations * BATCH_SHARE), affordable));
  if (batches * iterations * nsPerOp > timeBudgetNs * MAX_BUDGET_SHARE) return null;
  const before = deps.heapUsed();
  const states: unknown[] = [await deps.states.create()];
  if (deps.heapUsed() - before > MAX_STATE_BYTES) {
    await deps.states.dispose(states[0]);
    return null;
  }
  try {
    while (states.length < STATE_PROBE_STATES) states.push(await deps.states.create());
    const perOpNs: number[][] = [];
    for (let pass = 0; pass < STATE_PROBE_PASSES; pass++) {
      const row = new Array<number>(STATE_PROBE_STATES);
      for (const s of shuffledIndices(STATE_PROBE_STATES, deps.rng)) row[s] = (await deps.states.run(states[s], iterations)) / iterations;
      perOpNs.push(row);
    }
    return { states: STATE_PROBE_STATES, passes: STATE_PROBE_PASSES, iterations, perOpNs };
  } finally {
    for (const state of states) await deps.states.dispose(state);
  }
}

function shuffledIndices(n: number, rng: Rng): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
