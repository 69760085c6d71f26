/**
 * Whether a benchmark's cost depends on the value its `setup` returned, from the state probe
 * (engine/probes/setup-state/state-probe.ts: several states, each timed in several passes in random order) analysed as
 * a randomized block design (stats/block-effect.ts). This is the evidence that a spread of the
 * samples is the benchmark's own: every sample ran on a different state, and the states differ.
 * Without it, a spread may just as well be the host's, whose speed moves by tens of percent here.
 */
import type { BenchmarkResult } from '../results/types.js';
import { blockEffect, type BlockEffect } from '../stats/block-effect.js';

/** The randomization test must reject "states do not matter" at this level. */
export const SETUP_DEPENDENCE_P_VALUE = 0.01;
/**
 * …and the states must differ by this much (standard deviation of their effects, relative): the
 * 10% that pyperf sets for a standard deviation of samples that makes results unstable. Inputs of
 * random content but equal size differ by far less (an array of random doubles: within 2% here).
 */
export const SETUP_DEPENDENCE_MIN_SPREAD = 0.1;
/** Seed of the randomization test: the same probe always gives the same p-value. */
const TEST_SEED = 1;

export interface SetupDependence extends BlockEffect {
  /** Significant and large enough: the benchmark's samples measure different work. */
  material: boolean;
}

const cache = new WeakMap<object, SetupDependence | null>();

/** The analysis of the benchmark's state probe, or null when it has none (no setup, too slow, older file). */
export function setupDependence(result: Pick<BenchmarkResult, 'stateProbe'>): SetupDependence | null {
  const probe = result.stateProbe;
  if (probe === null || probe === undefined) return null;
  const known = cache.get(probe);
  if (known !== undefined) return known;
  const usable = probe.perOpNs.length >= 2 && probe.perOpNs.every((row) => row.length >= 2 && row.every((v) => v > 0 && Number.isFinite(v)));
  const effect = usable ? blockEffect(probe.perOpNs, TEST_SEED) : null;
  const found = effect === null ? null : { ...effect, material: effect.pValue < SETUP_DEPENDENCE_P_VALUE && effect.spread >= SETUP_DEPENDENCE_MIN_SPREAD };
  cache.set(probe, found);
  return found;
}
