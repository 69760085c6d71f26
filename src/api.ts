/**
 * The programmatic API: what `npx ubench` does, from a script. `run()` takes the CLI's options,
 * typed, validates them exactly as the CLI does (a mistake throws a `UsageError` with the CLI's
 * one-line message), measures in child processes and resolves to the analysed results file.
 * Loaded lazily by `index.ts`, so bench files that import `ubench` for `bench()` stay light.
 */
import { compareRuns, DEFAULT_NOISE, type Comparison } from './analysis/compare-runs.js';
import { mergeResults, type MergeInput } from './analysis/merge-results.js';
import { slowerRows } from './analysis/regression-gate.js';
import { analysedNow } from './analysis/read-analysed.js';
import { parseRunCommand } from './cli/run-command.js';
import { createRuntimeExecutor } from './runner/runtime-executor.js';
import { runBenchmarks } from './runner/run.js';
import { UsageError } from './runner/usage-error.js';
import type { FinishedBenchmark } from './results/finished-benchmark.js';
import type { ResultsFile } from './results/types.js';

/** A duration as the CLI writes it (`'500ms'`, `'2s'`) or a number of milliseconds. */
export type Duration = string | number;

export interface RunApiOptions {
  /** Bench files or folders to search for `*.bench.{ts,mts,js,mjs}` (relative to `cwd`); default: `cwd`. */
  files?: string | readonly string[];
  /** Folder the files are relative to and results are named from; default: `process.cwd()`. */
  cwd?: string;
  /** Only benchmarks whose id matches this regular expression (`--filter`). */
  filter?: string;
  /** Sampling budget per benchmark (`--time`, default `'1s'`). */
  time?: Duration;
  /** Warm-up cap per benchmark (`--warmup`, default `'2s'`). */
  warmup?: Duration;
  /** Target CI half-width as a fraction: 0.01 = ±1% (`--precision`). */
  precision?: number;
  /** Per-process timeout (`--timeout`). */
  timeout?: Duration;
  /** Seed of every random choice (`--seed`, default 1). */
  seed?: number;
  /** One benchmark after another instead of interleaved rounds (`--sequential`). */
  sequential?: boolean;
  /** Runtimes to run every bench file under, the first being the reference: `['node', 'bun']` or `'node,bun'` (`--runtime`). */
  runtime?: string | readonly string[];
  /** Flags for every benchmark process: `['--max-old-space-size=4096']` or one string (`--node-flags`). */
  nodeFlags?: string | readonly string[];
  /** A process per file (default) or per benchmark (`--isolate`). */
  isolate?: 'file' | 'benchmark';
  /** Separate processes per benchmark (`--forks`, default 1). */
  forks?: number;
  /** Measure only this share of the suite: `'2/4'` or `{ index: 2, count: 4 }` (`--shard`). */
  shard?: string | { index: number; count: number };
  /** Values replacing the declared ones of every benchmark declaring the key (`--args`): `{ n: '1000..1e6:x4' }` or `{ n: [10, 100] }`. */
  args?: Readonly<Record<string, string | readonly (string | number)[]>>;
  /** A `ubench probe --json` document whose cache sizes cliffs are named after (`--probe`). */
  probe?: string;
  /** Passes after timing (`--gc-cost`, `--alloc-sites`, `--profile`, `--disasm`). */
  gcCost?: boolean;
  allocSites?: boolean;
  profile?: boolean;
  disasm?: boolean;
  /** Hot functions and lines kept per benchmark with `profile` (`--profile-top`). */
  profileTop?: number;
  /** Where profiles go (`--profile-dir`). */
  profileDir?: string;
  /** A results file or saved baseline to hold bytes/op and retained memory to (`--baseline`). */
  baseline?: string;
  /** Also write the results file here, after every benchmark (`--json`). */
  json?: string;
  /** Keep the run in `.ubench/runs` for `ubench history` (default false here; the CLI keeps it unless `--no-history`). */
  history?: boolean;
  /** Progress messages, as the CLI's status line shows them. */
  onProgress?: (text: string) => void;
  /** Each benchmark as it finishes its timing run (measured or failed), with where the run stands: what the CLI prints a line for in a CI log. */
  onBenchmark?: (benchmark: FinishedBenchmark) => void;
  /** What the benchmarks print (console.log in a bench file); default: written to this process's stderr. */
  onOutput?: (text: string) => void;
  /** A problem that does not stop the run (the history could not be written). */
  onWarning?: (text: string) => void;
  /** Aborting stops the run; the promise then resolves to what was measured (`complete: false`). */
  signal?: AbortSignal;
}

