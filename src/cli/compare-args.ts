/** `ubench compare <base.json> <new.json> [options]`: arguments, checked. */
import { DEFAULT_NOISE, type CompareMetric } from '../analysis/compare-runs.js';
import { INSTRUCTION_NOISE } from '../analysis/compare-instructions.js';
import { baselineFile, colorChoice, integer, parseOptions, percent } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import { checkOneStdout, outputTarget } from './export-files.js';

/** The bootstrap of the change's CI is seeded, so a comparison prints the same every time. */
export const DEFAULT_COMPARE_SEED = 1;

export interface CompareCommand {
  command: 'compare';
  basePath: string;
  newPath: string;
  noise: number;
  jsonPath: string | null;
  markdownPath: string | null;
  csvPath: string | null;
  /** The HTML page of the comparison (with `--explain`, why each change called happened); `-` for stdout. */
  htmlPath: string | null;
  seed: number;
  color: boolean | null;
  /** Exit 1 when a benchmark is significantly slower by more than this fraction (CI beyond it). */
  failOnRegression: number | null;
  /** What changes are called on: time, or instructions per operation (runs made with --instructions). */
  metric: CompareMetric;
  /** Explain every change called from the evidence both files carry (`--explain`). */
  explain: boolean;
}

/** `--metric time|instructions`; the noise band's default follows the metric. */
export function metricOption(value: string | undefined): CompareMetric {
  if (value === undefined || value === 'time') return 'time';
  if (value === 'instructions') return 'instructions';
  throw new UsageError(`--metric: expected time or instructions, got "${value}"`);
}

/** The default noise band of a metric: criterion's ±1% for time, ±0.2% for instruction counts. */
export const defaultNoise = (metric: CompareMetric): number => (metric === 'instructions' ? INSTRUCTION_NOISE : DEFAULT_NOISE);

export function parseCompareCommand(argv: readonly string[], cwd: string): CompareCommand {
  const { values, positionals } = parseOptions(argv, {
    noise: { type: 'string' },
    json: { type: 'string' },
    markdown: { type: 'string' },
    csv: { type: 'string' },
    html: { type: 'string' },
    seed: { type: 'string' },
    'fail-on-regression': { type: 'string' },
    metric: { type: 'string' },
    explain: { type: 'boolean' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
  });
  if (positionals.length !== 2) throw new UsageError(`compare: expected two results files (base and new), got ${positionals.length}`);
  const metric = metricOption(values.metric);
  checkOneStdout('compare', { json: values.json, markdown: values.markdown, csv: values.csv, html: values.html });
  return {
    metric,
    command: 'compare',
    explain: values.explain === true,
    basePath: baselineFile(positionals[0]!, cwd, 'compare'),
    newPath: baselineFile(positionals[1]!, cwd, 'compare'),
    noise: values.noise === undefined ? defaultNoise(metric) : percent(values.noise, '--noise'),
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    markdownPath: values.markdown === undefined ? null : outputTarget(values.markdown, cwd),
    csvPath: values.csv === undefined ? null : outputTarget(values.csv, cwd),
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    seed: integer(values.seed, '--seed', DEFAULT_COMPARE_SEED),
    color: colorChoice(values),
    failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
  };
}
