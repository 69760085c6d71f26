/**
 * The provider's options (`provide: { ubench: {…} }` in vitest's config, or `createVitestProvider({…})`
 * in a provider file) and their checking. A value of the wrong type is not fatal: its default is
 * used, the rest is measured, and the problem comes back as one line (measure-group.ts throws it
 * after writing the results, so vitest shows it on the test).
 */
import { parseDuration } from '../cli/duration.js';
import { DEFAULT_PRECISION_TARGET } from '../engine/loop/stopping-rule.js';

export interface VitestProviderOptions {
  /** Sampling budget of each benchmark: `'300ms'`, `'2s'`, or a number of milliseconds. */
  time?: string | number;
  /** Longest warm-up of each benchmark, the same way. */
  warmup?: string | number;
  /** Relative CI half-width at which sampling stops, as a fraction (0.01 = 1%). */
  precision?: number;
  /** Where the ubench results file goes (relative to vitest's root); `false`: none. */
  json?: string | false;
  /** Seed of the engine's random choices (batch jitter, round order, bootstrap). */
  seed?: number;
  /** Print ubench's estimate and diagnostics of each benchmark to the test's console (default true). */
  print?: boolean;
}

export interface ResolvedProviderOptions {
  timeBudgetNs: number;
  warmupMaxNs: number;
  precisionTarget: number;
  json: string | null;
  seed: number;
  print: boolean;
}

/**
 * `npx ubench`'s 1 s default (cli/measurement-options.ts), so a benchmark gets the same precision
 * either way: on this machine the fixture's bodies did not reach ±1% in 0.5 s (their CIs were
 * ±0.6% to ±32% on a busy host); `time` lowers it for a quicker, rougher pass.
 */
export const DEFAULT_VITEST_TIME_NS = 1e9;
/** `npx ubench`'s warm-up cap (cli/measurement-options.ts: 2 s): warm-up detection is the same engine. */
export const DEFAULT_VITEST_WARMUP_NS = 2e9;
/** Beside the other things ubench keeps (`.ubench/profiles`, baselines), named for where it came from. */
export const DEFAULT_VITEST_JSON = '.ubench/vitest-results.json';
/** `npx ubench`'s default seed (any fixed number: the run is reproducible from it). */
export const DEFAULT_VITEST_SEED = 1;

const KNOWN = new Set(['time', 'warmup', 'precision', 'json', 'seed', 'print']);

function duration(value: unknown, key: string, fallback: number, problems: string[]): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value * 1e6;
  if (typeof value === 'string') {
    try {
      return parseDuration(value, key);
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  }
  problems.push(`${key}: expected a duration such as '300ms' or a positive number of milliseconds, got ${JSON.stringify(value) ?? String(value)}`);
  return fallback;
}

/** Options as given (anything) → options to measure with, and one line per problem found. */
export function resolveProviderOptions(given: unknown): { options: ResolvedProviderOptions; problems: string[] } {
  const problems: string[] = [];
  const raw: Record<string, unknown> = given !== null && typeof given === 'object' && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  if (given !== undefined && raw !== given) problems.push(`options: expected an object, got ${JSON.stringify(given) ?? String(given)}`);
  for (const key of Object.keys(raw)) if (!KNOWN.has(key)) problems.push(`unknown option "${key}" (known: ${[...KNOWN].join(', ')})`);
  const { precision, json, seed, print } = raw;
  const precisionOk = precision === undefined || (typeof precision === 'number' && precision > 0 && precision < 1);
  if (!precisionOk) problems.push(`precision: expected a fraction between 0 and 1 (0.01 = 1%), got ${JSON.stringify(precision)}`);
  const jsonOk = json === undefined || json === false || (typeof json === 'string' && json.trim() !== '');
  if (!jsonOk) problems.push(`json: expected a file path or false, got ${JSON.stringify(json)}`);
  const seedOk = seed === undefined || Number.isSafeInteger(seed);
  if (!seedOk) problems.push(`seed: expected an integer, got ${JSON.stringify(seed)}`);
  const printOk = print === undefined || typeof print === 'boolean';
  if (!printOk) problems.push(`print: expected true or false, got ${JSON.stringify(print)}`);
  return {
    options: {
      timeBudgetNs: duration(raw['time'], 'time', DEFAULT_VITEST_TIME_NS, problems),
      warmupMaxNs: duration(raw['warmup'], 'warmup', DEFAULT_VITEST_WARMUP_NS, problems),
      precisionTarget: precisionOk && precision !== undefined ? (precision as number) : DEFAULT_PRECISION_TARGET,
      json: jsonOk && json !== undefined ? (json === false ? null : (json as string)) : DEFAULT_VITEST_JSON,
      seed: seedOk && seed !== undefined ? (seed as number) : DEFAULT_VITEST_SEED,
      print: printOk && print !== undefined ? (print as boolean) : true,
    },
    problems,
  };
}
