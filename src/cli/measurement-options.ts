/** The flags that say how each benchmark is measured, shared by a run and `ubench ab`. */
import { DEFAULT_PRECISION_TARGET } from '../engine/loop/stopping-rule.js';
import type { RunOptions } from '../runner/run-options.js';
import { parseDuration } from './duration.js';
import { DEFAULT_RUNTIMES, parseRuntimeList } from '../runner/runtimes/runtime-spec.js';
import { integer, percent, regexOption } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';

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

export interface MeasurementFlags {
  filter?: string;
  time?: string;
  warmup?: string;
  precision?: string;
  timeout?: string;
  seed?: string;
  sequential?: boolean;
  runtime?: string;
  'node-flags'?: string;
}

export type MeasurementOptions = Pick<RunOptions, 'filter' | 'timeBudgetNs' | 'warmupMaxNs' | 'timeoutNs' | 'seed' | 'precisionTarget' | 'interleave' | 'runtimes' | 'nodeFlags'>;

/** `--node-flags "<flags>"`: split at whitespace; each must be a flag (start with -), or a one-line usage error. */
export function nodeFlagList(text: string): string[] {
  const flags = text.split(/\s+/).filter((flag) => flag !== '');
  if (flags.length === 0) throw new UsageError('--node-flags: expected flags, e.g. --node-flags "--max-old-space-size=4096"');
  const stray = flags.find((flag) => !flag.startsWith('-'));
  if (stray !== undefined) throw new UsageError(`--node-flags: "${stray}" is not a flag (each must start with -, e.g. --node-flags "--max-old-space-size=4096")`);
  return flags;
}

export function measurementOptions(values: MeasurementFlags): MeasurementOptions {
  const filter = values.filter ?? null;
  if (filter !== null) regexOption(filter, '--filter: invalid regular expression');
  const timeBudgetNs = parseDuration(values.time ?? DEFAULT_TIME, '--time');
  const warmupMaxNs = parseDuration(values.warmup ?? DEFAULT_WARMUP, '--warmup');
  const timeoutNs = values.timeout === undefined ? Math.max(MIN_DEFAULT_TIMEOUT_NS, TIMEOUT_BUDGET_MULTIPLE * (timeBudgetNs + warmupMaxNs)) : parseDuration(values.timeout, '--timeout');
  return {
    filter,
    timeBudgetNs,
    warmupMaxNs,
    timeoutNs,
    seed: integer(values.seed, '--seed', DEFAULT_SEED),
    precisionTarget: values.precision === undefined ? DEFAULT_PRECISION_TARGET : percent(values.precision, '--precision'),
    interleave: values.sequential !== true,
    runtimes: values.runtime === undefined ? [...DEFAULT_RUNTIMES] : parseRuntimeList(values.runtime),
    nodeFlags: values['node-flags'] === undefined ? [] : nodeFlagList(values['node-flags']),
  };
}
