/**
 * The top-level run, as a pipeline: find the bench files, time each in fresh processes
 * (timing-events.ts records what they say), run the passes after timing (pass-phase.ts), calibrate
 * the host, and hand back the results — written after every benchmark and at the end.
 */
import type { RuntimeTarget } from '../engine/process/events.js';
import { readResults } from '../results/files/read-results.js';
import { collectEnvironment } from '../results/environment.js';
import { createResultsFile } from '../results/new-results.js';
import type { ResultsFile, RunRuntime } from '../results/types.js';
import { fingerprintOf } from '../analysis/machine-fingerprint.js';
import { cacheFactsFromOs } from '../analysis/cache-facts.js';
import { DEFAULT_SYSFS_CACHE_ROOT, readOsCacheFacts } from '../probe/os-cache-facts.js';
import { qualifiedId } from '../results/runtime-keys.js';
import { requestFor } from './child/child-request.js';
import { ResultCollector } from './record/collector.js';
import { discoverBenchFiles, type BenchFile } from './select/discover.js';
import { displayPath } from './display-path.js';
import { HistoryWriter } from './record/history-writer.js';
import { isolatedIds, listKey } from './select/isolated-ids.js';
import { refuseNodeFlagsOn } from './child/node-flags.js';
import { runPassPhase } from './passes/pass-phase.js';
import { ResultsSaver } from './record/results-saver.js';
import { calibrateRun } from './host-speed/run-calibration.js';
import { runFile } from './child/run-file.js';
import { settingsOf, type RunOptions } from './run-options.js';
import { preflightPasses } from './passes/run-passes.js';
import type { RunDeps, RunState } from './run-state.js';
import { findRuntime, realSearch } from './runtimes/find-runtime.js';
import { shareOf } from './select/shard.js';
import { timingCallbacks, TimingProgress } from './timing-events.js';
import { unusedArgsWarning } from './unused-args.js';
import { UsageError } from './usage-error.js';

export type { RunDeps } from './run-state.js';

export interface RunOutcome {
  results: ResultsFile;
  interrupted: boolean;
}

export async function runBenchmarks(options: RunOptions, deps: RunDeps): Promise<RunOutcome> {
  const targets = options.runtimes.map(deps.findRuntime ?? ((spec) => findRuntime(spec, realSearch(options.cwd))));
  // Before measuring: a pass that cannot run here (valgrind missing) is a one-line error, not a failure after minutes of timing.
  preflightPasses(options);
  refuseNodeFlagsOn(targets, options.nodeFlags ?? []);
  const files = await benchFiles(options);
  await deps.beforeMeasuring?.();
  const { state, saver, history } = startRun(options, deps, targets);
  try {
    // Write once before measuring: an unwritable --json path fails now, not after minutes of work.
    state.save(null);
    if (saver.failure !== null) throw saver.failure;
    await timeFiles(state, files);
    for (const file of emptyFiles(state, files)) deps.warn?.(`${file.display}: declares no benchmark, so nothing of it was measured`);
    const unused = unusedArgsWarning(options.args, state.collector.declaredParams());
    if (unused !== null) deps.warn?.(unused);
    await runPassPhase(state, files);
    if (saver.failure !== null) throw saver.failure;
    const interrupted = deps.signal?.aborted === true;
    checkSomethingRan(state, files.length, interrupted);
    if (!interrupted && options.calibrationPath !== null) calibrateRun(state.collector, options.calibrationPath, deps.warn, targets[0]!.label);
    const results = state.save({ complete: !interrupted });
    history?.prune();
    return { results, interrupted };
  } finally {
    // Many runs share one caller's signal (ab's pairs): each leaves no listener on it.
    saver.close();
  }
}

/** The bench files to run (this shard's share of them with `--shard` and a process per file). */
async function benchFiles(options: RunOptions): Promise<BenchFile[]> {
  const found = await discoverBenchFiles(options.targets, options.cwd);
  if (found.length === 0) throw new UsageError(`no bench files found (looked for *.bench.{ts,mts,js,mjs} in ${options.targets.join(', ') || '.'})`);
  return options.shard === null || options.isolate === 'benchmark' ? found : shareOf(found, (f) => f.display, options.shard);
}

