/**
 * A separate instance of the user's modules for each benchmark of a file, inside the one process.
 *
 * V8 keeps type feedback per function: a helper two benchmarks call is optimized against whatever
 * the first one warmed up fed it, so one benchmark's figure (and the verdict between them) depended
 * on its neighbours and their order. The bench file is imported again for each benchmark under its
 * own URL (`?ubench-instance=k`); the loader hands that mark on to every module the file imports
 * from the user's project, and CommonJS modules of the project are forgotten from `require.cache`
 * before each import, so every benchmark runs its own copies of the project's functions. Packages in
 * `node_modules` (and ubench itself) stay one instance per process.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

export const INSTANCE_PARAM = 'ubench-instance';
/** Set on the global object by register-loader.ts: instances can be had in this process. */
export const LOADER_MARK = Symbol.for('ubench.loader.v1');
/** Set by register-loader.ts where the hooks wait to be started (the benchmark process's main thread): call it before importing user code. */
export const REGISTER_HOOKS = Symbol.for('ubench.loader.register.v1');

/** Starts the loader's hooks where they wait to be started (register-loader.ts); once. */
export function startWaitingHooks(): void {
  const global = globalThis as Record<symbol, unknown>;
  const register = global[REGISTER_HOOKS];
  if (typeof register !== 'function') return;
  delete global[REGISTER_HOOKS];
  register();
}

/** The URL of instance `k` of a module (`k` 0 is the plain URL). */
export function instanceUrl(url: string, k: number): string {
  if (k === 0) return url;
  const parsed = new URL(url);
  parsed.searchParams.set(INSTANCE_PARAM, String(k));
  return parsed.href;
}

/** The instance mark a module URL carries, or null. */
export function instanceOf(url: string | undefined): string | null {
  if (url === undefined || !url.startsWith('file:')) return null;
  return new URL(url).searchParams.get(INSTANCE_PARAM);
}

/** Whether a file is shared by all instances: a package's (under node_modules) or ubench's own. */
export function isSharedFile(file: string, packageRoot: string): boolean {
  return file.includes(`${path.sep}node_modules${path.sep}`) || file.startsWith(packageRoot);
}

/** Removes the project's CommonJS modules from `require.cache`, so that the next import runs them again. */
export function forgetProjectCommonJs(packageRoot: string): void {
  const cache = createRequire(import.meta.url).cache;
  for (const file of Object.keys(cache)) {
    if (!isSharedFile(file, packageRoot)) delete cache[file];
  }
}
