/**
 * The samples the estimate reads: per process, those of the host's quiet rounds (results/quiet-samples.ts)
 * where the process has enough of them, else all of its samples. The throughput reference feels what
 * slows code of much instruction-level parallelism — another tenant at work on the core's other
 * hardware thread — which the latency reference does not (docs/diagnostics.md), and which paired
 * rounds cannot cancel when one benchmark feels it and its neighbour does not. How the quiet rounds
 * came to be the estimate, each step measured: lab/peers.md.
 */
import { forkSizesOf, perOp, splitByCounts } from '../results/derived-values.js';
import type { HostQuiet, Sample } from '../results/types.js';
import { median } from '../stats/quantile.js';
import { hasThroughputReading, quietSamples } from '../results/quiet-samples.js';

/** A result's samples per process (`forks[].sampleCount`, as `forkSizesOf` reads them), or as one group. */
export function processGroups<T extends Sample>(samples: readonly T[], forks: readonly { sampleCount: number }[] | null): T[][] {
  const sizes = forkSizesOf(samples, forks);
  return sizes === null ? [[...samples]] : splitByCounts(samples, sizes)!;
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
  const quiet = groups.map((g) => quietSamples(g));
  if (quiet.every((q) => q === null)) return null;
  const pool = groups.flatMap((g, i) => quiet[i] ?? g);
  const of = samples.filter(hasThroughputReading).length;
  const readings = pool.filter(hasThroughputReading).map((s) => s.hostThroughputNs!);
  return { nsPerOp: median(pool.map(perOp)), samples: pool.length, of, ...(readings.length === 0 ? {} : { throughputNs: median(readings) }) };
}
