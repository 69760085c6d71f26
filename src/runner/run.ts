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
import { writeResultsAtomic } from '../results/write-results.js';
import { UsageError } from './usage-error.js';
import { ResultCollector } from './collector.js';
import { discoverBenchFiles, type BenchFile } from './discover.js';
import { displayPath } from './display-path.js';
import type { Executor } from './executor.js';
import { runFile, type FileCallbacks } from './run-file.js';
import { HistoryWriter } from './history-writer.js';
import { ProfileFiles } from './passes/profile-files.js';
import { anyPass, runPasses } from './run-passes.js';
import type { RunOptions } from './run-options.js';
import { machineKey, runHost, runReferences } from '../analysis/host-speed.js';
import { fingerprintOf } from '../analysis/machine-fingerprint.js';
import { shareOf } from './shard.js';
import { earlierRuns, readCalibration, recordRun } from './host-calibration.js';

export interface RunDeps {
  executor: Executor;
  /** Progress messages (a status line on a terminal). */
  progress(text: string): void;
  /** A problem that does not stop the run (the history could not be written). */
  warn?(text: string): void;
  signal?: AbortSignal;
}

export interface RunOutcome {
  results: ResultsFile;
  interrupted: boolean;
}

function settingsOf(options: RunOptions): RunSettings {
  const { timeBudgetNs, warmupMaxNs, isolate, forks, timeoutNs, filter, seed, precisionTarget, interleave, gcCost, allocSites, profile, disasm, shard } = options;
  return { timeBudgetNs, warmupMaxNs, isolate, forks, timeoutNs, filter, seed, precisionTarget, interleave, gcCost, allocSites, profile, disasm, shard };
}

/** Process keys are drawn below 2³²: round keys (key × 10⁶ + round) then stay exact doubles. */
const PROCESS_KEY_LIMIT = 2 ** 32;

interface ProcessPlan {
  fork: number;
  throttleBaselineNs: number | null;
  only: string[] | null;
  listOnly?: boolean;
}

function requestFor(file: BenchFile, options: RunOptions, { fork, throttleBaselineNs, only, listOnly = false }: ProcessPlan): ChildRequest {
  return {
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
  };
}

/** The run's host figures against this machine's calibration (results.host), then the run added to it. */
function calibrate(collector: ResultCollector, file: string, warn: RunDeps['warn']): void {
  const figures = runReferences(collector.snapshot(null));
  if (figures === null) return;
  const key = machineKey(collector.results.environment);
  collector.results.host = runHost(figures, earlierRuns(readCalibration(file), key));
  collector.results.environment.fingerprint = fingerprintOf(collector.results.environment, collector.results.host);
  try {
    recordRun(file, key, figures);
  } catch (error) {
    warn?.(`the host calibration could not be updated: ${(error as Error).message}`);
  }
}

