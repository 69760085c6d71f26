/** Command-line flags → validated run options. Every mistake is a one-line UsageError. */
import path from 'node:path';
import type { RunOptions } from '../runner/run-options.js';
import { DEFAULT_PRECISION_TARGET } from '../engine/stopping-rule.js';
import { parseDuration } from './duration.js';
import { parseCompareCommand, type CompareCommand } from './compare-args.js';
import { parseHistoryCommand, type HistoryCommand } from './history-args.js';
import { DEFAULT_NOISE } from '../analysis/compare-runs.js';
import { RUNS_DIR } from '../results/run-history.js';
import { UsageError } from './usage-error.js';
import { baselineFile, colorChoice, integer, parseOptions, percent, positiveInteger } from './option-values.js';

/** mitata and tinybench measure ~0.5 s; 1 s leaves room for 50 samples of 10 ms plus stopping early. */
export const DEFAULT_TIME = '1s';
/** Jetpack caps warm-up at 8 s; most JIT warm-ups here settle well under 1 s, so 2 s bounds the waste. */
export const DEFAULT_WARMUP = '2s';
/** A stuck benchmark should be stopped, but slow setups must not be: generous multiple of the budget. */
const TIMEOUT_BUDGET_MULTIPLE = 10;
/** Floor of the default timeout: process start, module loading and floors take seconds on a loaded machine. */
const MIN_DEFAULT_TIMEOUT_NS = 60e9;
/** Fixed default seed: runs are reproducible from their samples unless asked otherwise. */
const DEFAULT_SEED = 1;
/** Hot functions and lines shown per benchmark with --profile (seed 000 lists the top few; ten keep the report short). */
export const DEFAULT_PROFILE_TOP = 10;
/** Beside the saved baselines, so one folder holds everything ubench keeps. */
export const DEFAULT_PROFILE_DIR = '.ubench/profiles';

export type Parsed =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'run'; options: RunOptions; color: boolean | null }
  | CompareCommand
  | HistoryCommand;

export function parseCommandLine(argv: readonly string[], cwd: string): Parsed {
  if (argv[0] === 'compare') return parseCompareCommand(argv.slice(1), cwd);
  if (argv[0] === 'history') return parseHistoryCommand(argv.slice(1), cwd);
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
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const filter = values.filter ?? null;
  if (filter !== null) {
    try {
      new RegExp(filter);
    } catch (error) {
      throw new UsageError(`--filter: invalid regular expression: ${(error as Error).message}`);
    }
  }
  const isolate = values.isolate ?? 'file';
  if (isolate !== 'file' && isolate !== 'benchmark') throw new UsageError(`--isolate: expected file or benchmark, got "${isolate}"`);
  const timeBudgetNs = parseDuration(values.time ?? DEFAULT_TIME, '--time');
  const warmupMaxNs = parseDuration(values.warmup ?? DEFAULT_WARMUP, '--warmup');
  const timeoutNs = values.timeout === undefined
    ? Math.max(MIN_DEFAULT_TIMEOUT_NS, TIMEOUT_BUDGET_MULTIPLE * (timeBudgetNs + warmupMaxNs))
    : parseDuration(values.timeout, '--timeout');
  const seed = integer(values.seed, '--seed', DEFAULT_SEED);
  const color = colorChoice(values);
  if (values['fail-on-regression'] !== undefined && values.compare === undefined) throw new UsageError('--fail-on-regression needs --compare <results file> (or use ubench compare)');
  return {
    command: 'run',
    color,
    options: {
      targets: positionals,
      cwd,
      filter,
      jsonPath: values.json ?? null,
      timeBudgetNs,
      warmupMaxNs,
      isolate,
      forks: values.forks === undefined ? 1 : positiveInteger(values.forks, '--forks'),
      timeoutNs,
      seed,
      precisionTarget: values.precision === undefined ? DEFAULT_PRECISION_TARGET : percent(values.precision, '--precision'),
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
    },
  };
}
