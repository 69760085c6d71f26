/**
 * The CLI's table of commands: for each, its spec (usage, options, help, example), its parser and
 * what runs it. `ubench <command>` dispatches through it, `--help` and `ubench help <command>` print
 * from it, and the tests enumerate it: a command added here without help fails them.
 */
import { AB_SPEC, parseAbCommand } from './ab-args.js';
import { runAbCommand } from './ab-command.js';
import { BISECT_SPEC, parseBisectCommand } from './bisect-args.js';
import { runBisectCommand } from './bisect-command.js';
import { CALIBRATION_SPEC, parseCalibrationCommand, runCalibration } from './calibration-command.js';
import type { CliIo } from './cli-io.js';
import type { CommandName } from './command-names.js';
import { COMPARE_SPEC, parseCompareCommand } from './compare-args.js';
import { runCompare } from './compare-command.js';
import { DOCTOR_SPEC, parseDoctorCommand, runDoctorCommand } from './doctor-command.js';
import { EXIT_OK } from './exit-codes.js';
import { EXPORT_SPEC, parseExportCommand, runExport } from './export-command.js';
import type { CommandSpec } from './flag-spec.js';
import { renderCommandHelp, renderOverview } from './help.js';
import { HELP_SPEC, parseHelpCommand } from './help-command.js';
import { HISTORY_SPEC, parseHistoryCommand } from './history-args.js';
import { runHistory } from './history-command.js';
import { MERGE_SPEC, parseMergeCommand, runMerge } from './merge-command.js';
import { PROBE_SPEC, parseProbeCommand } from './probe-args.js';
import { runProbeCommand } from './probe-command.js';
import { parseReportCommand, REPORT_SPEC, runReport } from './report-command.js';
import { RUN_SPEC } from './run-spec.js';

export interface CommandEntry {
  spec: CommandSpec;
  /** Parses the arguments after the command's name and runs it; a usage mistake throws a UsageError. */
  invoke(argv: readonly string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number>;
}

function entry<C>(spec: CommandSpec, parse: (argv: readonly string[], io: CliIo, env: NodeJS.ProcessEnv) => C, run: (command: C, io: CliIo) => number | Promise<number>): CommandEntry {
  return { spec, invoke: async (argv, io, env) => run(parse(argv, io, env), io) };
}

/** The help topics: every command, and `run` for the plain run's options. */
const topics = (): string[] => ['run', ...Object.keys(COMMANDS)];

/** The help of a topic, or the overview. */
export function helpText(topic: string | null): string {
  if (topic === null) return HELP;
  return renderCommandHelp(topic === 'run' ? RUN_SPEC : COMMANDS[topic as CommandName].spec);
}

export const COMMANDS: Readonly<Record<CommandName, CommandEntry>> = {
  compare: entry(COMPARE_SPEC, (argv, io) => parseCompareCommand(argv, io.cwd), runCompare),
  history: entry(HISTORY_SPEC, (argv, io) => parseHistoryCommand(argv, io.cwd), runHistory),
  ab: entry(AB_SPEC, (argv, io) => parseAbCommand(argv, io.cwd), runAbCommand),
  bisect: entry(BISECT_SPEC, (argv, io) => parseBisectCommand(argv, io.cwd), runBisectCommand),
  export: entry(EXPORT_SPEC, (argv, io) => parseExportCommand(argv, io.cwd), runExport),
  probe: entry(
    PROBE_SPEC,
    (argv, io) => parseProbeCommand(argv, io.cwd),
    (command, io) => runProbeCommand(command, io, io.osFacts),
  ),
  report: entry(REPORT_SPEC, (argv, io) => parseReportCommand(argv, io.cwd), runReport),
  merge: entry(MERGE_SPEC, (argv, io) => parseMergeCommand(argv, io.cwd), runMerge),
  calibration: entry(CALIBRATION_SPEC, (argv, _io, env) => parseCalibrationCommand(argv, env), runCalibration),
  doctor: entry(DOCTOR_SPEC, (argv, io, env) => parseDoctorCommand(argv, io.cwd, env), runDoctorCommand),
  help: entry(
    HELP_SPEC,
    (argv) => parseHelpCommand(argv, topics()),
    (command, io) => {
      io.stdout.write(helpText(command.topic));
      return EXIT_OK;
    },
  ),
};

/** `ubench --help`: every command's usage, the plain run's options, the commands. */
export const HELP = renderOverview(
  RUN_SPEC,
  Object.values(COMMANDS).map((c) => c.spec),
);
