/**
 * The top-level run: find bench files, measure each in fresh processes, collect the results,
 * write them after every benchmark, and hand the final results back for reporting.
 */
import { randomInt } from 'node:crypto';
import type { ChildEvent, ChildRequest } from '../engine/process/events.js';
import { readResults } from '../results/read-results.js';
import { collectEnvironment } from '../results/environment.js';
import { createResultsFile } from '../results/new-results.js';
import type { ResultsFile, RunSettings } from '../results/types.js';
import type { FinishedBenchmark } from '../results/finished-benchmark.js';
import { UsageError } from './usage-error.js';
import { harnessFlags, refuseNodeFlagsOn } from './node-flags.js';
import { ResultCollector } from './collector.js';
import { discoverBenchFiles, type BenchFile } from './discover.js';
import { displayPath } from './display-path.js';
import type { Executor } from './executor.js';
import { runFile, type FileCallbacks } from './run-file.js';
import { HistoryWriter } from './history-writer.js';
import { ResultsSaver } from './results-saver.js';
import { oneLineMessage } from '../results/one-line-message.js';
import { ProfileFiles } from './passes/profile-files.js';
import { passesWhyNot } from '../results/runtime-capabilities.js';
import { requireValgrind } from './passes/instructions/instructions-pass.js';
import { anyPass, passesNotOn, POST_TIMING_PASSES, runPasses } from './run-passes.js';
import type { RunOptions } from './run-options.js';
import { machineKey, runHost, runReferences } from '../analysis/host-speed.js';
import { fingerprintOf } from '../analysis/machine-fingerprint.js';
import { shareOf } from './shard.js';
import { cacheFactsFromOs } from '../analysis/cache-facts.js';
import { DEFAULT_SYSFS_CACHE_ROOT, readOsCacheFacts } from '../probe/os-cache-facts.js';
import { earlierRuns, readCalibration, recordRun } from './host-calibration.js';
import type { RuntimeTarget } from '../engine/process/events.js';
import { engineOf, runtimeIdentity, type RuntimeIdentity } from '../results/runtime-identity.js';
import { qualifiedId, unqualifiedId } from '../results/runtime-keys.js';
import type { BenchmarkRuntime, RunRuntime } from '../results/types.js';
import { findRuntime, realSearch } from './runtimes/find-runtime.js';
import type { RuntimeSpec } from './runtimes/runtime-spec.js';
import { keyedCollector, keyedEvent } from './runtimes/runtime-events.js';

export interface RunDeps {
  executor: Executor;
  /** Progress messages (a status line on a terminal). */
  progress(text: string): void;
  /** A benchmark finished its timing run, measured or failed (a line in a CI log). */
  finished?(benchmark: FinishedBenchmark): void;
  /** A pass after timing (`--profile`, `--instructions`, …) started on a benchmark (a line in a CI log). */
  passStarted?(text: string): void;
  /** A problem that does not stop the run (the history could not be written). */
  warn?(text: string): void;
  signal?: AbortSignal;
  /** Finds a runtime's executable (default: the project's node_modules, then PATH); tests replace it. */
  findRuntime?: (spec: RuntimeSpec) => RuntimeTarget;
}

export interface RunOutcome {
  results: ResultsFile;
  interrupted: boolean;
}

function settingsOf(options: RunOptions): RunSettings {
  const { timeBudgetNs, warmupMaxNs, isolate, forks, timeoutNs, filter, seed, precisionTarget, interleave, gcCost, allocSites, profile, disasm, instructions, shard } = options;
  const nodeFlags = options.nodeFlags ?? [];
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
    gcCost,
    allocSites,
    profile,
    disasm,
    ...(instructions ? { instructions } : {}),
    shard,
    ...(nodeFlags.length > 0 ? { nodeFlags } : {}),
  };
}

/** Process keys are drawn below 2³²: round keys (key × 10⁶ + round) then stay exact doubles. */
const PROCESS_KEY_LIMIT = 2 ** 32;

interface ProcessPlan {
  runtime: RuntimeTarget;
  fork: number;
  throttleBaselineNs: number | null;
  only: string[] | null;
  listOnly?: boolean;
}

function requestFor(file: BenchFile, options: RunOptions, { runtime, fork, throttleBaselineNs, only, listOnly = false }: ProcessPlan): ChildRequest {
  return {
    runtime,
    file: file.absolute,
    displayFile: file.display,
    filter: options.filter,
    only,
    listOnly,
    timeBudgetNs: options.timeBudgetNs,
    warmupMaxNs: options.warmupMaxNs,
    precisionTarget: options.precisionTarget,
    throttleBaselineNs,
    deoptLogPath: null,
    pass: null,
    interleave: options.interleave,
    // Each fork gets its own jitter sequence; the run as a whole stays reproducible.
    seed: options.seed + fork - 1,
    // Unique across runs (not only within this one, as the pid is), so merged files keep rounds apart.
    processKey: randomInt(1, PROCESS_KEY_LIMIT),
    ...(options.childEnv === undefined ? {} : { env: options.childEnv }),
    ...(options.nodeFlags === undefined || options.nodeFlags.length === 0 ? {} : { nodeFlags: options.nodeFlags }),
    ...(options.args === undefined ? {} : { args: options.args }),
  };
}

