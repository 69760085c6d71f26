/**
 * The host's speed over a whole run, against this machine's calibration: the run's median reading
 * of the host-speed reference, and how far it is from the machine's usual figure (the median of the
 * runs its calibration holds). Pure: the calibration's runs come in as numbers.
 */
import type { Environment, ResultsFile, RunHost } from '../results/types.js';
import { median } from '../stats/quantile.js';

/** The median reference reading over every sample of the run, or null when none was taken. */
export function runReferenceNs(results: ResultsFile): number | null {
  const readings = results.benchmarks.flatMap((b) => b.samples.flatMap((s) => (s.hostNs === undefined ? [] : [s.hostNs])));
  return readings.length === 0 ? null : median(readings);
}

/**
 * What identifies "this machine" for the calibration: the reference's speed depends on the CPU and
 * on the engine that compiles it, so a new Node version starts a calibration of its own.
 */
export function machineKey(environment: Environment): string {
  return [environment.cpu.model, `${environment.cpu.cores} cores`, `${environment.totalMemoryBytes} B`, environment.os.platform, environment.os.arch, `${environment.runtime} ${environment.runtimeVersion}`].join(' | ');
}

/** The run's host figure beside the machine's earlier runs (ns per 1,000 steps each). */
export function runHost(referenceNs: number, earlierRuns: readonly number[]): RunHost {
  const usualNs = earlierRuns.length === 0 ? null : median(earlierRuns);
  return { referenceNs, usualNs, versusUsual: usualNs === null ? null : referenceNs / usualNs - 1, calibrationRuns: earlierRuns.length };
}
