/**
 * Seed 003's setup-overhead probe: batches of 1 and 2 iterations, interleaved; from the minimum
 * per-iteration time of each series, `setup = i·j·(t_i − t_j)/(j − i)` with i = 1, j = 2. It
 * cross-checks the regression intercept, which a noisy fit can inflate.
 */
import type { SetupProbe } from '../../../results/types.js';

/** Rounds of each series; the minimum of 15 is stable for all but the noisiest bodies. */
const SETUP_PROBE_ROUNDS = 15;
/** Below this base count the samples already use 1–2 iterations and the regression says it all. */
const SETUP_PROBE_MIN_BASE_ITERATIONS = 4;
/** The probe may use at most this share of the time budget (it runs 3 iterations per round). */
const SETUP_PROBE_BUDGET_SHARE = 0.1;

export async function probeSetup(runBatch: (iterations: number) => Promise<number> | number, baseIterations: number, nsPerOp: number, timeBudgetNs: number): Promise<SetupProbe | null> {
  if (baseIterations < SETUP_PROBE_MIN_BASE_ITERATIONS) return null;
  const affordable = Math.floor((timeBudgetNs * SETUP_PROBE_BUDGET_SHARE) / Math.max(3 * nsPerOp, 1));
  const rounds = Math.min(SETUP_PROBE_ROUNDS, affordable);
  if (rounds < 3) return null;
  let one = Number.POSITIVE_INFINITY;
  let two = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    one = Math.min(one, await runBatch(1));
    two = Math.min(two, (await runBatch(2)) / 2);
  }
  const i = 1;
  const j = 2;
  return { oneIterationNs: one, twoIterationsNs: two, setupNs: (i * j * (one - two)) / (j - i), rounds };
}
