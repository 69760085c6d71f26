/**
 * The run's host line under the report: the two host-speed references of this run against this
 * machine's usual figures (its calibration), e.g. "host: this run's machine ran 10% slower than its
 * usual (latency reference 6.05 µs per 1,000 steps; usual 5.50 µs over 12 runs)", or that code of
 * much instruction-level parallelism ran 60% slower than usual (another hardware thread of its cores
 * at work — the throughput reference sees it, the latency reference does not).
 */
import type { RunHost } from '../results/types.js';
import { formatDuration } from '../results/format-units.js';

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

/** Whether the run's host was off its usual speed on either reference (for colouring the line). */
export function hostOffUsual(host: RunHost | null): boolean {
  if (host === null || host.calibrationRuns < MIN_CALIBRATION_RUNS) return false;
  return Math.abs(host.versusUsual ?? 0) >= USUAL_HOST_BAND || Math.abs(host.versusUsualThroughput ?? 0) >= USUAL_THROUGHPUT_BAND;
}

const percentOff = (off: number): string => `${(Math.abs(off) * 100).toFixed(0)}% ${off > 0 ? 'slower' : 'faster'}`;

export function hostLine(host: RunHost | null): string | null {
  if (host === null) return null;
  const throughput =
    host.throughputNs == null
      ? ''
      : `; throughput reference ${formatDuration(host.throughputNs)} per 1,000 iterations${host.usualThroughputNs == null ? '' : `, usual ${formatDuration(host.usualThroughputNs)}`}`;
  const reference = `latency reference ${formatDuration(host.referenceNs)} per 1,000 steps`;
  if (host.usualNs === null || host.versusUsual === null || host.calibrationRuns < MIN_CALIBRATION_RUNS) {
    return `host: ${reference}${throughput} (this machine's usual speed is known after ${MIN_CALIBRATION_RUNS} runs; ${host.calibrationRuns} so far)`;
  }
  const usual = `usual ${formatDuration(host.usualNs)} over ${host.calibrationRuns} runs`;
  const figures = `${reference}, ${usual}${throughput}`;
  const off = host.versusUsual;
  const offThroughput = host.versusUsualThroughput ?? 0;
  const parts: string[] = [];
  if (Math.abs(off) >= USUAL_HOST_BAND) parts.push(`this run's machine ran ${percentOff(off)} than its usual: figures of this run sit ${off > 0 ? 'higher' : 'lower'} than usual by about that much`);
  if (Math.abs(offThroughput) >= USUAL_THROUGHPUT_BAND) {
    parts.push(
      offThroughput > 0
        ? `code of much instruction-level parallelism ran up to ${percentOff(offThroughput)} than usual (another hardware thread of the same cores at work, most likely another tenant): its figures may sit higher by up to that much`
        : `code of much instruction-level parallelism ran ${percentOff(offThroughput)} than usual`,
    );
  }
  if (parts.length === 0) return `host: at this machine's usual speed (${figures})`;
  return `host: ${parts.join('; ')} (${figures})`;
}