/** The run's environment, collector, saver and history, and the state the steps share. */
function startRun(options: RunOptions, deps: RunDeps, targets: readonly RuntimeTarget[]): { state: RunState; saver: ResultsSaver; history: HistoryWriter | null } {
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
  const history = options.historyDir === null ? null : new HistoryWriter(options.historyDir, environment.startedAt, deps.warn);
  // A failed --json write stops the run (saver.signal) and ends it with saver.failure.
  const saver = new ResultsSaver(options.jsonPath, history, deps.signal);
  const runtimes = new Map<string, RunRuntime>();
  const noted = new Set<string>();
  const state: RunState = {
    options,
    deps,
    targets,
    environment,
    collector,
    runtimes,
    childOptions: {
      // Every process that loads a file sends its notes (timing, passes, forks, isolated benchmarks): said once.
      onNote(file, text) {
        const key = JSON.stringify([file, text]);
        if (noted.has(key)) return;
        noted.add(key);
        deps.note?.(file, text);
      },
      executor: deps.executor,
      timeoutMs: options.timeoutNs / 1e6,
      signal: saver.signal,
      // Said, not silent: a benchmark that starts processes and leaves them running measured more than its body.
      onLeftovers: (file: string, count: number) =>
        deps.warn?.(`${file}: its benchmark process left ${count} process${count === 1 ? '' : 'es'} running when it ended; ubench killed ${count === 1 ? 'it' : 'them'}`),
    },
    save(final) {
      collector.results.runtimes = targets.flatMap((t) => (runtimes.has(t.label) ? [runtimes.get(t.label)!] : []));
      const results = collector.snapshot(final);
      saver.save(results);
      return results;
    },
    keyFor: (target) => (id) => (targets.length > 1 ? qualifiedId(id, target.label) : id),
    baselineOf: (target) => runtimes.get(target.label)?.throttleBaselineNs ?? null,
  };
  return { state, saver, history };
}

/** Every file timed on every runtime, fork after fork; runtimes take turns file by file, so a drift of the host's speed touches each of them alike. */
async function timeFiles(state: RunState, files: readonly BenchFile[]): Promise<void> {
  const { options, targets } = state;
  const signal = state.childOptions.signal!;
  const progress = new TimingProgress(state);
  const isolated = options.isolate === 'benchmark' ? await isolatedIds(state, files, (file, runtime) => timingCallbacks(state, progress, file, 1, runtime)) : null;
  for (let fork = 1; fork <= options.forks && !signal.aborted; fork++) {
    for (const file of files) {
      for (const runtime of targets) {
        const callbacks = timingCallbacks(state, progress, file, fork, runtime);
        const onlies = isolated === null ? [null] : (isolated.get(listKey(file, runtime)) ?? []).map((id) => [id]);
        for (const only of onlies) {
          if (signal.aborted) break;
          await runFile(requestFor(file, options, { runtime, fork, throttleBaselineNs: state.baselineOf(runtime), only }), state.childOptions, callbacks);
        }
      }
    }
  }
}

/** Files that loaded and declared no benchmark at all (with a --filter, the filter is why: not said). */
function emptyFiles(state: RunState, files: readonly BenchFile[]): BenchFile[] {
  const { collector, options } = state;
  if (options.filter !== null || state.childOptions.signal?.aborted === true) return [];
  const failed = new Set(collector.results.fileErrors.map((e) => e.file));
  return files.filter((file) => collector.idsOf(file.display).length === 0 && !failed.has(file.display) && !state.targets.some((t) => failed.has(qualifiedId(file.display, t.label))));
}

/** A run that declared nothing is a usage error (a wrong filter, empty files), or a warning for an empty shard. */
function checkSomethingRan(state: RunState, fileCount: number, interrupted: boolean): void {
  const { options, collector } = state;
  if (interrupted || collector.declaredCount > 0 || collector.results.fileErrors.length > 0) return;
  if (options.shard !== null) {
    state.deps.warn?.(`shard ${options.shard.index}/${options.shard.count} holds no benchmarks (the suite has fewer ${options.isolate === 'file' ? 'bench files' : 'benchmarks'} than shards)`);
  } else {
    throw new UsageError(options.filter === null ? `no benchmarks declared in ${fileCount} bench file(s)` : `no benchmark matched --filter ${options.filter} in ${fileCount} bench file(s)`);
  }
}
