/**
 * One benchmark process from start to exit: forwards its events, enforces the per-benchmark
 * timeout, and sums up how it ended so the caller can resume after a crash.
 */
import type { ChildEvent, ChildRequest, DeclaredInfo } from '../../engine/process/events.js';
import type { ErrorInfo } from '../../results/types.js';
import { createIdGuard } from '../channel/event-ids.js';
import { crashError } from './crash-message.js';
import type { Executor } from './executor.js';

export interface ChildOutcome {
  /** The declared (selected) benchmarks, or null if the child never got that far. */
  declared: DeclaredInfo[] | null;
  loadError: ErrorInfo | null;
  /** True when the child reported `done`. */
  completed: boolean;
  /** The benchmark running when the child died or timed out. */
  current: string | null;
  /** Why it ended early (null when completed). */
  failure: { status: 'error' | 'timeout'; error: ErrorInfo } | null;
}

export interface RunChildOptions {
  executor: Executor;
  timeoutMs: number;
  /** How long the process may take to say hello; PROCESS_START_MS unless a pass runs it slower (under valgrind). */
  startMs?: number;
  signal?: AbortSignal;
  /** Every event, as it arrives. */
  onEvent(event: ChildEvent): void;
  /** ubench's note on the file's declarations (several processes of one file each send it). */
  onNote?(file: string, text: string): void;
  /** The process exited leaving this many processes of its group running; ubench killed them. */
  onLeftovers?(file: string, count: number): void;
}

/** Why a benchmark failed whose process sent what ubench cannot read. */
export function badEventMessage(problem: string): string {
  return `the benchmark process sent an event ubench cannot read: ${problem}`;
}

/**
 * How long a process may take to say hello (it does so before loading the bench file): starting a
 * browser is ubench's own work and took over 3 s the first time on this busy 2-core VM; 30 s is
 * playwright's own launch timeout.
 */
export const PROCESS_START_MS = 30_000;

export function runChild(request: ChildRequest, options: RunChildOptions): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const outcome: ChildOutcome = { declared: null, loadError: null, completed: false, current: null, failure: null };
    let crash: ErrorInfo | null = null;
    let exitCode: number | null = null;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    // A bad event is the child crashing: it is killed, and what it sends after is not read.
    let bad: string | null = null;
    let handle: ReturnType<typeof options.executor> | null = null;
    const refuse = (problem: string): void => {
      if (bad !== null) return;
      bad = problem;
      handle?.kill();
    };
    const idProblem = createIdGuard(request);
    const armTimer = (ms = options.timeoutMs): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        handle?.kill();
      }, ms);
    };
    const onAbort = (): void => handle?.kill();
    handle = options.executor(request, {
      onBadEvent: refuse,
      onEvent(event) {
        if (bad !== null) return;
        const problem = idProblem(event);
        if (problem !== null) return refuse(problem);
        // Used before it counts: an event whose contents ubench cannot use blames the benchmark running.
        try {
          options.onEvent(event);
        } catch (error) {
          return refuse(`a ${event.type} event ubench could not use (${(error as Error).message?.split('\n')[0] ?? String(error)})`);
        }
        switch (event.type) {
          // The timeout counts from when the process is up (see PROCESS_START_MS).
          case 'hello':
            armTimer();
            break;
          // A foreign harness's run() declares its benchmarks as it measures them: the events add up.
          case 'declared':
            outcome.declared = [...(outcome.declared ?? []), ...event.benchmarks];
            break;
          case 'load-error':
            outcome.loadError = event.error;
            break;
          case 'note':
            options.onNote?.(request.displayFile, event.text);
            break;
          case 'start':
            outcome.current = event.id;
            armTimer();
            break;
          // Interleaved rounds: the timeout applies to each round; a crash blames the benchmark running.
          case 'round':
            armTimer();
            break;
          // The timeout applies to each benchmark's turn, the work after the rounds included.
          case 'current':
            outcome.current = event.id;
            armTimer();
            break;
          case 'measured':
          case 'pass-result':
          case 'bench-error':
            outcome.current = null;
            break;
          case 'crash':
            crash = event.error;
            break;
          case 'exit':
            exitCode = event.code;
            break;
          case 'done':
            outcome.completed = true;
            break;
          default:
            break;
        }
      },
      onExit(exit) {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        if ((exit.leftovers ?? 0) > 0) options.onLeftovers?.(request.displayFile, exit.leftovers!);
        if (bad !== null) {
          outcome.completed = false;
          outcome.loadError = null;
          outcome.failure = { status: 'error', error: { message: badEventMessage(bad), location: null, stack: null } };
        } else if (!outcome.completed && outcome.loadError === null) {
          outcome.failure = timedOut
            ? { status: 'timeout', error: { message: `exceeded the timeout of ${options.timeoutMs / 1000} s and was stopped`, location: null, stack: null } }
            : { status: 'error', error: crashError(exit, { crash, exitCode }) };
        }
        resolve(outcome);
      },
    });
    armTimer(Math.max(options.timeoutMs, options.startMs ?? PROCESS_START_MS));
    if (options.signal?.aborted || bad !== null) handle.kill();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