const durationFlag = (value: Duration): string => (typeof value === 'number' ? `${value}ms` : value);

/** The options as the CLI's flags, so they are validated by the very same code. */
function flagsOf(options: RunApiOptions): string[] {
  const flags: string[] = [];
  const add = (flag: string, value: string | number | boolean | undefined): void => {
    if (value === undefined || value === false) return;
    flags.push(flag);
    if (value !== true) flags.push(String(value));
  };
  add('--filter', options.filter);
  add('--time', options.time === undefined ? undefined : durationFlag(options.time));
  add('--warmup', options.warmup === undefined ? undefined : durationFlag(options.warmup));
  add('--precision', options.precision === undefined ? undefined : `${options.precision * 100}%`);
  add('--timeout', options.timeout === undefined ? undefined : durationFlag(options.timeout));
  add('--seed', options.seed);
  add('--sequential', options.sequential);
  add('--runtime', typeof options.runtime === 'string' || options.runtime === undefined ? options.runtime : options.runtime.join(','));
  add('--node-flags', typeof options.nodeFlags === 'string' || options.nodeFlags === undefined ? options.nodeFlags : options.nodeFlags.join(' '));
  add('--isolate', options.isolate);
  add('--forks', options.forks);
  add('--shard', typeof options.shard === 'object' ? `${options.shard.index}/${options.shard.count}` : options.shard);
  for (const [key, values] of Object.entries(options.args ?? {})) flags.push('--args', `${key}=${typeof values === 'string' ? values : values.join(',')}`);
  add('--probe', options.probe);
  add('--gc-cost', options.gcCost);
  add('--alloc-sites', options.allocSites);
  add('--profile', options.profile);
  add('--disasm', options.disasm);
  add('--profile-top', options.profileTop);
  add('--profile-dir', options.profileDir);
  add('--baseline', options.baseline);
  add('--json', options.json);
  if (options.history !== true) flags.push('--no-history');
  const files = options.files === undefined ? [] : typeof options.files === 'string' ? [options.files] : [...options.files];
  // After `--`, a file name that looks like a flag is still a file.
  return [...flags, '--', ...files];
}

/** Runs bench files as `npx ubench` does and resolves to the analysed results (also written to `json`). */
export async function run(options: RunApiOptions = {}): Promise<ResultsFile> {
  const cwd = options.cwd ?? process.cwd();
  const parsed = parseRunCommand(flagsOf(options), cwd, process.env);
  if (parsed.command !== 'run') throw new UsageError('run(): unexpected option');
  const output = options.onOutput ?? ((text: string) => void process.stderr.write(text));
  const outcome = await runBenchmarks(parsed.options, {
    executor: createRuntimeExecutor({ relay: output, cwd }),
    progress: options.onProgress ?? (() => undefined),
    finished: options.onBenchmark,
    warn: options.onWarning ?? ((text) => void process.stderr.write(`ubench: warning: ${text}\n`)),
    signal: options.signal,
  });
  return outcome.results;
}

/** A results file analysed by this version's rules: estimates, host tracks, diagnostics, relative speeds (what every command does to a file it reads). */
export function analyse(results: ResultsFile): ResultsFile {
  return analysedNow(results);
}

export interface CompareApiOptions {
  /** Changes within ±noise are reported as no change (default 0.01 = ±1%). */
  noise?: number;
  /** Seed of the bootstrap (default 1). */
  seed?: number;
}

/** `next` against `base`, benchmark by benchmark, with the same verdict rules as `ubench compare`. */
export function compare(base: ResultsFile, next: ResultsFile, options: CompareApiOptions = {}): Comparison {
  return compareRuns(analyse(base), analyse(next), { noise: options.noise ?? DEFAULT_NOISE, seed: options.seed ?? 1 });
}

/** The rows of a comparison that are significantly slower by more than `threshold` (0.05 = 5%), as `--fail-on-regression` finds them. */
export function slowerThan(comparison: Comparison, threshold: number): { name: string; change: number }[] {
  return slowerRows(comparison, threshold).map((r) => ({ name: r.label, change: r.change }));
}

/** Results files (shards, runs of one suite) as one; see `ubench merge`. Throws a one-line error when they cannot be merged. */
export function merge(inputs: readonly MergeInput[]): ResultsFile {
  return analysedNow(mergeResults(inputs));
}
