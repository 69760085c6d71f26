/**
 * The run's host line under the report: the host-speed reference of this run against this
 * machine's usual figure (its calibration), e.g. "host: this run's machine ran 10% slower than its
 * usual (reference 6.05 µs per 1,000 steps; usual 5.50 µs over 12 runs)".
 */
import type { RunHost } from '../results/types.js';
import { formatDuration } from './format-units.js';

/** Fewer earlier runs give no "usual" worth comparing with. */
export const MIN_CALIBRATION_RUNS = 3;
/**
 * A run within this of the usual figure is "usual": the reference's run medians spread by about
 * 1–2% on this machine kind when nothing else runs (measured, 10 runs).
 */
export const USUAL_HOST_BAND = 0.03;

export function hostLine(host: RunHost | null): string | null {
  if (host === null) return null;
  const reference = `reference ${formatDuration(host.referenceNs)} per 1,000 steps`;
  if (host.usualNs === null || host.versusUsual === null || host.calibrationRuns < MIN_CALIBRATION_RUNS) {
    return `host: ${reference} (this machine's usual speed is known after ${MIN_CALIBRATION_RUNS} runs; ${host.calibrationRuns} so far)`;
  }
  const usual = `usual ${formatDuration(host.usualNs)} over ${host.calibrationRuns} runs`;
  const off = host.versusUsual;
  if (Math.abs(off) < USUAL_HOST_BAND) return `host: at this machine's usual speed (${reference}; ${usual})`;
  const how = `${(Math.abs(off) * 100).toFixed(0)}% ${off > 0 ? 'slower' : 'faster'}`;
  return `host: this run's machine ran ${how} than its usual (${reference}; ${usual}): figures of this run sit ${off > 0 ? 'higher' : 'lower'} than usual by about that much`;
}
