/**
 * `ubench doctor [--json <file>] [--time <duration>]`: a few seconds of checks of whether this machine
 * is fit to measure right now, each with a verdict, the evidence and what to do (runner/doctor/),
 * and the runtimes and tools ubench can find. Exit 1 when a check finds the host unfit, so a CI job
 * can skip or retry measuring.
 */
import { doctorDocument, renderDoctorReport } from '../report/doctor-report.js';
import { calibrationPath } from '../runner/host-speed/host-calibration.js';
import { runDoctor } from '../runner/doctor/run-doctor.js';
import { UsageError } from '../runner/usage-error.js';
import type { CliIo } from './cli-io.js';
import { parseDuration } from './duration.js';
import { EXIT_FAILURES, EXIT_OK } from './exit-codes.js';
import { outputTarget, reportStream, writeJsonOutput } from './export-files.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';
import { colorChoice, parseOptions, useColor } from './option-values.js';

/**
 * How long the host-speed references are timed by default: ~10,000 readings, and long enough for
 * other programs' CPU time (counted in 10 ms ticks) to read to about 1%; with the other checks and the
 * runtimes' `--version`, the whole check stays under the few seconds it promises.
 */
export const DEFAULT_DOCTOR_WINDOW = '1.5s';
/** A window longer than this is not a quick check: use a run with --wait-for-quiet, or call doctor again. */
const MAX_WINDOW_NS = 60e9;

export const DOCTOR_SPEC = {
  name: 'doctor',
  summary: 'is this machine fit to measure right now? checks with verdicts, evidence and what to do',
  synopsis: 'ubench doctor [--json <file>] [--time <duration>]',
  usage: ['ubench doctor [--json <file>] [--time <duration>] [--no-tools]'],
  about: [
    "A few seconds of checks, each with a verdict (ok, warn, unfit, or can't tell where the machine",
    "does not show it), the evidence and what to do: the host's speed now against this machine's",
    'usual (its calibration), another hardware thread at work on the same cores, load from other',
    'processes, the CPU quota of a container, the CPUs ubench may use, the frequency governor, turbo,',
    'SMT, the timer, ASLR, swap, memory headroom, what NODE_OPTIONS passes to every benchmark; then',
    'the runtimes and tools ubench can find (other Nodes, Bun, Deno, Chromium with playwright-core,',
    'valgrind, perf) and what each enables. Exit 1 when a check finds the host unfit.',
  ],
  options: {
    json: { type: 'string', value: '<file>', help: ['also write the checks as JSON for CI (- for stdout; the report then', 'goes to stderr)'] },
    time: { type: 'string', value: '<duration>', help: [`how long the host-speed references are timed (default ${DEFAULT_DOCTOR_WINDOW})`] },
    'no-tools': { type: 'boolean', help: ['skip looking for runtimes and tools (no --version processes)'] },
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench doctor --json doctor.json || echo "host unfit: measure later"', does: 'in CI: the checks kept as JSON, measuring skipped when the host is unfit' },
  docs: 'docs/doctor.md',
} as const satisfies CommandSpec;

export interface DoctorCommand {
  command: 'doctor';
  jsonPath: string | null;
  windowMs: number;
  tools: boolean;
  color: boolean | null;
  calibrationFile: string;
}

export function parseDoctorCommand(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): DoctorCommand {
  const { values, positionals } = parseOptions(argv, DOCTOR_SPEC);
  if (positionals.length > 0) throw new UsageError(`doctor: unexpected argument "${positionals[0]}" (usage: ${DOCTOR_SPEC.synopsis})`);
  const windowNs = parseDuration(values.time ?? DEFAULT_DOCTOR_WINDOW, '--time');
  if (windowNs > MAX_WINDOW_NS) throw new UsageError(`--time: the doctor times the references for at most ${MAX_WINDOW_NS / 1e9} s (a run's --wait-for-quiet waits longer)`);
  return {
    command: 'doctor',
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    windowMs: windowNs / 1e6,
    tools: values['no-tools'] !== true,
    color: colorChoice(values),
    calibrationFile: calibrationPath(env),
  };
}

export async function runDoctorCommand(command: DoctorCommand, io: CliIo): Promise<number> {
  const report = await runDoctor({ windowMs: command.windowMs, calibrationFile: command.calibrationFile, env: io.env ?? process.env, cwd: io.cwd, tools: command.tools });
  const out = reportStream(io, [command.jsonPath]);
  out.write(renderDoctorReport(report, { color: useColor(command.color, out) }));
  if (command.jsonPath !== null) writeJsonOutput(command.jsonPath, doctorDocument(report), 'doctor report', io);
  return report.verdict === 'unfit' ? EXIT_FAILURES : EXIT_OK;
}
