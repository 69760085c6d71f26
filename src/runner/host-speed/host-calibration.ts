/**
 * This machine's calibration of the host-speed reference, kept across runs and projects in the
 * user's cache folder (`$UBENCH_CACHE_DIR`, else the platform's cache folder for ubench, e.g.
 * `~/.cache/ubench` on Linux): per machine (see machineKey), the reference's run medians of the last
 * runs. A run compares its own figure with their median, so a run on a slowed machine says so.
 * `ubench calibration --reset` deletes the file. A missing file is an empty calibration.
 *
 * Several runs may finish at once (CI matrices, parallel shells): a run adds its figure under a
 * lock (results/files/file-lock.ts) and writes the file atomically, so no run's entry is lost and no
 * reader sees a torn file. A damaged file (not JSON, or not this format) is kept as
 * `host-calibration.json.corrupt-<time>`, said once (the next run finds the new file), then replaced.
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import envPaths from 'env-paths';
import { withFileLock } from '../../results/files/file-lock.js';
import { writeTextAtomic } from '../../results/files/write-results.js';
import type { HostFigures } from '../../analysis/run-host-speed.js';

/** Runs kept per machine: enough for a stable median, recent enough to follow a machine that changed. */
export const CALIBRATION_KEEP_RUNS = 30;
const FILE_NAME = 'host-calibration.json';
const FORMAT = 'ubench-host-calibration';

export interface CalibrationFile {
  format: typeof FORMAT;
  version: 1;
  /**
   * Per machine key: the references' run medians (latency ns per 1,000 steps; throughput ns per
   * 1,000 iterations, absent in runs of earlier versions), oldest first, with when each was taken.
   */
  machines: Record<string, { runs: { referenceNs: number; throughputNs?: number; at: string }[] }>;
}

/** The calibration file's path: `UBENCH_CACHE_DIR` wins, for tests and CI caches. */
export function calibrationPath(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env['UBENCH_CACHE_DIR'] ?? envPaths('ubench', { suffix: '' }).cache;
  return path.join(dir, FILE_NAME);
}

/** The calibration in `file`; an absent or damaged file reads as an empty calibration. */
export function readCalibration(file: string): CalibrationFile {
  return loadCalibration(file).calibration;
}

function emptyCalibration(): CalibrationFile {
  return { format: FORMAT, version: 1, machines: {} };
}

/** The calibration, and whether the file exists but is damaged (unparseable or another format). */
function loadCalibration(file: string): { calibration: CalibrationFile; damaged: boolean } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { calibration: emptyCalibration(), damaged: false };
  }
  try {
    const parsed = JSON.parse(text) as Partial<CalibrationFile> | null;
    const machines = parsed?.machines;
    if (parsed?.format === FORMAT && parsed.version === 1 && typeof machines === 'object' && machines !== null && !Array.isArray(machines)) {
      // Machine keys become own keys of a prototype-free map: a key such as "__proto__" stays data.
      return { calibration: { ...(parsed as CalibrationFile), machines: Object.assign(Object.create(null), machines) }, damaged: false };
    }
  } catch {
    // Not JSON: damaged.
  }
  return { calibration: emptyCalibration(), damaged: true };
}

/** The machine's earlier run figures, oldest first. */
export function earlierRuns(calibration: CalibrationFile, key: string): HostFigures[] {
  const valid = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
  return (calibration.machines[key]?.runs ?? []).filter((r) => valid(r.referenceNs)).map((r) => ({ referenceNs: r.referenceNs, throughputNs: valid(r.throughputNs) ? r.throughputNs : null }));
}

/**
 * Adds a run's figures, keeping the newest CALIBRATION_KEEP_RUNS, and writes the file atomically,
 * all under the file's lock. Returns the backup's path when a damaged file was set aside, else null.
 * Throws (FileLockError, ResultsWriteError) when the lock or the write fails; the caller warns.
 */
export function recordRun(file: string, key: string, figures: HostFigures, at: Date = new Date()): string | null {
  return withFileLock(file, () => {
    const { calibration, damaged } = loadCalibration(file);
    const backup = damaged ? `${file}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}` : null;
    if (backup !== null) renameSync(file, backup);
    const entry = { referenceNs: figures.referenceNs, ...(figures.throughputNs === null ? {} : { throughputNs: figures.throughputNs }), at: at.toISOString() };
    const runs = [...(calibration.machines[key]?.runs ?? []), entry].slice(-CALIBRATION_KEEP_RUNS);
    calibration.machines[key] = { runs };
    writeTextAtomic(file, `${JSON.stringify(calibration, null, 2)}\n`, 'host calibration');
    return backup;
  });
}

export function resetCalibration(file: string): boolean {
  try {
    readFileSync(file);
  } catch {
    return false;
  }
  rmSync(file, { force: true });
  return true;
}
