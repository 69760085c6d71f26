/** The run's host figures against this machine's calibration (results.host), then the run added to it (host-calibration.ts). */
import { machineKey, runHost, runReferences } from '../../analysis/run-host-speed.js';
import { fingerprintOf } from '../../analysis/machine-fingerprint.js';
import { oneLineMessage } from '../../results/text/one-line-message.js';
import type { ResultCollector } from '../record/collector.js';
import { earlierRuns, readCalibration, recordRun } from './host-calibration.js';

/** `reference`: the label of the first runtime, whose terms the machine's calibration is kept in. */
export function calibrateRun(collector: ResultCollector, file: string, warn: ((text: string) => void) | undefined, reference: string): void {
  // The references run at each runtime's own speed: the machine's calibration is kept in the first one's terms.
  const snapshot = collector.snapshot(null);
  const figures = runReferences({ ...snapshot, benchmarks: snapshot.benchmarks.filter((b) => b.runtime === undefined || b.runtime.label === reference) });
  if (figures === null) return;
  const key = machineKey(collector.results.environment);
  collector.results.host = runHost(figures, earlierRuns(readCalibration(file), key));
  collector.results.environment.fingerprint = fingerprintOf(collector.results.environment, collector.results.host);
  try {
    const backup = recordRun(file, key, figures);
    if (backup !== null) warn?.(`the host calibration ${file} was damaged: kept as ${backup}, and a new one started`);
  } catch (error) {
    warn?.(`the host calibration could not be updated: ${oneLineMessage(error)}`);
  }
}
