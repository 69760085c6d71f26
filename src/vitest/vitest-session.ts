/**
 * What one vitest worker keeps across the tests it runs: one results collector (every group's
 * benchmarks, analysed together per test file), the environment, and the worker's engine
 * controls. vitest runs a benchmark project's files one worker at a time (`maxWorkers: 1` in its
 * benchmark projects), but each file may get a fresh worker; the results store (results-store.ts)
 * merges the workers of one vitest run into one file by the session key made here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { fingerprintOf } from '../analysis/machine-fingerprint.js';
import { createJitControl, type JitControl } from '../engine/loop/jit-tier.js';
import { collectEnvironment } from '../results/environment.js';
import { createResultsFile } from '../results/new-results.js';
import type { EmbeddedHost, ResultsFile, RunSettings } from '../results/types.js';
import { ResultCollector } from '../runner/record/collector.js';
import type { ResolvedProviderOptions } from './provider-options.js';

/** vitest's benchmark projects raise the test timeout to at least 60 s (its config resolution); recorded as the run's timeout. */
const VITEST_BENCH_TIMEOUT_NS = 60e9;

/** The flags the provider sets in vitest's worker at run time (jit-tier.ts), recorded as ubench's own. */
const HARNESS_FLAGS = ['--allow-natives-syntax', '--fuzzing'];

/** What differs from a ubench benchmark process, stated in every results file the provider writes. */
export const EMBEDDED_NOTES = [
  "measured in vitest's worker process, not in a fresh ubench process: every test of the file shares its JIT state (type feedback of shared callees, optimized code, the heap)",
  "no process isolation between benchmarks: a test's benchmarks share one instance of the modules, and a benchmark that changes global state changes it for the rest",
  "vitest's module runner loads the file: imports become reads of a module object (__vite_ssr_import_N__.name), flagged per benchmark as loader-transform where a body reads them; experimental.viteModuleRunner: false loads them natively",
  'no deoptimization log: it needs V8 flags set before the worker starts (--log-deopt), so deopts are not reported',
];

export interface VitestSession {
  collector: ResultCollector;
  options: ResolvedProviderOptions;
  jitControl: JitControl | null;
  /** The vitest root the test file paths are shown relative to (the worker's working directory). */
  cwd: string;
  /** Identifies the vitest run across its workers (results-store.ts). */
  key: string;
}

/** Start time of a process in clock ticks since boot (Linux), so a reused pid does not look like the same run. */
function processStart(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** A forked worker's parent is vitest's main process; a thread worker runs inside it. */
export function sessionKey(): string {
  const main = isMainThread ? process.ppid : process.pid;
  return `vitest-${main}-${processStart(main)}`;
}

function vitestVersion(cwd: string): string | null {
  try {
    const require = createRequire(path.join(cwd, 'package.json'));
    return (require('vitest/package.json') as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

function settingsOf(options: ResolvedProviderOptions): RunSettings {
  return {
    timeBudgetNs: options.timeBudgetNs,
    warmupMaxNs: options.warmupMaxNs,
    isolate: 'file',
    forks: 1,
    timeoutNs: VITEST_BENCH_TIMEOUT_NS,
    filter: null,
    seed: options.seed,
    precisionTarget: options.precisionTarget,
    interleave: true,
    gcCost: false,
    allocSites: false,
    profile: false,
    disasm: false,
    shard: null,
  };
}

export function createSession(options: ResolvedProviderOptions, cwd: string = process.cwd()): VitestSession {
  const environment = collectEnvironment({ v8Flags: [...process.execArgv], clock: null, startedAt: new Date(), cwd });
  const key = sessionKey();
  const embedded: EmbeddedHost = { host: 'vitest', hostVersion: vitestVersion(cwd), session: key, notes: [...EMBEDDED_NOTES] };
  environment.embedded = embedded;
  environment.harnessV8Flags = [...HARNESS_FLAGS];
  environment.fingerprint = fingerprintOf(environment, null);
  const results: ResultsFile = createResultsFile(environment, settingsOf(options));
  return { collector: new ResultCollector(results, options.seed), options, jitControl: createJitControl(), cwd, key };
}