/** The run's host figures against this machine's calibration (results.host), then the run added to it. */
function calibrate(collector: ResultCollector, file: string, warn: RunDeps['warn'], reference: string): void {
  // The references run at each runtime's own speed: the machine's calibration is kept in the first one's terms.
  const snapshot = collector.snapshot(null);
  const figures = runReferences({ ...snapshot, benchmarks: snapshot.benchmarks.filter((b) => b.runtime === undefined || b.runtime.label === reference) });
  if (figures === null) return;
  const key = machineKey(collector.results.environment);
  collector.results.host = runHost(figures, earlierRuns(readCalibration(file), key));
  collector.results.environment.fingerprint = fingerprintOf(collector.results.environment, collector.results.host);
  try {
    const backup = recordRun(file, key, figures);
    if (backup !== null) warn?.(`the host calibration ${file} was damaged: kept as ${backup}, and a new one started`);
  } catch (error) {
    warn?.(`the host calibration could not be updated: ${oneLineMessage(error)}`);
  }
}

/** What a runtime's first process said about itself, as the results file keeps it. */
function runRuntime(target: RuntimeTarget, identity: RuntimeIdentity, event: { clock: RunRuntime['clock']; execArgv: string[]; throttleBaselineNs: number }): RunRuntime {
  return {
    ...benchmarkRuntime(target, identity),
    executable: target.executable,
    clock: event.clock,
    flags: event.execArgv.filter((a, i, all) => a !== '--import' && all[i - 1] !== '--import'),
    throttleBaselineNs: event.throttleBaselineNs,
  };
}

function benchmarkRuntime(target: RuntimeTarget, identity: RuntimeIdentity): BenchmarkRuntime {
  return { label: target.label, name: identity.runtime, version: identity.runtimeVersion, ...engineOf(identity) };
}

