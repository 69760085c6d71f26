/**
 * This machine's calibration of the host-speed reference, kept across runs and projects in the
 * user's cache folder (`$UBENCH_CACHE_DIR`, else the platform's cache folder for ubench, e.g.
 * `~/.cache/ubench` on Linux): per machine (see machineKey), the reference's run medians of the last
 * runs. A run compares its own figure with their median, so a run on a slowed machine says so.
 * `ubench calibration --reset` deletes the file. A missing or unreadable file is an empty calibration.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import envPaths from 'env-paths';
import { writeTextAtomic } from '../results/write-results.js';
import type { HostFigures } from '../analysis/host-speed.js';

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

export function readCalibration(file: string): CalibrationFile {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<CalibrationFile>;
    if (parsed.format === FORMAT && parsed.version === 1 && typeof parsed.machines === 'object' && parsed.machines !== null) return parsed as CalibrationFile;
  } catch {
    // Absent or damaged: start afresh (the file is a cache).
  }
  return { format: FORMAT, version: 1, machines: {} };
}

/** The machine's earlier run figures, oldest first. */
export function earlierRuns(calibration: CalibrationFile, key: string): HostFigures[] {
  const valid = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
  return (calibration.machines[key]?.runs ?? []).filter((r) => valid(r.referenceNs)).map((r) => ({ referenceNs: r.referenceNs, throughputNs: valid(r.throughputNs) ? r.throughputNs : null }));
}

/** Adds a run's figures, keeping the newest CALIBRATION_KEEP_RUNS, and writes the file atomically. */
export function recordRun(file: string, key: string, figures: HostFigures, at: Date = new Date()): void {
  const calibration = readCalibration(file);
  const entry = { referenceNs: figures.referenceNs, ...(figures.throughputNs === null ? {} : { throughputNs: figures.throughputNs }), at: at.toISOString() };
  const runs = [...(calibration.machines[key]?.runs ?? []), entry].slice(-CALIBRATION_KEEP_RUNS);
  calibration.machines[key] = { runs };
  writeTextAtomic(file, `${JSON.stringify(calibration, null, 2)}\n`);
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
