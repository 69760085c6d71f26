/** `ubench history [filter] [options]`: arguments, checked. */
import { outputTarget } from './export-files.js';
import path from 'node:path';
import type { CompareMetric } from '../analysis/compare-runs.js';
import { defaultNoise, metricOption } from './compare-args.js';
import { RUNS_DIR } from '../results/run-history.js';
import { colorChoice, integer, parseOptions, percent, positiveInteger, regexOption } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';

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

export function parseHistoryCommand(argv: readonly string[], cwd: string): HistoryCommand {
  const { values, positionals } = parseOptions(argv, {
    last: { type: 'string' },
    noise: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'string' },
    dir: { type: 'string' },
    metric: { type: 'string' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
  });
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
