/**
 * A run's options as one typed input, whether the CLI's flags gave them (strings) or the API's
 * `run()` (typed values), checked by the same code into the runner's `RunOptions`: a mistake is the
 * same one-line usage error naming the flag either way. `RUN_INPUT_FLAGS` pairs every input key with
 * its flag: the CLI's parser is built from it and the passes' switches (runner/passes/pass-registry.ts).
 */
import path from 'node:path';
import { RUNS_DIR } from '../results/files/history-folder.js';
import type { ParamValue } from '../results/types.js';
import { calibrationPath } from '../runner/host-speed/host-calibration.js';
import { PASS_SWITCHES, passSelection, type PassKey } from '../runner/passes/pass-registry.js';
import type { RunOptions } from '../runner/run-options.js';
import { UsageError } from '../runner/usage-error.js';
import type { FlagSpecs } from './flag-spec.js';
import { MEASUREMENT_FLAGS, measurementOptions, type MeasurementInput } from './measurement-options.js';
import { baselineFile, positiveInteger } from './option-values.js';
import { DEFAULT_PROFILE_DIR, DEFAULT_PROFILE_TOP } from './run-defaults.js';
import { argValues, parseArgsFlags, probeCacheFacts } from './sweep-options.js';

/** What to measure and where the measurements go; every pass switch (`gcCost`, `instructions`, …) is an option of its own. */
export interface RunInput extends MeasurementInput, Partial<Record<PassKey, boolean>> {
  /** Bench files or folders to search for `*.bench.{ts,mts,js,mjs}` (relative to `cwd`); default: `cwd`. */
  files?: string | readonly string[];
  /** A process per file (default) or per benchmark (`--isolate`). */
  isolate?: 'file' | 'benchmark';
  /** Separate processes per benchmark (`--forks`, default 1). */
  forks?: number | string;
  /** Measure only this share of the suite: `'2/4'` or `{ index: 2, count: 4 }` (`--shard`). */
  shard?: string | { index: number; count: number };
  /** Values replacing the declared ones of every benchmark declaring the key (`--args`): `{ n: '1000..1e6:x4' }`, `{ n: [10, 100] }`, or the CLI's `['n=10,100']`. */
  args?: readonly string[] | Readonly<Record<string, string | readonly ParamValue[]>>;
  /** A `ubench probe --json` document whose cache sizes cliffs are named after (`--probe`). */
  probe?: string;
  /** Hot functions and lines kept per benchmark with `profile` (`--profile-top`). */
  profileTop?: number | string;
  /** Where profiles go (`--profile-dir`). */
  profileDir?: string;
  /** A results file or saved baseline to hold bytes/op and retained memory to (`--baseline`). */
  baseline?: string;
  /** Also write the results file here, after every benchmark (`--json`). */
  json?: string;
  /** Keep the run in `.ubench/runs` for `ubench history` (the CLI keeps it unless `--no-history`; `run()` only when asked). */
  history?: boolean;
}

/** Every input key and the CLI flag that gives it (files: the positionals; history: `--no-history`, inverted). */
export const RUN_INPUT_FLAGS = {
  files: null,
  filter: '--filter',
  quick: '--quick',
  time: '--time',
  warmup: '--warmup',
  precision: '--precision',
  timeout: '--timeout',
  seed: '--seed',
  sequential: '--sequential',
  runtime: '--runtime',
  nodeFlags: '--node-flags',
  isolate: '--isolate',
  forks: '--forks',
  shard: '--shard',
  args: '--args',
  probe: '--probe',
  profileTop: '--profile-top',
  profileDir: '--profile-dir',
  baseline: '--baseline',
  json: '--json',
  history: '--no-history',
} as const satisfies Record<Exclude<keyof RunInput, PassKey>, string | null>;

