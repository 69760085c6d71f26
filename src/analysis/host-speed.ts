/**
 * The host's speed over a whole run, against this machine's calibration: the run's median reading
 * of each host-speed reference (latency and throughput), and how far each is from the machine's
 * usual figure (the median of the runs its calibration holds). Pure: the calibration's runs come in
 * as numbers.
 */
import type { Environment, ResultsFile, RunHost } from '../results/types.js';
import { median } from '../stats/quantile.js';

/** The median reading of each host-speed reference over every sample of the run, or null when none was taken. */
export function runReferences(results: ResultsFile): HostFigures | null {
  const samples = results.benchmarks.flatMap((b) => b.samples);
  const latency = samples.flatMap((s) => (s.hostNs === undefined ? [] : [s.hostNs]));
  const throughput = samples.flatMap((s) => (s.hostThroughputNs === undefined ? [] : [s.hostThroughputNs]));
  return latency.length === 0 ? null : { referenceNs: median(latency), throughputNs: throughput.length === 0 ? null : median(throughput) };
}

/** A run's two host figures: the latency reference (ns per 1,000 steps) and the throughput reference (ns per 1,000 iterations; null in older runs). */
export interface HostFigures {
  referenceNs: number;
  throughputNs: number | null;
}

/**
 * What identifies "this machine" for the calibration: the reference's speed depends on the CPU and
 * on the engine that compiles it, so a new Node version starts a calibration of its own.
 */
export function machineKey(environment: Environment): string {
  return [
    environment.cpu.model,
    `${environment.cpu.cores} cores`,
    `${environment.totalMemoryBytes} B`,
    environment.os.platform,
    environment.os.arch,
    `${environment.runtime} ${environment.runtimeVersion}`,
  ].join(' | ');
}

/** The run's host figures beside the machine's earlier runs. */
export function runHost(figures: HostFigures, earlierRuns: readonly HostFigures[]): RunHost {
  const usualNs = earlierRuns.length === 0 ? null : median(earlierRuns.map((r) => r.referenceNs));
  const throughputs = earlierRuns.flatMap((r) => (r.throughputNs === null ? [] : [r.throughputNs]));
  const usualThroughputNs = throughputs.length === 0 ? null : median(throughputs);
  const { referenceNs, throughputNs } = figures;
  return {
    referenceNs,
    usualNs,
    versusUsual: usualNs === null ? null : referenceNs / usualNs - 1,
    throughputNs,
    usualThroughputNs,
    versusUsualThroughput: usualThroughputNs === null || throughputNs === null ? null : throughputNs / usualThroughputNs - 1,
    calibrationRuns: earlierRuns.length,
  };
}
