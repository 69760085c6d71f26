/** `ubench compare <base.json> <new.json> [options]`: arguments, checked. */
import path from 'node:path';
import { DEFAULT_NOISE } from '../analysis/compare-runs.js';
import { baselineFile, colorChoice, integer, parseOptions, percent } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';

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
  seed: number;
  color: boolean | null;
  /** Exit 1 when a benchmark is significantly slower by more than this fraction (CI beyond it). */
  failOnRegression: number | null;
}

export function parseCompareCommand(argv: readonly string[], cwd: string): CompareCommand {
  const { values, positionals } = parseOptions(argv, {
    noise: { type: 'string' },
    json: { type: 'string' },
    markdown: { type: 'string' },
    csv: { type: 'string' },
    seed: { type: 'string' },
    'fail-on-regression': { type: 'string' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
  });
  if (positionals.length !== 2) throw new UsageError(`compare: expected two results files (base and new), got ${positionals.length}`);
  return {
    command: 'compare',
    basePath: baselineFile(positionals[0]!, cwd, 'compare'),
    newPath: baselineFile(positionals[1]!, cwd, 'compare'),
    noise: values.noise === undefined ? DEFAULT_NOISE : percent(values.noise, '--noise'),
    jsonPath: values.json === undefined ? null : path.resolve(cwd, values.json),
    markdownPath: values.markdown === undefined ? null : path.resolve(cwd, values.markdown),
    csvPath: values.csv === undefined ? null : path.resolve(cwd, values.csv),
    seed: integer(values.seed, '--seed', DEFAULT_COMPARE_SEED),
    color: colorChoice(values),
    failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
  };
}
