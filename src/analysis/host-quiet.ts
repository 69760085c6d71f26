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
import { perOp } from '../results/derived-values.js';
import type { HostQuiet, Sample } from '../results/types.js';
import { median } from '../stats/quantile.js';

/**
 * A sample is in a quiet round when its throughput reference read at most 5% above the run's
 * lowest: unslowed processes read the reference within 6.5% of each other (412–439 ns per 1,000
 * iterations, 42 processes, scripts/fidelity/host-slowed.mjs), and 3% or 10% gave the same CVs
 * on the peers runs.
 */
export const QUIET_TOLERANCE = 0.05;
/**
 * At least this many quiet samples, or no figure: 12 keep the median's 95% order-statistic interval
 * inside the middle two thirds of them (ranks 3–10), and the minimum sample count is 20.
 */
export const QUIET_MIN_SAMPLES = 12;

export function hostQuiet(samples: readonly Sample[]): HostQuiet | null {
  const read = samples.filter((s) => s.hostThroughputNs !== undefined && s.hostThroughputNs > 0);
  if (read.length < QUIET_MIN_SAMPLES) return null;
  const lowest = Math.min(...read.map((s) => s.hostThroughputNs!));
  const quiet = read.filter((s) => s.hostThroughputNs! <= lowest * (1 + QUIET_TOLERANCE));
  if (quiet.length < QUIET_MIN_SAMPLES) return null;
  return { nsPerOp: median(quiet.map(perOp)), samples: quiet.length, of: read.length };
}
