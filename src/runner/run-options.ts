import type { RuntimeSpec } from './runtimes/runtime-spec.js';
import { passSettings, type PassKey } from './passes/pass-registry.js';
import type { Shard } from './select/shard.js';
import type { CacheFacts } from '../results/complexity-types.js';
import type { ParamValue, RunSettings } from '../results/types.js';

/**
 * What to measure and where the measurements go, already validated (the CLI and the API build it
 * from flags). What to do with the results afterwards (print, gate, compare) is the caller's.
 */
export interface RunOptions {
  targets: string[];
  cwd: string;
  filter: string | null;
  jsonPath: string | null;
  timeBudgetNs: number;
  warmupMaxNs: number;
  isolate: 'file' | 'benchmark';
  forks: number;
  /** Measure only this share of the suite (`--shard i/n`, runner/select/shard.ts); null: all of it. */
  shard: Shard | null;
  timeoutNs: number;
  seed: number;
  precisionTarget: number;
  /** The runtimes to run every bench file under (`--runtime`), in order; the first is the reference. */
  runtimes: RuntimeSpec[];
  /** Sample a file's benchmarks in randomized interleaved rounds (default) rather than one after another (`--sequential`). */
  interleave: boolean;
  /** The passes after timing asked for, by switch (passes/pass-registry.ts: `gcCost`, `allocSites`, `profile`, `disasm`, `instructions`, `cacheSim`, …). */
  passes: Readonly<Record<PassKey, boolean>>;
  /** Hot functions and lines listed per benchmark. */
  profileTop: number;
  /** Where `.cpuprofile` and machine-code files go (a folder per run is made inside). */
  profileDir: string;
  /** A previous results file whose bytes/op and retained memory this run must not exceed. */
  baselinePath: string | null;
  /** The run-history folder (`.ubench/runs`) this run's results are kept in, or null (`--no-history`). */
  historyDir: string | null;
  /** This machine's host calibration file (runner/host-speed/host-calibration.ts), or null to neither read nor update it. */
  calibrationPath: string | null;
  /** Flags for every benchmark process (`--node-flags`): Node's command line; deno's `--v8-flags`; chromium's `--js-flags`; refused for bun. None when absent. */
  nodeFlags?: string[];
  /** Environment variables for every child process on top of the parent's (the probe's quick mode); none when absent. */
  childEnv?: Record<string, string>;
  /** `--args key=values`: the values every benchmark declaring the key takes instead of its own; none when absent. */
  args?: Record<string, ParamValue[]>;
  /** The cache sizes cliffs are named against (`--probe`); absent: the operating system's, where it lists them. */
  caches?: CacheFacts | null;
  /**
   * Measure time only (`ab`'s pairs, which read ns/op alone): no probes, memory phase or automatic
   * passes after sampling, which took 2–4 s of a 10-benchmark process's 7–8 s here; absent: all of it.
   */
  timingOnly?: boolean;
  /**
   * `--quick`, for an iteration loop: time and bytes/op only — no probes, GC share apart, retention
   * stretch or automatic passes after sampling, and a shorter default budget (cli/run-defaults.ts).
   */
  quick?: boolean;
}

/** What the results file keeps of the options (`results.settings`): those that shape its figures. */
export function settingsOf(options: RunOptions): RunSettings {
  const { timeBudgetNs, warmupMaxNs, isolate, forks, timeoutNs, filter, seed, precisionTarget, interleave, shard } = options;
  const nodeFlags = options.nodeFlags ?? [];
  const passes = passSettings(options.passes) as Pick<RunSettings, 'gcCost' | 'allocSites' | 'profile' | 'disasm' | 'instructions'>;
  return {
    timeBudgetNs,
    warmupMaxNs,
    isolate,
    forks,
    timeoutNs,
    filter,
    seed,
    precisionTarget,
    interleave,
    ...passes,
    shard,
    ...(nodeFlags.length > 0 ? { nodeFlags } : {}),
    ...(options.quick === true ? { quick: true } : {}),
  };
}
