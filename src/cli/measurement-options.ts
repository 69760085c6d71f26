/** The flags that say how each benchmark is measured, shared by a run and `ubench ab`. */
import { DEFAULT_PRECISION_TARGET } from '../engine/loop/stopping-rule.js';
import type { RunOptions } from '../runner/run-options.js';
import { parseDuration } from './duration.js';
import { DEFAULT_RUNTIMES, parseRuntimeList } from '../runner/runtimes/runtime-spec.js';
import { integer, percent, regexOption } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import type { FlagSpecs } from './flag-spec.js';

/** mitata and tinybench measure ~0.5 s; 1 s leaves room for 50 samples of 10 ms plus stopping early. */
export const DEFAULT_TIME = '1s';
/** Jetpack caps warm-up at 8 s; most JIT warm-ups here settle well under 1 s, so 2 s bounds the waste. */
export const DEFAULT_WARMUP = '2s';
/**
 * `--quick`'s budget and warm-up cap: an iteration loop's figure, not a release's. The budget holds
 * 50 samples of 4 ms (child-config.ts), over three times the 15 that QUICK_PRECISION may stop at;
 * most warm-ups here settle within 0.5 s.
 */
export const QUICK_TIME = '200ms';
export const QUICK_WARMUP = '500ms';
/**
 * `--quick`'s precision target: BenchmarkDotNet's default ±2% (the default run's 1% is finer than an
 * iteration loop asks for). A benchmark that reaches it leaves the rounds at QUICK_MIN_SAMPLES
 * instead of sampling to the end of QUICK_TIME.
 */
export const QUICK_PRECISION = '2%';
/** A stuck benchmark should be stopped, but slow setups must not be: generous multiple of the budget. */
const TIMEOUT_BUDGET_MULTIPLE = 10;
/** Floor of the default timeout: process start, module loading and floors take seconds on a loaded machine. */
const MIN_DEFAULT_TIMEOUT_NS = 60e9;
/** Fixed default seed: runs are reproducible from their samples unless asked otherwise. */
const DEFAULT_SEED = 1;

/** A duration as the CLI writes it (`'500ms'`, `'2s'`) or a number of milliseconds (the API's). */
export type Duration = string | number;

/**
 * How each benchmark is measured, as the CLI's flags give it (strings) or the API's options (typed
 * values); both are checked here, a mistake being a one-line usage error naming the flag.
 */
export interface MeasurementInput {
  /** Only benchmarks whose id matches this regular expression (`--filter`). */
  filter?: string;
  /** Time and bytes/op only, with a shorter default budget and warm-up cap (`--quick`). */
  quick?: boolean;
  /** Sampling budget per benchmark (`--time`, default `'1s'`). */
  time?: Duration;
  /** Warm-up cap per benchmark (`--warmup`, default `'2s'`). */
  warmup?: Duration;
  /** Target CI half-width (`--precision`): `'1%'`, or a fraction (0.01 = ±1%). */
  precision?: string | number;
  /** Per-process timeout (`--timeout`). */
  timeout?: Duration;
  /** Seed of every random choice (`--seed`, default 1). */
  seed?: string | number;
  /** One benchmark after another instead of interleaved rounds (`--sequential`). */
  sequential?: boolean;
  /** Runtimes to run every bench file under, the first being the reference: `'node,bun'` or `['node', 'bun']` (`--runtime`). */
  runtime?: string | readonly string[];
  /** Flags for every benchmark process: one string split at spaces, or a list of flags (`--node-flags`). */
  nodeFlags?: string | readonly string[];
}

export type MeasurementOptions = Pick<RunOptions, 'filter' | 'timeBudgetNs' | 'warmupMaxNs' | 'timeoutNs' | 'seed' | 'precisionTarget' | 'interleave' | 'runtimes' | 'nodeFlags' | 'quick'>;

/** `--node-flags "<flags>"`: split at whitespace; each must be a flag (start with -), or a one-line usage error. */
export function nodeFlagList(text: string): string[] {
  const flags = text.split(/\s+/).filter((flag) => flag !== '');
  if (flags.length === 0) throw new UsageError('--node-flags: expected flags, e.g. --node-flags "--max-old-space-size=4096"');
  const stray = flags.find((flag) => !flag.startsWith('-'));
  if (stray !== undefined) throw new UsageError(`--node-flags: "${stray}" is not a flag (each must start with -, e.g. --node-flags "--max-old-space-size=4096")`);
  return flags;
}