export async function runBenchmarks(options: RunOptions, deps: RunDeps): Promise<RunOutcome> {
  const found = await discoverBenchFiles(options.targets, options.cwd);
  if (found.length === 0) {
    throw new UsageError(`no bench files found (looked for *.bench.{ts,mts,js,mjs} in ${options.targets.join(', ') || '.'})`);
  }
  const files = options.shard === null || options.isolate === 'benchmark' ? found : shareOf(found, (f) => f.display, options.shard);
  const environment = collectEnvironment({ v8Flags: [], clock: null, startedAt: new Date(), cwd: options.cwd });
  environment.fingerprint = fingerprintOf(environment, null);
  const baseline = options.baselinePath === null ? null : { label: displayPath(options.baselinePath, options.cwd), results: readResults(options.baselinePath) };
  const collector = new ResultCollector(createResultsFile(environment, settingsOf(options)), options.seed, baseline);
  const history = options.historyDir === null ? null : new HistoryWriter(options.historyDir, environment.startedAt, deps.warn);
  const save = (final: { complete: boolean } | null): ResultsFile => {
    const results = collector.snapshot(final);
    if (options.jsonPath !== null) writeResultsAtomic(options.jsonPath, results);
    history?.write(results);
    return results;
  };
  // Write once before measuring: an unwritable --json path fails now, not after minutes of work.
  save(null);
  let done = 0;
  const onEvent =
    (file: BenchFile, fork: number) =>
    (event: ChildEvent): void => {
      switch (event.type) {
        case 'hello':
          environment.clock ??= event.clock;
          environment.throttleBaselineNs ??= event.throttleBaselineNs;
          if (environment.v8Flags.length === 0) environment.v8Flags = event.execArgv.filter((a, i, all) => a !== '--import' && all[i - 1] !== '--import');
          break;
        case 'declared':
          collector.declare(file.display, event.benchmarks);
          break;
        case 'start':
        case 'phase': {
          const phase = event.type === 'phase' ? ` ${event.phase}` : '';
          const forkText = options.forks > 1 ? ` fork ${fork}/${options.forks}` : '';
          deps.progress(`[${done + 1}/${Math.max(collector.declaredCount * options.forks, done + 1)}]${forkText} ${event.id}${phase}`);
          break;
        }
        case 'round':
          deps.progress(
            `[${done + 1}/${Math.max(collector.declaredCount * options.forks, done + 1)}]${options.forks > 1 ? ` fork ${fork}/${options.forks}` : ''} ${file.display}: round ${event.round + 1}, ${event.active.length} benchmark${event.active.length === 1 ? '' : 's'} sampling`,
          );
          break;
        case 'measured':
          collector.measured(event.id, event.result);
          done++;
          save(null);
          break;
        case 'bench-error':
          collector.failed(event.id, 'error', event.error);
          done++;
          save(null);
          break;
        default:
          break;
      }
    };
  const childOptions = { executor: deps.executor, timeoutMs: options.timeoutNs / 1e6, signal: deps.signal };
  const callbacksFor = (file: BenchFile, fork: number) => ({
    onEvent: onEvent(file, fork),
    onLost: (id: string, status: 'error' | 'timeout', error: Parameters<ResultCollector['failed']>[2]) => {
      collector.failed(id, status, error);
      done++;
      save(null);
    },
    onFileError: (error: Parameters<ResultCollector['fileError']>[1]) => {
      collector.fileError(file.display, error);
      save(null);
    },
  });
  const isolatedIds = options.isolate === 'benchmark' ? await listBenchmarks(files, options, environment, childOptions, callbacksFor) : new Map<string, string[]>();
  for (let fork = 1; fork <= options.forks && !deps.signal?.aborted; fork++) {
    for (const file of files) {
      if (deps.signal?.aborted) break;
      const callbacks = callbacksFor(file, fork);
      if (options.isolate === 'file') {
        await runFile(requestFor(file, options, { fork, throttleBaselineNs: environment.throttleBaselineNs, only: null }), childOptions, callbacks);
        continue;
      }
      for (const id of isolatedIds.get(file.display) ?? []) {
        if (deps.signal?.aborted) break;
        await runFile(requestFor(file, options, { fork, throttleBaselineNs: environment.throttleBaselineNs, only: [id] }), childOptions, callbacks);
      }
    }
  }
  if (anyPass(options)) {
    const profileFiles = new ProfileFiles(options.profileDir, new Date(environment.startedAt), options.cwd);
    for (const file of files) {
      if (deps.signal?.aborted) break;
      await runPasses(options, {
        request: requestFor(file, options, { fork: 1, throttleBaselineNs: environment.throttleBaselineNs, only: null }),
        ids: collector.idsOf(file.display),
        collector,
        childOptions,
        progress: deps.progress,
        save: () => save(null),
        files: profileFiles,
      });
    }
  }
  const interrupted = deps.signal?.aborted === true;
  if (options.shard !== null && collector.declaredCount === 0 && collector.results.fileErrors.length === 0) {
    deps.warn?.(`shard ${options.shard.index}/${options.shard.count} holds no benchmarks (the suite has fewer ${options.isolate === 'file' ? 'bench files' : 'benchmarks'} than shards)`);
  } else if (!interrupted && collector.declaredCount === 0 && collector.results.fileErrors.length === 0) {
    throw new UsageError(options.filter === null ? `no benchmarks declared in ${files.length} bench file(s)` : `no benchmark matched --filter ${options.filter} in ${files.length} bench file(s)`);
  }
  if (!interrupted && options.calibrationPath !== null) calibrate(collector, options.calibrationPath, deps.warn);
  const results = save({ complete: !interrupted });
  history?.prune();
  return { results, interrupted };
}

type Callbacks = FileCallbacks;

/**
 * `--isolate benchmark`: every file's benchmark ids, listed by a process each (not yet declared to
 * the collector: each benchmark's own process declares it), cut to the shard's share with `--shard`.
 */
async function listBenchmarks(
  files: readonly BenchFile[],
  options: RunOptions,
  environment: { throttleBaselineNs: number | null },
  childOptions: Parameters<typeof runFile>[1],
  callbacksFor: (file: BenchFile, fork: number) => Callbacks,
): Promise<Map<string, string[]>> {
  const listed = new Map<string, string[]>();
  for (const file of files) {
    const callbacks = callbacksFor(file, 1);
    const quiet: Callbacks = { ...callbacks, onEvent: (event) => (event.type === 'declared' ? undefined : callbacks.onEvent(event)) };
    const benchmarks = await runFile(requestFor(file, options, { fork: 1, throttleBaselineNs: environment.throttleBaselineNs, only: null, listOnly: true }), childOptions, quiet);
    listed.set(file.display, benchmarks?.map((b) => b.id) ?? []);
  }
  if (options.shard === null) return listed;
  const share = new Set(shareOf([...listed.values()].flat(), (id) => id, options.shard));
  return new Map([...listed].map(([file, ids]) => [file, ids.filter((id) => share.has(id))]));
}
