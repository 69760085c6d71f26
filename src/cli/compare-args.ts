/** `ubench compare <base.json> <new.json> [options]`: arguments, checked. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_NOISE } from '../analysis/compare-runs.js';
import { baselineFile, percent } from './option-values.js';
import { UsageError } from './usage-error.js';

/** The bootstrap of the change's CI is seeded, so a comparison prints the same every time. */
const DEFAULT_COMPARE_SEED = 1;

export interface CompareCommand {
  command: 'compare';
  basePath: string;
  newPath: string;
  noise: number;
  jsonPath: string | null;
  seed: number;
  color: boolean | null;
  /** Exit 1 when a benchmark is significantly slower by more than this fraction (CI beyond it). */
  failOnRegression: number | null;
}

export function parseCompareCommand(argv: readonly string[], cwd: string): CompareCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        noise: { type: 'string' },
        json: { type: 'string' },
        seed: { type: 'string' },
        'fail-on-regression': { type: 'string' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see ubench --help)`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 2) throw new UsageError(`compare: expected two results files (base and new), got ${positionals.length}`);
  const seed = values.seed === undefined ? DEFAULT_COMPARE_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed: expected an integer, got "${values.seed}"`);
  return {
    command: 'compare',
    basePath: baselineFile(positionals[0]!, cwd, 'compare'),
    newPath: baselineFile(positionals[1]!, cwd, 'compare'),
    noise: values.noise === undefined ? DEFAULT_NOISE : percent(values.noise, '--noise'),
    jsonPath: values.json === undefined ? null : path.resolve(cwd, values.json),
    seed,
    color: values['no-color'] ? false : values.color ? true : null,
    failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
  };
}
