/**
 * `ubench calibration [--reset]`: where this machine's host calibration is kept and what it holds
 * (per machine, the host-speed reference of its last runs and their median); `--reset` deletes it.
 */
import { calibrationPath, earlierRuns, readCalibration, resetCalibration } from '../runner/host-speed/host-calibration.js';
import { median } from '../stats/quantile.js';
import { parseOptions } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import type { CommandSpec } from './flag-spec.js';

export interface CalibrationCommand {
  command: 'calibration';
  reset: boolean;
  path: string;
}

/** `ubench calibration`'s flags, usage and help. */
export const CALIBRATION_SPEC = {
  name: 'calibration',
  summary: "this machine's usual host speed, which every run is compared with",
  synopsis: 'ubench calibration [--reset]',
  usage: ['ubench calibration [--reset]'],
  about: [
    "Shows this machine's usual host speed: the latency and throughput references' medians over its",
    "last runs, kept in the user's cache folder (or $UBENCH_CACHE_DIR), per machine and Node version.",
    'Each run, and ubench doctor, compares the host with it.',
  ],
  options: { reset: { type: 'boolean', help: ['delete the calibration: the next runs learn the machine again'] } },
  example: { command: 'ubench calibration', does: 'where the calibration is and what it holds' },
  docs: 'docs/measuring.md',
} as const satisfies CommandSpec;

export function parseCalibrationCommand(argv: readonly string[], env: NodeJS.ProcessEnv): CalibrationCommand {
  const { values, positionals } = parseOptions(argv, CALIBRATION_SPEC);
  if (positionals.length > 0) throw new UsageError(`calibration: unexpected argument "${positionals[0]}" (usage: ubench calibration [--reset])`);
  return { command: 'calibration', reset: values.reset === true, path: calibrationPath(env) };
}

export function runCalibration(command: CalibrationCommand, io: { stdout: NodeJS.WritableStream }): number {
  if (command.reset) {
    io.stdout.write(resetCalibration(command.path) ? `host calibration deleted: ${command.path}\n` : `no host calibration at ${command.path}\n`);
    return 0;
  }
  const calibration = readCalibration(command.path);
  const machines = Object.keys(calibration.machines);
  io.stdout.write(`host calibration: ${command.path}${machines.length === 0 ? ' (empty: every run adds its figure)' : ''}\n`);
  for (const key of machines) {
    const runs = earlierRuns(calibration, key);
    const latency = runs.map((r) => r.referenceNs);
    const throughput = runs.flatMap((r) => (r.throughputNs === null ? [] : [r.throughputNs]));
    const spread = (xs: number[], unit: number, digits: number): string => (xs.length < 2 ? '' : `, runs ${(Math.min(...xs) / unit).toFixed(digits)}–${(Math.max(...xs) / unit).toFixed(digits)}`);
    io.stdout.write(`  ${key}\n    ${runs.length} run${runs.length === 1 ? '' : 's'}: latency reference usual ${(median(latency) / 1e3).toFixed(3)} µs per 1,000 steps${spread(latency, 1e3, 3)}\n`);
    if (throughput.length > 0)
      io.stdout.write(
        `    throughput reference usual ${median(throughput).toFixed(0)} ns per 1,000 iterations${spread(throughput, 1, 0)} (${throughput.length} run${throughput.length === 1 ? '' : 's'})\n`,
      );
  }
  return 0;
}
