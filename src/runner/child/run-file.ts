/**
 * Runs the selected benchmarks of one bench file, resuming in a fresh process after a crash or a
 * timeout so that one bad benchmark costs only its own result.
 */
import { withLoadHint } from './load-error-hint.js';
import type { ChildEvent, ChildRequest, DeclaredInfo } from '../../engine/process/events.js';
import type { ErrorInfo } from '../../results/types.js';
import { runChild, type RunChildOptions } from './run-child.js';

export interface FileCallbacks {
  onEvent(event: ChildEvent): void;
  /** A benchmark that did not finish because its process crashed or timed out. */
  onLost(id: string, status: 'error' | 'timeout', error: ErrorInfo): void;
  onFileError(error: ErrorInfo): void;
}

/**
 * `request.only` null runs every selected benchmark; otherwise just those ids. Returns the ids
 * the file declared (after the filter), or null if it could not be loaded.
 */
export async function runFile(request: ChildRequest, options: Omit<RunChildOptions, 'onEvent'>, callbacks: FileCallbacks): Promise<DeclaredInfo[] | null> {
  let declared: DeclaredInfo[] | null = null;
  const finished = new Set<string>();
  const onEvent = (event: ChildEvent): void => {
    if (event.type === 'measured' || event.type === 'pass-result' || event.type === 'bench-error') finished.add(event.id);
    callbacks.onEvent(event);
  };
  let only = request.only;
  for (;;) {
    const outcome = await runChild({ ...request, only }, { ...options, onEvent });
    if (options.signal?.aborted) return declared ?? outcome.declared;
    declared ??= outcome.declared;
    if (outcome.loadError !== null) {
      callbacks.onFileError(withLoadHint(outcome.loadError, request.file));
      return null;
    }
    if (outcome.completed) return declared;
    const failure = outcome.failure!;
    if (declared === null) {
      callbacks.onFileError(failure.error);
      return null;
    }
    if (outcome.current !== null) {
      finished.add(outcome.current);
      callbacks.onLost(outcome.current, failure.status, failure.error);
    }
    const remaining = declared.map((b) => b.id).filter((id) => !finished.has(id) && (request.only === null || request.only.includes(id)));
    if (remaining.length === 0) return declared;
    if (outcome.current === null) {
      // Died between benchmarks: blame none of them, but do not retry forever either.
      for (const id of remaining) callbacks.onLost(id, failure.status, failure.error);
      return declared;
    }
    only = remaining;
  }
}
