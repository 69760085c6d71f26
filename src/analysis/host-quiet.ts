/**
 * The benchmark in the host's quietest rounds: the median ns/op of the samples whose throughput
 * reference (timed next to each sample) read within QUIET_TOLERANCE of its lowest reading next to
 * this benchmark's samples. The throughput reference feels what slows code of much instruction-level parallelism —
 * another tenant at work on the core's other hardware thread — which the latency reference does not
 * (docs/diagnostics.md), and which paired rounds cannot cancel when one benchmark feels it and its
 * neighbour does not.
 *
 * Measured on a bursty host (2026-11-27), from the results files of 9 runs of the peers file and
 * 10 of examples/ (22 benchmarks): the run-to-run CV of this figure was lower than the estimate's
 * for 8 — 2.9 against 7.8% (the empty body), 4.2 against 13.6% (the object literal), 5.0 against
 * 15.6% (examples' Float64Array loop) —, within 1.5 points either way for 13, and 1.8 points higher
 * for one (String#indexOf, 18.6 against 16.8%). The tolerance was chosen on examples' Float64Array
 * loop; the peers runs were not looked at before (docs/peers.md).
 */
import { perOp, splitByCounts } from '../results/derived-values.js';
import type { HostQuiet, Sample } from '../results/types.js';
import { median } from '../stats/quantile.js';
import { MIN_PAIRED_ROUNDS } from './paired-rounds.js';

/**
 * A sample is in a quiet round when its throughput reference read at most 5% above the run's
 * lowest: unslowed processes read the reference within 6.5% of each other (412–439 ns per 1,000
 * iterations, 42 processes, scripts/fidelity/host-slowed.mjs), and 3% or 10% gave the same CVs
 * on the peers runs.
 */
export const QUIET_TOLERANCE = 0.05;
/**
 * At least this many quiet samples, or the estimate reads all of them: the order-statistic interval
 * of a median needs 6 at 95% (benchstat; MIN_PAIRED_ROUNDS). 12 was tried first and left most
 * benchmarks of a run on a core shared most of the time without the figure: over 10 runs of the
 * peers file on such a host, the median run-to-run CV of the eight estimates was 17.5% with 12 and
 * 8.7% with 6 (all samples: 18.8%); over 12 kept runs of examples/, 12.7% and 9.5% (14.9%); over
 * 10 earlier runs of the peers file, 20.5% and 16.8% (21.5%). docs/peers.md.
 */
export const QUIET_MIN_SAMPLES = MIN_PAIRED_ROUNDS;

/**
 * The samples of the host's quiet rounds (in their order), or null with fewer than QUIET_MIN_SAMPLES
 * of them or without throughput readings. Nearly every sample is quiet where the host does not move.
 */
export function quietSamples<T extends Sample>(samples: readonly T[]): T[] | null {
  const read = samples.filter((s) => s.hostThroughputNs !== undefined && s.hostThroughputNs > 0);
  if (read.length < QUIET_MIN_SAMPLES) return null;
  const lowest = Math.min(...read.map((s) => s.hostThroughputNs!));
  const quiet = read.filter((s) => s.hostThroughputNs! <= lowest * (1 + QUIET_TOLERANCE));
  return quiet.length < QUIET_MIN_SAMPLES ? null : quiet;
}

/**
 * A result's samples per process (`forks[].sampleCount`), or as one group for a single process or
 * counts that do not add up (a file edited by hand).
 */
export function processGroups<T extends Sample>(samples: readonly T[], forks: readonly { sampleCount: number }[] | null): T[][] {
  const sizes = forks === null || forks.length <= 1 ? null : forks.map((f) => f.sampleCount);
  const groups = sizes === null || sizes.includes(0) ? null : splitByCounts(samples, sizes);
  return groups ?? [[...samples]];
}

/**
 * The samples the estimate is taken from, per process: each process's quiet rounds where it has
 * enough of them, else all of its samples. Per process, because unslowed processes read the
 * reference up to 6.5% apart (412–439 ns, see QUIET_TOLERANCE): one lowest for all would drop
 * whole processes for where they ran, not for how the host moved during them.
 */
export function estimateGroups<T extends Sample>(groups: readonly (readonly T[])[]): T[][] {
  return groups.map((g) => quietSamples(g) ?? [...g]);
}

/** The estimate's samples as one pool, from a result's samples and processes. */
export const estimatePool = (result: { samples: readonly Sample[]; forks: readonly { sampleCount: number }[] | null }): Sample[] => estimateGroups(processGroups(result.samples, result.forks)).flat();

/** The figure the estimate reads where some process had quiet rounds to read; null where none had. */
export function hostQuiet(samples: readonly Sample[], forks: readonly { sampleCount: number }[] | null = null): HostQuiet | null {
  const groups = processGroups(samples, forks);
  if (groups.every((g) => quietSamples(g) === null)) return null;
  const pool = estimateGroups(groups).flat();
  const of = samples.filter((s) => s.hostThroughputNs !== undefined && s.hostThroughputNs > 0).length;
  return { nsPerOp: median(pool.map(perOp)), samples: pool.length, of };
}
