/**
 * The host's speed over a whole run, against this machine's calibration: the run's median reading
 * of each host-speed reference (latency and throughput), and how far each is from the machine's
 * usual figure (the median of the runs its calibration holds). Pure: the calibration's runs come in
 * as numbers.
 */
import type { BenchmarkResult, Environment, ResultsFile, RunHost } from '../results/types.js';
import { median } from '../stats/quantile.js';

/** Fewer earlier runs give no "usual" worth comparing with. */
export const MIN_CALIBRATION_RUNS = 3;
/**
 * A run within this of the usual latency figure is "usual": the reference's run medians spread by
 * about 1–2% on this machine kind when nothing else runs (measured, 10 runs).
 */
export const USUAL_HOST_BAND = 0.03;
/**
 * The throughput reference is "usual" within this: an empty loop's figure spreads by ±6% between
 * quiet runs here (the loop floors of the clean corpus's files, 0.29–0.33 ns), and doubles when
 * another hardware thread of the core is busy.
 */
export const USUAL_THROUGHPUT_BAND = 0.1;

/**
 * How much slower than this machine's usual the host made a benchmark's samples (0.5 = 50% slower),
 * when at least USUAL_THROUGHPUT_BAND: its figure is not the code's usual one. Two parts multiply:
 * the throughput reference beside the samples the estimate read against the machine's usual
 * (another hardware thread of its cores at work), and the share of the samples' time the thread
 * waited while other programs ran (`waitNs`: a sample that waited a third of its time ran 1.5× long),
 * which the references, timed for a moment, do not see. Null when within the band, or unknown.
 */
export function slowedRead(file: Pick<ResultsFile, 'host'>, result: BenchmarkResult): number | null {
  const usual = file.host?.calibrationRuns !== undefined && file.host.calibrationRuns >= MIN_CALIBRATION_RUNS ? file.host.usualThroughputNs : null;
  const read = result.host?.quiet?.throughputNs ?? result.host?.throughputNs ?? null;
  const speed = usual == null || !(usual > 0) || read == null || !(read > 0) ? 1 : Math.max(1, read / usual);
  const off = speed / (1 - waitShare(result)) - 1;
  return off >= USUAL_THROUGHPUT_BAND ? off : null;
}

/** The share of a benchmark's sampling time its thread waited while other programs ran (0 without the readings); below 1. */
export function waitShare(result: Pick<BenchmarkResult, 'samples'>): number {
  let waited = 0;
  let total = 0;
  for (const s of result.samples) {
    if (s.waitNs === undefined) continue;
    waited += Math.min(s.waitNs, s.elapsedNs);
    total += s.elapsedNs;
  }
  return total > 0 ? Math.min(waited / total, MAX_WAIT_SHARE) : 0;
}

/** A share of waiting is read no higher than this, so a sample that did nothing but wait stays finite. */
const MAX_WAIT_SHARE = 0.9;

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
export function machineKey(environment: Pick<Environment, 'cpu' | 'os' | 'totalMemoryBytes' | 'runtime' | 'runtimeVersion'>): string {
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
