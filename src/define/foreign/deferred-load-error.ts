/**
 * An error of a bench file's own code that a stand-in meets after the file's import has returned
 * (vitest runs a file's describe functions once its synchronous code is over, and so does its
 * stand-in, in a microtask): kept here, and thrown by the benchmark process as the file's load
 * error once the import is done (engine/process/run-request.ts). Kept on the global object, like
 * the registry, so every copy of the stand-ins shares it.
 */
const KEY = Symbol.for('ubench.deferred-load-error.v1');
const holder = globalThis as unknown as Record<symbol, { error: unknown } | undefined>;

/** Keeps the first such error of an import. */
export function deferLoadError(error: unknown): void {
  holder[KEY] ??= { error };
}

/** The kept error (and forgets it), or undefined. */
export function takeDeferredLoadError(): { error: unknown } | undefined {
  const kept = holder[KEY];
  holder[KEY] = undefined;
  return kept;
}