export async function runBenchmarks(options: RunOptions, deps: RunDeps): Promise<RunOutcome> {
  const targets = options.runtimes.map(deps.findRuntime ?? ((spec) => findRuntime(spec, realSearch(options.cwd))));
  // Before measuring: a missing valgrind is a one-line error, not a failure after minutes of timing.
  if (options.instructions) requireValgrind();
  refuseNodeFlagsOn(targets, options.nodeFlags ?? []);
  const found = await discoverBenchFiles(options.targets, options.cwd);
  if (found.length === 0) {
    throw new UsageError(`no bench files found (looked for *.bench.{ts,mts,js,mjs} in ${options.targets.join(', ') || '.'})`);
  }
  const files = options.shard === null || options.isolate === 'benchmark' ? found : shareOf(found, (f) => f.display, options.shard);
  const environment = collectEnvironment({ v8Flags: options.nodeFlags ?? [], clock: null, startedAt: new Date(), cwd: options.cwd });
  environment.fingerprint = fingerprintOf(environment, null);
  const baseline = options.baselinePath === null ? null : { label: displayPath(options.baselinePath, options.cwd), results: readResults(options.baselinePath) };
  const collector = new ResultCollector(createResultsFile(environment, settingsOf(options)), options.seed, baseline);
  const caches =
    options.caches !== undefined
      ? options.caches
      : cacheFactsFromOs(
          readOsCacheFacts(DEFAULT_SYSFS_CACHE_ROOT, () => null),
          DEFAULT_SYSFS_CACHE_ROOT,
        );
  if (caches !== null) collector.results.complexity = { caches, groups: [] };
  const runtimes = new Map<string, RunRuntime>();
  const multi = targets.length > 1;
  const keyFor = (target: RuntimeTarget) => (id: string) => (multi ? qualifiedId(id, target.label) : id);
  const history = options.historyDir === null ? null : new HistoryWriter(options.historyDir, environment.startedAt, deps.warn);
  // A failed --json write stops the run (saver.signal) and ends it with saver.failure.
  const saver = new ResultsSaver(options.jsonPath, history, deps.signal);
  const signal = saver.signal;
  const save = (final: { complete: boolean } | null): ResultsFile => {
    collector.results.runtimes = targets.flatMap((t) => (runtimes.has(t.label) ? [runtimes.get(t.label)!] : []));
    const results = collector.snapshot(final);
    saver.save(results);
    return results;
  };
  // Write once before measuring: an unwritable --json path fails now, not after minutes of work.
  save(null);
  if (saver.failure !== null) throw saver.failure;
  let done = 0;
  const forkText = (fork: number): string => (options.forks > 1 ? ` fork ${fork}/${options.forks}` : '');
  const runtimeText = (target: RuntimeTarget): string => (multi ? ` ${target.label}` : '');
  /** Benchmarks to run so far: each bench file declares its own when its process starts. */
  const total = (): number => collector.declaredCount * options.forks;
  const position = (): string => `[${done + 1}/${Math.max(total(), done + 1)}]`;
  /** Counts a finished benchmark (its result already given to the collector) and saves the results so far. */
  const finish = (id: string, fork: number, target: RuntimeTarget): void => {
    done++;
    save(null);
    const [result] = collector.current([id]);
    if (result === undefined || deps.finished === undefined) return;
    const forks = options.forks > 1 ? { index: fork, count: options.forks } : null;
    deps.finished({ result, done, total: total(), fork: forks, runtime: multi ? target.label : null, label: null });
  };
  const onEvent =
    (file: BenchFile, fork: number, target: RuntimeTarget) =>
    (event: ChildEvent): void => {
      switch (event.type) {
        case 'hello': {
          if (runtimes.has(target.label)) break;
          const identity = event.runtime ?? runtimeIdentity();
          runtimes.set(target.label, runRuntime(target, identity, event));
          if (target !== targets[0]) break;
          // The environment describes the first (reference) runtime, as it did before --runtime.
          Object.assign(environment, { runtime: identity.runtime, runtimeVersion: identity.runtimeVersion, v8Version: identity.v8Version });
          environment.clock ??= event.clock;
          environment.throttleBaselineNs ??= event.throttleBaselineNs;
          environment.harnessV8Flags ??= harnessFlags(runtimes.get(target.label)!.flags, options.nodeFlags ?? []);
          environment.fingerprint = fingerprintOf(environment, null);
          break;
        }
        case 'declared': {
          const info = runtimes.get(target.label);
          collector.declare(
            file.display,
            event.benchmarks,
            info === undefined ? undefined : { label: info.label, name: info.name, version: info.version, engine: info.engine, engineVersion: info.engineVersion },
          );
          break;
        }
        case 'start':
        case 'phase': {
          const phase = event.type === 'phase' ? ` ${event.phase}` : '';
          deps.progress(`${position()}${forkText(fork)} ${event.id}${phase}`);
          break;
        }
        case 'round':
          deps.progress(
            `${position()}${forkText(fork)} ${file.display}${runtimeText(target)}: round ${event.round + 1}, ${event.active.length} benchmark${event.active.length === 1 ? '' : 's'} sampling`,
          );
          break;
        case 'measured':
          collector.measured(event.id, event.result);
          finish(event.id, fork, target);
          break;
        case 'bench-error':
          collector.failed(event.id, 'error', event.error);
          finish(event.id, fork, target);
          break;
        default:
          break;
      }
    };
  const childOptions = {
    executor: deps.executor,
    timeoutMs: options.timeoutNs / 1e6,
    signal,
    // Said, not silent: a benchmark that starts processes and leaves them running measured more than its body.
    onLeftovers: (file: string, count: number) =>
      deps.warn?.(`${file}: its benchmark process left ${count} process${count === 1 ? '' : 'es'} running when it ended; ubench killed ${count === 1 ? 'it' : 'them'}`),
  };
  const callbacksFor = (file: BenchFile, fork: number, target: RuntimeTarget) => {
    const key = keyFor(target);
    const handle = onEvent(file, fork, target);
    return {
      onEvent: (event: ChildEvent) => handle(keyedEvent(event, key)),
      onLost: (id: string, status: 'error' | 'timeout', error: Parameters<ResultCollector['failed']>[2]) => {
        collector.failed(key(id), status, error);
        finish(key(id), fork, target);
      },
      onFileError: (error: Parameters<ResultCollector['fileError']>[1]) => {
        collector.fileError(multi ? qualifiedId(file.display, target.label) : file.display, error);
        save(null);
      },
    };
  };
  const baselineOf = (target: RuntimeTarget): number | null => runtimes.get(target.label)?.throttleBaselineNs ?? null;
  const isolatedIds = options.isolate === 'benchmark' ? await listBenchmarks(files, targets, options, baselineOf, childOptions, callbacksFor) : new Map<string, string[]>();
  // Runtimes take turns file by file, so a drift of the host's speed touches each of them alike.
  for (let fork = 1; fork <= options.forks && !signal.aborted; fork++) {
    for (const file of files) {
      for (const runtime of targets) {
        if (signal.aborted) break;
        const callbacks = callbacksFor(file, fork, runtime);
        if (options.isolate === 'file') {
          await runFile(requestFor(file, options, { runtime, fork, throttleBaselineNs: baselineOf(runtime), only: null }), childOptions, callbacks);
          continue;
        }
        for (const id of isolatedIds.get(listKey(file, runtime)) ?? []) {
          if (signal.aborted) break;
          await runFile(requestFor(file, options, { runtime, fork, throttleBaselineNs: baselineOf(runtime), only: [id] }), childOptions, callbacks);
        }
      }
    }
  }
  warnUnusedArgs(options, collector.declaredParams(), deps);
  if (anyPass(options)) {
    const profileFiles = new ProfileFiles(options.profileDir, new Date(environment.startedAt), options.cwd);
    for (const target of targets) {
      const missing = passesNotOn(options, target.kind);
      if (missing.length > 0) deps.warn?.(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not available on ${target.label}: ${passesWhyNot(target.kind)}`);
    }
    for (const file of files) {
      for (const runtime of targets.filter((t) => POST_TIMING_PASSES.some((pass) => pass.enabled(options) && pass.runsOn.includes(t.kind)))) {
        if (signal.aborted) break;
        const key = keyFor(runtime);
        await runPasses(options, {
          request: requestFor(file, options, { runtime, fork: 1, throttleBaselineNs: baselineOf(runtime), only: null }),
          ids: collector.idsOf(file.display, runtime.label).map((id) => (multi ? unqualifiedId(id, runtime.label) : id)),
          collector: multi ? keyedCollector(collector, key) : collector,
          childOptions,
          progress: deps.progress,
          ...(deps.passStarted === undefined ? {} : { passLine: deps.passStarted }),
          save: () => save(null),
          files: profileFiles,
        });
      }
    }
  }
  if (saver.failure !== null) throw saver.failure;
  const interrupted = deps.signal?.aborted === true;
  if (options.shard !== null && collector.declaredCount === 0 && collector.results.fileErrors.length === 0) {
    deps.warn?.(`shard ${options.shard.index}/${options.shard.count} holds no benchmarks (the suite has fewer ${options.isolate === 'file' ? 'bench files' : 'benchmarks'} than shards)`);
  } else if (!interrupted && collector.declaredCount === 0 && collector.results.fileErrors.length === 0) {
    throw new UsageError(options.filter === null ? `no benchmarks declared in ${files.length} bench file(s)` : `no benchmark matched --filter ${options.filter} in ${files.length} bench file(s)`);
  }
  if (!interrupted && options.calibrationPath !== null) calibrate(collector, options.calibrationPath, deps.warn, targets[0]!.label);
  const results = save({ complete: !interrupted });
  history?.prune();
  return { results, interrupted };
}

type Callbacks = FileCallbacks;

const listKey = (file: BenchFile, runtime: RuntimeTarget): string => `${file.display}\u0000${runtime.label}`;

/**
 * `--isolate benchmark`: every file's benchmark ids on every runtime, listed by a process each (not
 * yet declared to the collector: each benchmark's own process declares it), cut to the shard's share
 * with `--shard`.
 */
async function listBenchmarks(
  files: readonly BenchFile[],
  targets: readonly RuntimeTarget[],
  options: RunOptions,
  baselineOf: (target: RuntimeTarget) => number | null,
  childOptions: Parameters<typeof runFile>[1],
  callbacksFor: (file: BenchFile, fork: number, target: RuntimeTarget) => Callbacks,
): Promise<Map<string, string[]>> {
  const listed = new Map<string, string[]>();
  for (const file of files) {
    for (const runtime of targets) {
      const callbacks = callbacksFor(file, 1, runtime);
      const quiet: Callbacks = { ...callbacks, onEvent: (event) => (event.type === 'declared' ? undefined : callbacks.onEvent(event)) };
      const benchmarks = await runFile(requestFor(file, options, { runtime, fork: 1, throttleBaselineNs: baselineOf(runtime), only: null, listOnly: true }), childOptions, quiet);
      listed.set(listKey(file, runtime), benchmarks?.map((b) => b.id) ?? []);
    }
  }
  if (options.shard === null) return listed;
  const share = new Set(shareOf([...new Set([...listed.values()].flat())], (id) => id, options.shard));
  return new Map([...listed].map(([key, ids]) => [key, ids.filter((id) => share.has(id))]));
}

/** `--args` keys that no measured benchmark declares changed nothing: said, since a typo would otherwise pass unseen. */
function warnUnusedArgs(options: RunOptions, declared: readonly Readonly<Record<string, unknown>>[], deps: RunDeps): void {
  if (options.args === undefined || declared.length === 0) return;
  const unused = Object.keys(options.args).filter((key) => !declared.some((params) => Object.hasOwn(params, key)));
  if (unused.length > 0)
    deps.warn?.(`--args ${unused.join(', ')}: no benchmark declares ${unused.length === 1 ? 'this parameter' : 'these parameters'}, so ${unused.length === 1 ? 'it' : 'they'} changed nothing`);
}
