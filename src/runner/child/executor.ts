/**
 * The executor seam (after hyperfine): how a benchmark process is started. The real one spawns
 * Node; tests inject a scripted one to exercise the runner and CLI deterministically.
 */
import type { ChildEvent, ChildRequest } from '../../engine/process/events.js';

export interface ChildExit {
  code: number | null;
  signal: string | null;
  /** The last lines the child wrote to stderr (for crash messages such as V8's out-of-memory report). */
  stderrTail: string;
  /** Processes of its group still running after it exited, which ubench then killed (absent: none, or not counted). */
  leftovers?: number;
  /** Why the process ended, when the executor knows better than a code or signal (a browser lost from outside). */
  reason?: string;
}

export interface ChildHandlers {
  onEvent(event: ChildEvent): void;
  /** The child sent something that is not an event ubench can read (why, quoting at most its first characters); the child is then treated as crashed. */
  onBadEvent(problem: string): void;
  /** Called once, after every event has been delivered. */
  onExit(exit: ChildExit): void;
}

export interface ChildHandle {
  /** Ends the child at once (SIGKILL). */
  kill(): void;
}

export type Executor = (request: ChildRequest, handlers: ChildHandlers) => ChildHandle;
