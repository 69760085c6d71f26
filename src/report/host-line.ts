/**
 * The run's host line under the report: the two host-speed references of this run against this
 * machine's usual figures (its calibration), e.g. "host: this run's machine ran 10% slower than its
 * usual (latency reference 6.05 µs per 1,000 steps; usual 5.50 µs over 12 runs)", or that code of
 * much instruction-level parallelism ran 60% slower than usual (another hardware thread of its cores
 * at work — the throughput reference sees it, the latency reference does not), and whether the
 * estimates, which read the host's quiet rounds, found them at the machine's usual speed.
 */
import type { BenchmarkResult, RunHost } from '../results/types.js';
import { formatDuration } from '../results/text/format-units.js';
import { MIN_CALIBRATION_RUNS, USUAL_HOST_BAND, USUAL_THROUGHPUT_BAND } from '../analysis/run-host-speed.js';

export { MIN_CALIBRATION_RUNS, USUAL_HOST_BAND, USUAL_THROUGHPUT_BAND } from '../analysis/run-host-speed.js';

/** Whether the run's host was off its usual speed on either reference (for colouring the line). */
export function hostOffUsual(host: RunHost | null): boolean {
  if (host === null || host.calibrationRuns < MIN_CALIBRATION_RUNS) return false;
  return Math.abs(host.versusUsual ?? 0) >= USUAL_HOST_BAND || Math.abs(host.versusUsualThroughput ?? 0) >= USUAL_THROUGHPUT_BAND;
}

const percentOff = (off: number): string => `${(Math.abs(off) * 100).toFixed(0)}% ${off > 0 ? 'slower' : 'faster'}`;

/** Up to this many benchmarks are named in the line; the rest are counted. */
const NAMED_AT_MOST = 3;

/**
 * Of the benchmarks with a throughput reading, those whose estimate read samples with the reference
 * at least USUAL_THROUGHPUT_BAND above the machine's usual: the host's quiet rounds when the estimate
 * read them (`host.quiet.throughputNs`), else all samples (`host.throughputNs`).
 */
function slowedReads(benchmarks: readonly BenchmarkResult[], usualThroughputNs: number): { slowed: string[]; known: number } {
  const slowed: string[] = [];
  let known = 0;
  for (const b of benchmarks) {
    if (b.status !== 'ok' || b.host == null) continue;
    const read = b.host.quiet?.throughputNs ?? b.host.throughputNs;
    if (read == null || !(read > 0)) continue;
    known++;
    if (read / usualThroughputNs - 1 >= USUAL_THROUGHPUT_BAND) slowed.push(b.group === null ? b.name : `${b.group} › ${b.name}`);
  }
  return { slowed, known };
}

/** What a shared core did to the estimates, which read the host's quiet rounds where they found them. */
function sharedCoreText(offThroughput: number, benchmarks: readonly BenchmarkResult[], usualThroughputNs: number): string {
  const ran = `code of much instruction-level parallelism ran up to ${percentOff(offThroughput)} than usual (another hardware thread of the same cores at work, most likely another tenant)`;
  const { slowed, known } = slowedReads(benchmarks, usualThroughputNs);
  if (known === 0) return `${ran}: its figures may sit higher by up to that much`;
  if (slowed.length === 0) return `${ran}; every estimate read the host's quiet rounds, at the machine's usual speed`;
  const named = slowed.slice(0, NAMED_AT_MOST).join(', ') + (slowed.length > NAMED_AT_MOST ? ` and ${slowed.length - NAMED_AT_MOST} more` : '');
  return `${ran}; ${slowed.length} of ${known} estimates found no quiet rounds at the machine's usual speed (${named}): their figures may sit higher by up to that much`;
}

/** `benchmarks`: the run's results, to say whose estimates the shared core reached. */
export function hostLine(host: RunHost | null, benchmarks: readonly BenchmarkResult[] = []): string | null {
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
    parts.push(offThroughput > 0 ? sharedCoreText(offThroughput, benchmarks, host.usualThroughputNs!) : `code of much instruction-level parallelism ran ${percentOff(offThroughput)} than usual`);
  }
  if (parts.length === 0) return `host: at this machine's usual speed (${figures})`;
  return `host: ${parts.join('; ')} (${figures})`;
}
