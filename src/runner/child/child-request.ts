/** The request a bench file's process is started with (engine/process/events.ts `ChildRequest`), from the run's options. */
import { randomInt } from 'node:crypto';
import type { ChildRequest, RuntimeTarget } from '../../engine/process/events.js';
import type { BenchFile } from '../select/discover.js';
import type { RunOptions } from '../run-options.js';

/** Process keys are drawn below 2³²: round keys (key × 10⁶ + round) then stay exact doubles. */
const PROCESS_KEY_LIMIT = 2 ** 32;

export interface ProcessPlan {
  runtime: RuntimeTarget;
  fork: number;
  throttleBaselineNs: number | null;
  only: string[] | null;
  listOnly?: boolean;
}

export function requestFor(file: BenchFile, options: RunOptions, { runtime, fork, throttleBaselineNs, only, listOnly = false }: ProcessPlan): ChildRequest {
  return {
    runtime,
    cwd: options.cwd,
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
    ...(options.timingOnly === true ? { timingOnly: true } : {}),
    ...(options.quick === true ? { quick: true } : {}),
  };
}
