/**
 * Whether a bench file called its foreign runner's `run()` (which measures nothing under ubench):
 * code after it that reads the runner's results finds none, and the file's load error then says why.
 * Kept on the global object, like the registry, so every copy of the stand-ins shares it.
 */
import { API_TITLES, type ForeignApi } from './foreign-apis.js';

const RAN_KEY = Symbol.for('ubench.foreign-run.v1');
const holder = globalThis as unknown as Record<symbol, ForeignApi | undefined>;

/** Called by a stand-in's `run()`. */
export function markForeignRun(api: ForeignApi): void {
  holder[RAN_KEY] = api;
}

/** Forgets any earlier call (before a file is imported). */
export function clearForeignRun(): void {
  holder[RAN_KEY] = undefined;
}

/** What to add to a load error of a file that called a foreign `run()`, or '' when it did not. */
export function afterForeignRun(): string {
  const api = holder[RAN_KEY];
  if (api === undefined) return '';
  return ` (this happened after the file's ${API_TITLES[api]} run() call, which measures nothing under ubench and leaves no results to read: code that reads them must go; ubench reports the results itself, docs/integrations.md)`;
}