/** The measurement flags as `parseArgs` options with their help (a run, `ab`). */
export const MEASUREMENT_FLAGS = {
  filter: { type: 'string', value: '<regex>', help: ['only benchmarks whose id (file#group/name) matches'] },
  time: { type: 'string', value: '<duration>', help: [`measurement budget per benchmark (default ${DEFAULT_TIME}), e.g. 300ms, 2s`] },
  warmup: { type: 'string', value: '<duration>', help: [`warm-up cap per benchmark (default ${DEFAULT_WARMUP})`] },
  precision: { type: 'string', value: '<percent>', help: [`target 95% CI half-width (default 1%; ${QUICK_PRECISION} with --quick)`] },
  timeout: { type: 'string', value: '<duration>', help: ['stop a benchmark that takes longer (default 10 × (time + warmup), ≥ 60s)'] },
  seed: { type: 'string', value: '<n>', help: ['seed for sample-size jitter and bootstrap (default 1)'] },
  sequential: {
    type: 'boolean',
    help: ['sample each benchmark to the end before the next (default: the', "file's benchmarks interleaved in randomized rounds)"],
  },
  runtime: {
    type: 'string',
    value: '<list>',
    help: [
      'run every bench file under each runtime listed, e.g. node,bun,deno,',
      'node@22,chromium, and show them side by side with the ratio to the',
      'first (default: the Node running ubench); found in node_modules (npm',
      'packages bun, deno, node-<os>-<arch>) or on PATH, never downloaded',
    ],
  },
  'node-flags': {
    type: 'string',
    value: '"<flags>"',
    help: [
      'flags for every benchmark process, e.g. "--max-old-space-size=4096":',
      "on node's command line, in deno's --v8-flags, in chromium's",
      '--js-flags; refused with bun (JavaScriptCore); recorded in the results',
    ],
  },
} as const satisfies FlagSpecs;

/** The measurement flags' values as the input both the CLI and the API give. */
export function measurementInputOf(values: Omit<MeasurementInput, 'nodeFlags'> & { 'node-flags'?: string }): MeasurementInput {
  const { 'node-flags': nodeFlags, ...rest } = values;
  return nodeFlags === undefined ? rest : { ...rest, nodeFlags };
}

/** A duration in nanoseconds: a string as the CLI writes it, or a number of milliseconds. */
export function durationNs(value: Duration, flag: string): number {
  if (typeof value === 'string') return parseDuration(value, flag);
  if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`${flag}: duration must be a number of milliseconds greater than zero, got ${value}`);
  return value * 1e6;
}

/** A fraction (0.01 = 1%) given as the CLI's percentage or as the API's number. */
export function fraction(value: string | number, flag: string): number {
  if (typeof value === 'string') return percent(value, flag);
  if (!(value > 0 && value < 1)) throw new UsageError(`${flag}: expected a fraction between 0 and 1 (0.01 = 1%), got ${value}`);
  return value;
}

function flagList(value: string | readonly string[]): string[] {
  if (typeof value === 'string') return nodeFlagList(value);
  const stray = value.find((flag) => typeof flag !== 'string' || !flag.startsWith('-'));
  if (stray !== undefined || value.length === 0) return nodeFlagList(String(stray ?? ''));
  return [...value];
}

export function measurementOptions(values: MeasurementInput): MeasurementOptions {
  const filter = values.filter ?? null;
  if (filter !== null) regexOption(filter, '--filter: invalid regular expression');
  const quick = values.quick === true;
  const timeBudgetNs = durationNs(values.time ?? (quick ? QUICK_TIME : DEFAULT_TIME), '--time');
  const warmupMaxNs = durationNs(values.warmup ?? (quick ? QUICK_WARMUP : DEFAULT_WARMUP), '--warmup');
  const timeoutNs = values.timeout === undefined ? Math.max(MIN_DEFAULT_TIMEOUT_NS, TIMEOUT_BUDGET_MULTIPLE * (timeBudgetNs + warmupMaxNs)) : durationNs(values.timeout, '--timeout');
  return {
    filter,
    timeBudgetNs,
    warmupMaxNs,
    timeoutNs,
    seed: integer(values.seed === undefined ? undefined : String(values.seed), '--seed', DEFAULT_SEED),
    precisionTarget: fraction(values.precision ?? (quick ? QUICK_PRECISION : DEFAULT_PRECISION_TARGET), '--precision'),
    interleave: values.sequential !== true,
    runtimes: values.runtime === undefined ? [...DEFAULT_RUNTIMES] : parseRuntimeList(typeof values.runtime === 'string' ? values.runtime : values.runtime.join(',')),
    nodeFlags: values.nodeFlags === undefined ? [] : flagList(values.nodeFlags),
    ...(quick ? { quick: true } : {}),
  };
}
