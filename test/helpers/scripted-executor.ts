/**
 * An executor that plays scripted benchmark processes: for each spawn, a script receives the
 * request and returns the events to emit and how the process ends. No real process is started.
 */
import type { ChildEvent, ChildRequest, DeclaredInfo, MeasuredBenchmark } from '../../src/engine/process/events.js';
import type { ChildExit, Executor } from '../../src/runner/child/executor.js';

export type Script = (request: ChildRequest, spawnIndex: number) => { events: ChildEvent[]; exit?: Partial<ChildExit>; hang?: boolean };

export function scriptedExecutor(script: Script): Executor & { requests: ChildRequest[] } {
  const requests: ChildRequest[] = [];
  const executor = ((request, handlers) => {
    const index = requests.length;
    requests.push(request);
    const { events, exit, hang } = script(request, index);
    let killed = false;
    setImmediate(() => {
      for (const event of events) handlers.onEvent(event);
      if (!hang) handlers.onExit({ code: 0, signal: null, stderrTail: '', ...exit });
    });
    return {
      kill() {
        if (killed) return;
        killed = true;
        if (hang) setImmediate(() => handlers.onExit({ code: null, signal: 'SIGKILL', stderrTail: '' }));
      },
    };
  }) as Executor & { requests: ChildRequest[] };
  executor.requests = requests;
  return executor;
}

export function info(file: string, name: string, group: string | null = null): DeclaredInfo {
  return { id: `${file}#${group === null ? '' : `${group}/`}${name}`, name, baseName: name, group, params: {}, baseline: false };
}

/** A plausible measurement: `count` samples around `nsPerOp`. */
export function measurement(nsPerOp: number, count = 20): MeasuredBenchmark {
  const samples = Array.from({ length: count }, (_, i) => {
    const iterations = 1000 + 50 * i;
    return { iterations, elapsedNs: iterations * nsPerOp * (1 + ((i % 5) - 2) * 0.001) };
  });
  return {
    mode: 'sync',
    floor: { nsPerOp: 0.4, ciLower: 0.39, ciUpper: 0.41 },
    jit: null,
    deopts: [],
    setupProbe: null,
    stateProbe: null,
    throttle: null,
    timerReadsPerSample: 2,
    memory: null,
    samples,
    warmup: { batches: 40, iterations: 40_000, durationNs: 3e8, converged: true, restarts: 0 },
    calibration: { targetSampleNs: 1e6, baseIterations: 1000 },
    precision: { target: 0.01, reached: 0.004, stopReason: 'precision', durationNs: 2e7 },
  };
}

export const hello: ChildEvent = { type: 'hello', pid: 1, clock: { costNs: 45, resolutionNs: 30 }, execArgv: ['--import', 'tsx', '--max-old-space-size=100'], throttleBaselineNs: 300_000 };

/** A timing request for one bench file with short budgets and no pass (the fields a test does not care about). */
export function childRequest(file: string, displayFile: string): ChildRequest {
  return {
    file,
    displayFile,
    filter: null,
    only: null,
    listOnly: false,
    timeBudgetNs: 1e8,
    warmupMaxNs: 1e8,
    precisionTarget: 0.01,
    seed: 1,
    throttleBaselineNs: null,
    deoptLogPath: null,
    pass: null,
  };
}
