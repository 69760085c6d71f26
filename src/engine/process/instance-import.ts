/**
 * A further instance of the bench file, imported in a Node process that runs ubench's loader
 * (engine/loader/module-instances.ts). The file's top-level code runs again; what it prints then
 * is not shown a second time (the first import showed it).
 */
import { forgetProjectCommonJs, instanceUrl, LOADER_MARK } from '../loader/module-instances.js';
import { fullGc } from '../memory/forced-gc.js';

/** Whether ubench's loader runs in this process (it marks the global object when registered). */
export function loaderActive(): boolean {
  return (globalThis as Record<symbol, unknown>)[LOADER_MARK] === true;
}

type Write = typeof process.stdout.write;
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const;

/** Runs `load` with console output and writes to stdout/stderr dropped. */
async function quietly<T>(load: () => Promise<T>): Promise<T> {
  const saved = CONSOLE_METHODS.map((m) => console[m]);
  const writes: [Write, Write] = [process.stdout.write, process.stderr.write];
  const drop = (() => true) as unknown as Write;
  for (const m of CONSOLE_METHODS) console[m] = () => undefined;
  process.stdout.write = drop;
  process.stderr.write = drop;
  try {
    return await load();
  } finally {
    CONSOLE_METHODS.forEach((m, i) => {
      console[m] = saved[i] as never;
    });
    [process.stdout.write, process.stderr.write] = writes;
  }
}

/**
 * Imports instance `k`, done when the import settles or `until` does (the instance stopped at its
 * foreign run(), engine/process/foreign-runs.ts): its output is dropped until then.
 */
export function importInstance(fileUrl: string, k: number, packageRoot: string, until: Promise<unknown>): Promise<unknown> {
  return quietly(() => {
    forgetProjectCommonJs(packageRoot);
    return Promise.race([import(instanceUrl(fileUrl, k)), until]);
  });
}

/** The heap's used bytes and the memory outside it (ArrayBuffers), after a full GC. */
export function retainedHeapBytes(): number {
  fullGc()?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}
