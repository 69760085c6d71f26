/** `ubench history [filter] [options]`: arguments, checked. */
import { outputTarget } from './export-files.js';
import path from 'node:path';
import type { CompareMetric } from '../analysis/compare-runs.js';
import { defaultNoise, metricOption } from './compare-args.js';
import { RUNS_DIR } from '../results/files/history-folder.js';
import { colorChoice, integer, parseOptions, percent, positiveInteger, regexOption } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';

/** Rows shown per benchmark: enough to see a trend and the last few steps on one screen. */
export const DEFAULT_HISTORY_ROWS = 20;
/** Seeded like `compare`, so the history prints the same every time. */
const DEFAULT_HISTORY_SEED = 1;

export interface HistoryCommand {
  command: 'history';
  runsDir: string;
  filter: RegExp | null;
  last: number;
  noise: number;
  seed: number;
  jsonPath: string | null;
  color: boolean | null;
  metric: CompareMetric;
}

/** `ubench history`'s flags, usage and help. */
export const HISTORY_SPEC = {
  name: 'history',
  summary: 'each benchmark over the kept runs, with the changes between consecutive runs',
  synopsis: 'ubench history [filter] [options]',
  usage: ['ubench history [filter] [--last <n>] [--metric time|instructions] [--noise <pct>] [--json <file>] [--dir <dir>]'],
  about: [
    'Every run is kept under .ubench/runs/ (unless --no-history); ubench history shows each benchmark',
    '(ids matching the filter, a regular expression) over the runs, with the changes between',
    'consecutive runs that pass the same test as compare.',
  ],
  options: {
    last: { type: 'string', value: '<n>', help: [`runs shown per benchmark, the newest (default ${DEFAULT_HISTORY_ROWS})`] },
    noise: { type: 'string', value: '<pct>', help: ['noise band of the steps between runs (default 1%; 0.2% with', '--metric instructions)'] },
    metric: { type: 'string', value: '<m>', help: ['time (default) or instructions (runs made with --instructions)'] },
    seed: { type: 'string', value: '<n>', help: [`seed of the bootstrap of each step's CI (default ${DEFAULT_HISTORY_SEED})`] },
    json: { type: 'string', value: '<file>', help: ['write the series and the changes (- for stdout)'] },
    dir: { type: 'string', value: '<dir>', help: [`where the runs are kept (default ${RUNS_DIR})`] },
    ...COLOR_FLAGS,
  },
  example: { command: "ubench history 'sort' --last 10", does: 'the last 10 runs of every benchmark whose id contains sort' },
  docs: 'docs/comparing.md',
} as const satisfies CommandSpec;

export function parseHistoryCommand(argv: readonly string[], cwd: string): HistoryCommand {
  const { values, positionals } = parseOptions(argv, HISTORY_SPEC);
  if (positionals.length > 1) throw new UsageError(`history: expected at most one filter (a regular expression on benchmark ids), got ${positionals.length} arguments`);
  const filter = positionals.length === 1 ? regexOption(positionals[0]!, 'history: invalid filter') : null;
  const metric = metricOption(values.metric);
  return {
    metric,
    command: 'history',
    runsDir: path.resolve(cwd, values.dir ?? RUNS_DIR),
    filter,
    last: values.last === undefined ? DEFAULT_HISTORY_ROWS : positiveInteger(values.last, '--last'),
    noise: values.noise === undefined ? defaultNoise(metric) : percent(values.noise, '--noise'),
    seed: integer(values.seed, '--seed', DEFAULT_HISTORY_SEED),
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    color: colorChoice(values),
  };
}
