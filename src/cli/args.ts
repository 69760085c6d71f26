/** Command-line arguments → the command to run, validated. Every mistake is a one-line UsageError. */
import { parseCalibrationCommand, type CalibrationCommand } from './calibration-command.js';
import { parseCompareCommand, type CompareCommand } from './compare-args.js';
import { parseHistoryCommand, type HistoryCommand } from './history-args.js';
import { parseAbCommand, type AbCommand } from './ab-args.js';
import { parseExportCommand, type ExportCommand } from './export-command.js';
import { parseMergeCommand, type MergeCommand } from './merge-command.js';
import { parseProbeCommand, type ProbeCommand } from './probe-args.js';
import { parseReportCommand, type ReportCommand } from './report-command.js';
import { parseRunCommand, type RunCommandOrFlag } from './run-command.js';

export type Parsed = RunCommandOrFlag | CompareCommand | HistoryCommand | AbCommand | ExportCommand | ProbeCommand | ReportCommand | CalibrationCommand | MergeCommand;

export function parseCommandLine(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Parsed {
  const rest = argv.slice(1);
  switch (argv[0]) {
    case 'calibration':
      return parseCalibrationCommand(rest, env);
    case 'compare':
      return parseCompareCommand(rest, cwd);
    case 'history':
      return parseHistoryCommand(rest, cwd);
    case 'ab':
      return parseAbCommand(rest, cwd);
    case 'export':
      return parseExportCommand(rest, cwd);
    case 'probe':
      return parseProbeCommand(rest, cwd);
    case 'report':
      return parseReportCommand(rest, cwd);
    case 'merge':
      return parseMergeCommand(rest, cwd);
    default:
      return parseRunCommand(argv, cwd, env);
  }
}
