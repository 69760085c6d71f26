/**
 * Measures one test's registrations in this (vitest's worker) process with ubench's engine: the
 * same request a ubench benchmark process runs (engine/process/run-request.ts — generated loop,
 * calibration, warm-up detection, interleaved rounds with the loop floor and the host references),
 * its events collected here instead of sent over a channel, the results analysed as every ubench
 * command analyses them, saved, printed, and handed back in vitest's shape.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchmarkId } from '../define/params.js';
import { settleThreads } from '../engine/host/settle-threads.js';
import { isHarnessFile, toErrorInfo } from '../engine/process/error-info.js';
import type { ChildEvent, ChildRequest } from '../engine/process/events.js';
import { runRequest } from '../engine/process/run-request.js';
import { fingerprintOf } from '../analysis/machine-fingerprint.js';
import { oneLineMessage } from '../results/text/one-line-message.js';
import { toVitestResult } from './bench-result.js';
import { benchmarkLines } from './console-lines.js';
import { declareRegistrations, hookTarget } from './declare-registrations.js';
import { moduleRunnerReads } from './module-runner-reads.js';
import { saveResults } from './results-store.js';
import type { VitestSession } from './vitest-session.js';
import type { VitestBenchResult, VitestBenchmarkGroup, VitestHook } from './vitest-types.js';
import { THIS_RUNTIME } from '../results/runtimes/this-runtime.js';

/** The ubench package folder: its files are not the user's code (errors, deoptimizations). */
const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Round keys are drawn below 2³², as a ubench run draws them (runner/run.ts). */
const PROCESS_KEY_LIMIT = 2 ** 32;

const SHARED_MODULES = "vitest loaded the test file in its worker: the test's benchmarks share one instance of its modules (ubench's own runs can give each benchmark its own)";

async function callHooks(group: VitestBenchmarkGroup, which: 'beforeAll' | 'afterAll'): Promise<void> {
  for (const reg of group.registrations) {
    const hook: VitestHook | undefined = reg.fnOpts?.[which];
    if (hook !== undefined) await hook.call(hookTarget(reg.name), 'run');
  }
}

/** The group name: the test's full name, numbered when the test measures a name a second time. */
function groupName(session: VitestSession, file: string, group: VitestBenchmarkGroup): string {
  const base = group.test.fullTestName ?? group.test.name ?? 'test';
  const taken = new Set(session.collector.idsOf(file));
  for (let k = 1; ; k++) {
    const name = k === 1 ? base : `${base} (${k})`;
    if (!group.registrations.some((reg) => taken.has(benchmarkId(file, name, reg.name)))) return name;
  }
}

export async function measureGroup(session: VitestSession, group: VitestBenchmarkGroup, problems: readonly string[]): Promise<VitestBenchResult[]> {
  const { collector, options, cwd } = session;
  const absolute = group.test.file?.filepath ?? path.join(cwd, group.test.file?.name ?? 'vitest');
  const file = path.relative(cwd, absolute) || absolute;
  const name = groupName(session, file, group);
  const fnByName = new Map(group.registrations.map((reg) => [reg.name, reg.fn]));
  const environment = collector.results.environment;
  // tinybench's `time` option (ms) of `bench.compare(…, { time })` sets this group's budget.
  const time = group.options?.['time'];
  const timeBudgetNs = typeof time === 'number' && time > 0 ? time * 1e6 : options.timeBudgetNs;
  const request: ChildRequest = {
    file: absolute,
    displayFile: file,
    filter: null,
    only: null,
    listOnly: false,
    timeBudgetNs,
    warmupMaxNs: options.warmupMaxNs,
    precisionTarget: options.precisionTarget,
    seed: options.seed,
    throttleBaselineNs: environment.throttleBaselineNs,
    deoptLogPath: null,
    pass: null,
    interleave: true,
    processKey: randomInt(1, PROCESS_KEY_LIMIT),
  };
  const errorInfo = (thrown: unknown) => toErrorInfo(thrown, packageRoot, cwd);
  let loadError: string | null = null;
  const ids: string[] = [];
  const emit = (event: ChildEvent): void => {
    switch (event.type) {
      case 'hello':
        environment.clock ??= event.clock;
        environment.throttleBaselineNs ??= event.throttleBaselineNs;
        environment.fingerprint = fingerprintOf(environment, null);
        break;
      case 'load-error':
        loadError = event.error.message;
        break;
      case 'declared':
        collector.declare(file, event.benchmarks, undefined);
        ids.push(...event.benchmarks.map((b) => b.id));
        break;
      case 'measured':
        collector.measured(event.id, event.result);
        break;
      case 'bench-error':
        collector.failed(event.id, 'error', event.error);
        break;
      default:
        break;
    }
  };
  await callHooks(group, 'beforeAll');
  try {
    await runRequest(request, {
      load: async () => declareRegistrations(name, group.registrations),
      emit,
      errorInfo,
      jitControl: session.jitControl,
      deoptLog: null,
      cwd,
      isHarness: (location) => isHarnessFile(path.resolve(cwd, location), packageRoot),
      pid: process.pid,
      execArgv: process.execArgv,
      identity: THIS_RUNTIME,
      instances: null,
      sharedModules: SHARED_MODULES,
      interop: (bench) => {
        const fn = fnByName.get(bench.baseName);
        const getters = fn === undefined ? [] : moduleRunnerReads(fn);
        return getters.length === 0 ? {} : { getters };
      },
      settle: () => settleThreads(),
    });
  } finally {
    await callHooks(group, 'afterAll');
  }
  if (loadError !== null) throw new Error(`ubench could not declare the benchmarks of "${name}": ${loadError}`);
  const results = collector.snapshot({ complete: true });
  if (options.json !== null) {
    try {
      saveResults(path.resolve(cwd, options.json), results);
    } catch (error) {
      problems = [...problems, `json: ${oneLineMessage(error)}`];
    }
  }
  const byId = new Map(results.benchmarks.map((b) => [b.id, b]));
  const ours = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  if (options.print) console.log(ours.flatMap(benchmarkLines).join('\n'));
  if (problems.length > 0) throw new Error(`ubench/vitest: ${problems.join('; ')} (the rest was measured${options.json === null ? '' : ` and saved to ${options.json}`})`);
  const retain = group.config?.retainSamples === true;
  const failed = ours.filter((b) => b.estimate === null);
  if (failed.length > 0) throw new Error(failed.map((b) => `${b.name}: ${b.error?.message ?? b.status}`).join('; '));
  return ours.map((b) => toVitestResult(b.baseName, b, retain));
}
