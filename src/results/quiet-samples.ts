/**
 * Which samples were taken in the host's quiet rounds: those whose throughput reference, timed next
 * to each sample, read within QUIET_TOLERANCE of its lowest reading among them. The estimate reads
 * them (analysis/host-quiet.ts), and sampling goes on until there are enough of them
 * (engine/loop/measure.ts), so both layers select alike.
 */
import type { Sample } from './sample-types.js';

/**
 * A sample is in a quiet round when its throughput reference read at most 5% above the lowest
 * among the process's samples of that benchmark: unslowed processes read the reference within 6.5%
 * of each other (412–439 ns per 1,000 iterations, 42 processes, lab/scripts/fidelity/host-slowed.mjs),
 * and 3% or 10% gave the same CVs on the peers runs.
 */
export const QUIET_TOLERANCE = 0.05;
/**
 * At least this many quiet samples, or the estimate reads all of them: the order-statistic interval
 * of a median needs 6 at 95% (benchstat). 12 was tried first and left most benchmarks of a run on a
 * core shared most of the time without the figure: over 10 runs of the peers file on such a host,
 * the median run-to-run CV of the eight estimates was 17.5% with 12 and 8.7% with 6 (all samples:
 * 18.8%); over 12 kept runs of examples/, 12.7% and 9.5% (14.9%); over 10 earlier runs of the peers
 * file, 20.5% and 16.8% (21.5%). lab/peers.md.
 */
export const QUIET_MIN_SAMPLES = 6;

/** Whether a sample carries a throughput reading to judge its round by. */
export const hasThroughputReading = (s: Sample): boolean => s.hostThroughputNs !== undefined && s.hostThroughputNs > 0;

/** The samples of the host's quiet rounds (in their order), however few; none without throughput readings. */
export function quietRounds<T extends Sample>(samples: readonly T[]): T[] {
  const read = samples.filter(hasThroughputReading);
  if (read.length === 0) return [];
  const lowest = Math.min(...read.map((s) => s.hostThroughputNs!));
  return read.filter((s) => s.hostThroughputNs! <= lowest * (1 + QUIET_TOLERANCE));
}

/**
 * The samples of the host's quiet rounds (in their order), or null with fewer than QUIET_MIN_SAMPLES
 * of them or without throughput readings. Nearly every sample is quiet where the host does not move.
 */
export function quietSamples<T extends Sample>(samples: readonly T[]): T[] | null {
  const quiet = quietRounds(samples);
  return quiet.length < QUIET_MIN_SAMPLES ? null : quiet;
}
