/** Command-line flags → validated run options. Every mistake is a one-line UsageError. */
import { calibrationPath } from '../runner/host-calibration.js';
import { parseCalibrationCommand, type CalibrationCommand } from './calibration-command.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunOptions } from '../runner/run-options.js';
import { measurementOptions } from './measurement-options.js';
import { parseCompareCommand, type CompareCommand } from './compare-args.js';
import { parseHistoryCommand, type HistoryCommand } from './history-args.js';
import { parseAbCommand, type AbCommand } from './ab-args.js';
import { EXPORT_FLAGS, exportTargets, outputTarget, type ExportTargets } from './export-files.js';
import { parseExportCommand, type ExportCommand } from './export-command.js';
import { parseProbeCommand, type ProbeCommand } from './probe-args.js';
import { parseReportCommand, type ReportCommand } from './report-command.js';
import { DEFAULT_NOISE } from '../analysis/compare-runs.js';
import { RUNS_DIR } from '../results/run-history.js';
import { UsageError } from './usage-error.js';
import { baselineFile, colorChoice, parseOptions, percent, positiveInteger } from './option-values.js';

/** Hot functions and lines shown per benchmark with --profile (seed 000 lists the top few; ten keep the report short). */
export const DEFAULT_PROFILE_TOP = 10;
/** Beside the saved baselines, so one folder holds everything ubench keeps. */
export const DEFAULT_PROFILE_DIR = '.ubench/profiles';

/** The commands besides a run; each must be the first argument. */
const SUBCOMMANDS: readonly string[] = ['compare', 'history', 'ab', 'export', 'probe', 'report', 'calibration'];

export type Parsed =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'run'; options: RunOptions; color: boolean | null; exports: ExportTargets; htmlPath: string | null }
  | CompareCommand
  | HistoryCommand
  | AbCommand
  | ExportCommand
  | ProbeCommand
  | ReportCommand
  | CalibrationCommand;

export function parseCommandLine(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Parsed {
  if (argv[0] === 'calibration') return parseCalibrationCommand(argv.slice(1), env);
  if (argv[0] === 'compare') return parseCompareCommand(argv.slice(1), cwd);
  if (argv[0] === 'history') return parseHistoryCommand(argv.slice(1), cwd);
  if (argv[0] === 'ab') return parseAbCommand(argv.slice(1), cwd);
  if (argv[0] === 'export') return parseExportCommand(argv.slice(1), cwd);
  if (argv[0] === 'probe') return parseProbeCommand(argv.slice(1), cwd);
  if (argv[0] === 'report') return parseReportCommand(argv.slice(1), cwd);
  const { values, positionals } = parseOptions(argv, {
    filter: { type: 'string' },
    json: { type: 'string' },
    time: { type: 'string' },
    warmup: { type: 'string' },
    precision: { type: 'string' },
    isolate: { type: 'string' },
    forks: { type: 'string' },
    timeout: { type: 'string' },
    seed: { type: 'string' },
    sequential: { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
    strict: { type: 'boolean' },
    'gc-cost': { type: 'boolean' },
    'alloc-sites': { type: 'boolean' },
    profile: { type: 'boolean' },
    disasm: { type: 'boolean' },
    'profile-top': { type: 'string' },
    'profile-dir': { type: 'string' },
    baseline: { type: 'string' },
    compare: { type: 'string' },
    'save-baseline': { type: 'string' },
    noise: { type: 'string' },
    'fail-on-regression': { type: 'string' },
    'no-history': { type: 'boolean' },
    ...EXPORT_FLAGS,
    html: { type: 'string' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const misplaced = positionals.find((p) => SUBCOMMANDS.includes(p) && !existsSync(path.resolve(cwd, p)));
  if (misplaced !== undefined) throw new UsageError(`"${misplaced}" is a command: write it first, before any option (ubench ${misplaced} …)`);
  const isolate = values.isolate ?? 'file';
  if (isolate !== 'file' && isolate !== 'benchmark') throw new UsageError(`--isolate: expected file or benchmark, got "${isolate}"`);
  const measurement = measurementOptions(values);
  const color = colorChoice(values);
  if (values['fail-on-regression'] !== undefined && values.compare === undefined) throw new UsageError('--fail-on-regression needs --compare <results file> (or use ubench compare)');
  return {
    command: 'run',
    color,
    exports: exportTargets(values, cwd),
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    options: {
      targets: positionals,
      cwd,
      ...measurement,
      jsonPath: values.json ?? null,
      isolate,
      forks: values.forks === undefined ? 1 : positiveInteger(values.forks, '--forks'),
      quiet: values.quiet === true,
      strict: values.strict === true,
      gcCost: values['gc-cost'] === true,
      allocSites: values['alloc-sites'] === true,
      profile: values.profile === true,
      disasm: values.disasm === true,
      profileTop: values['profile-top'] === undefined ? DEFAULT_PROFILE_TOP : positiveInteger(values['profile-top'], '--profile-top'),
      profileDir: path.resolve(cwd, values['profile-dir'] ?? DEFAULT_PROFILE_DIR),
      baselinePath: values.baseline === undefined ? null : baselineFile(values.baseline, cwd, '--baseline'),
      saveBaselinePath: values['save-baseline'] === undefined ? null : baselineFile(values['save-baseline'], cwd, '--save-baseline'),
      comparePath: values.compare === undefined ? null : baselineFile(values.compare, cwd, '--compare'),
      noise: values.noise === undefined ? DEFAULT_NOISE : percent(values.noise, '--noise'),
      failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
      historyDir: values['no-history'] === true ? null : path.join(cwd, RUNS_DIR),
      calibrationPath: calibrationPath(env),
    },
  };
}
