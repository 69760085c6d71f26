/**
 * How long sampling waits for the host's quiet rounds once the stopping rule has said enough. The
 * estimate reads the quiet rounds where there are QUIET_MIN_SAMPLES of them (results/quiet-samples.ts),
 * so a benchmark with fewer goes on sampling for them — but only while the rounds so far leave it
 * plausible that the missing ones arrive within the budget. Where another tenant slows the core
 * throughout, one round in dozens reads quiet, and waiting spent the whole budget to end with the
 * same all-samples estimate; where the tenant comes and goes, the quiet rounds arrive at a rate the
 * test below accepts, and the wait goes on for them.
 */
import { hasThroughputReading, QUIET_MIN_SAMPLES, quietRounds } from '../../results/quiet-samples.js';
import type { Sample } from '../../results/sample-types.js';
import { binomialCdf } from '../../stats/binomial.js';
import { DEFAULT_CONFIDENCE } from '../../stats/confidence.js';

/**
 * The wait ends once so few quiet rounds among the rounds read would be this improbable if they came
 * at the rate the rest of the budget needs: the one-sided tail the estimates' 95% intervals leave.
 */
export const QUIET_WAIT_IMPLAUSIBLE = 1 - DEFAULT_CONFIDENCE;

/**
 * Whether the missing quiet rounds may still come within the budget: the rest of it holds
 * `remaining` samples at the length they have taken so far, and the `missing` quiet ones among them
 * need a rate of missing/remaining; the wait goes on unless the quiet count among the rounds read
 * so far is improbably low at that rate (binomial tail ≤ QUIET_WAIT_IMPLAUSIBLE).
 */
export function quietMayStillCome(samples: readonly Sample[], spentNs: number, budgetNs: number): boolean {
  const read = samples.filter(hasThroughputReading).length;
  const quiet = quietRounds(samples).length;
  const missing = QUIET_MIN_SAMPLES - quiet;
  if (missing <= 0) return true;
  if (!(spentNs > 0) || spentNs >= budgetNs || samples.length === 0) return false;
  const remaining = Math.floor((budgetNs - spentNs) / (spentNs / samples.length));
  if (remaining < missing) return false;
  return binomialCdf(quiet, read, missing / remaining) > QUIET_WAIT_IMPLAUSIBLE;
}