/** The run's input flags as `parseArgs` options with their help: the table above and every pass switch. */
export const RUN_INPUT_OPTIONS = {
  ...MEASUREMENT_FLAGS,
  isolate: { type: 'string', value: '<mode>', help: ['file: one process per file (default); benchmark: one per benchmark'] },
  forks: { type: 'string', value: '<n>', help: ['repeat each benchmark in n fresh processes and pool them (default 1)'] },
  shard: {
    type: 'string',
    value: '<i/n>',
    help: [
      'measure only the i-th of n disjoint shares of the suite (files sorted',
      'by path and dealt out in turn; benchmarks with --isolate benchmark),',
      'for a CI matrix; combine the shares with ubench merge',
    ],
  },
  args: {
    type: 'string',
    multiple: true,
    value: '<key=values>',
    help: [
      'give every benchmark declaring the parameter key these values instead:',
      'a list n=10,100,1000 or a range n=1000..1e6:x4 (×4 each step; :+S adds',
      'S); repeatable. A benchmark swept over ≥ 4 sizes of one numeric',
      'parameter gets its complexity fitted (O(1) … O(n³)) and cliffs marked',
    ],
  },
  probe: {
    type: 'string',
    value: '<file>',
    help: ['name the cache level a cliff crossed from this ubench probe --json', "document (benchmarks declaring bytesPerItem; default: the OS's sizes)"],
  },
  'profile-top': { type: 'string', value: '<n>', help: [`hot functions and lines listed per benchmark (default ${DEFAULT_PROFILE_TOP})`] },
  'profile-dir': { type: 'string', value: '<dir>', help: [`where .cpuprofile and machine-code files go (default ${DEFAULT_PROFILE_DIR})`] },
  baseline: {
    type: 'string',
    value: '<name|file>',
    help: ['warn when bytes/op or retained memory grew beyond an earlier results', 'file (a name means .ubench/baselines/<name>.json)'],
  },
  json: {
    type: 'string',
    value: '<file>',
    help: ['write the results file (schema: docs/results-format.md),', 'updated after every benchmark; - writes it to stdout at the end', '(the tables then go to stderr)'],
  },
  'no-history': { type: 'boolean', help: ['do not keep this run under .ubench/runs/ (kept by default, the newest', '100, for ubench history)'] },
  // Typed as nothing: parseArgs still parses them, and inputOfFlags reads them by the registry's flags.
  ...(Object.fromEntries(PASS_SWITCHES.map((s) => [s.flag.slice(2), { type: 'boolean', help: s.help }])) as Record<never, never>),
} as const satisfies FlagSpecs;

/** The input the CLI's flag values give (`--json -` is the caller's: pass `json` undefined then). */
export function inputOfFlags(values: Readonly<Record<string, string | boolean | string[] | undefined>>, positionals: readonly string[]): RunInput {
  const input: Record<string, unknown> = { files: positionals, history: values['no-history'] !== true };
  for (const [key, flag] of Object.entries(RUN_INPUT_FLAGS)) {
    if (flag === null || key === 'history') continue;
    if (values[flag.slice(2)] !== undefined) input[key] = values[flag.slice(2)];
  }
  for (const s of PASS_SWITCHES) input[s.key] = values[s.flag.slice(2)] === true;
  return input as RunInput;
}

function shardOf(value: NonNullable<RunInput['shard']>): { index: number; count: number } {
  if (typeof value === 'string') return parseShard(value);
  const { index, count } = value;
  if (!(Number.isInteger(count) && Number.isInteger(index) && count >= 1 && index >= 1 && index <= count)) throw new UsageError(`--shard: expected 1 ≤ index ≤ count, got ${index}/${count}`);
  return { index, count };
}

/** `--shard 2/4`: the second of four shares (1-based, as CI matrices count). */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match === null ? Number.NaN : Number(match[1]);
  const count = match === null ? Number.NaN : Number(match[2]);
  if (!(count >= 1 && index >= 1 && index <= count)) throw new UsageError(`--shard: expected i/n with 1 ≤ i ≤ n (e.g. 2/4), got "${text}"`);
  return { index, count };
}

function argsOf(value: NonNullable<RunInput['args']>): Record<string, ParamValue[]> {
  if (Array.isArray(value)) return parseArgsFlags(value as readonly string[]);
  return Object.fromEntries(Object.entries(value as Readonly<Record<string, string | readonly ParamValue[]>>).map(([key, values]) => [key, argValues(key, values)]));
}

/** The checked run options of an input; `cwd` resolves its paths. */
export function runOptionsOf(input: RunInput, cwd: string, env: NodeJS.ProcessEnv): RunOptions {
  const isolate = input.isolate ?? 'file';
  if (isolate !== 'file' && isolate !== 'benchmark') throw new UsageError(`--isolate: expected file or benchmark, got "${String(isolate)}"`);
  const files = input.files === undefined ? [] : typeof input.files === 'string' ? [input.files] : [...input.files];
  return {
    targets: files,
    cwd,
    ...measurementOptions(input),
    jsonPath: input.json ?? null,
    isolate,
    forks: input.forks === undefined ? 1 : positiveInteger(String(input.forks), '--forks'),
    shard: input.shard === undefined ? null : shardOf(input.shard),
    passes: passSelection(input as Readonly<Partial<Record<PassKey, boolean>>>),
    profileTop: input.profileTop === undefined ? DEFAULT_PROFILE_TOP : positiveInteger(String(input.profileTop), '--profile-top'),
    profileDir: path.resolve(cwd, input.profileDir ?? DEFAULT_PROFILE_DIR),
    baselinePath: input.baseline === undefined ? null : baselineFile(input.baseline, cwd, '--baseline'),
    historyDir: input.history === true ? path.join(cwd, RUNS_DIR) : null,
    calibrationPath: calibrationPath(env),
    ...(input.args === undefined ? {} : { args: argsOf(input.args) }),
    ...(input.probe === undefined ? {} : { caches: probeCacheFacts(input.probe, cwd) }),
  };
}
