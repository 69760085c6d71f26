/**
 * Entry point of a benchmark process (Node, Bun, Deno): imports one bench file, then measures its
 * benchmarks (run-request.ts), reporting to the parent over the event channel. Started by the
 * parent; not a public API.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { emit, useChannelFile } from './channel.js';
import { isHarnessFile, toErrorInfo } from './error-info.js';
import path from 'node:path';
import type { ChildRequest } from './events.js';
import { runRequest } from './run-request.js';
import { DeoptLogReader } from '../loop/deopt-log.js';
import { createJitControl } from '../loop/jit-tier.js';
import { createJscControl } from '../loop/jsc-control.js';
import { beforeLoadingFor, runPass } from '../passes/run-pass.js';
import { settleThreads } from '../host/settle-threads.js';
import { importInstance, loaderActive, retainedHeapBytes } from './instance-import.js';
import { foreignLoaders, getterReads, projectGetterExports } from './interop-facts.js';
import type { DeclaredBenchmark } from '../../define/declaration-types.js';
import { refuseForeignImports } from './foreign-imports.js';
import { prepareVitestGlobals } from './vitest-globals.js';
import { THIS_RUNTIME, THIS_RUNTIME_TRAITS } from '../../results/runtimes/this-runtime.js';
import { startWaitingHooks } from '../loader/module-instances.js';

// The engine's own modules are loaded: the loader's hooks may start now, before any user code (register-loader.ts).
startWaitingHooks();

/** The ubench package folder (its `dist/` and, through source maps, `src/` are not user code). */
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cwd = process.cwd();
const errorInfo = (thrown: unknown) => toErrorInfo(thrown, packageRoot, cwd);

/** Node: loaders besides ubench's, and getter exports of the project's CommonJS modules (read once, after loading). */
function interopOf(): (bench: DeclaredBenchmark) => { loaders?: string[]; getters?: ReturnType<typeof getterReads> } {
  const loaders = foreignLoaders(process.execArgv, process.env['NODE_OPTIONS'], (value) => value.includes('/engine/loader/register-loader.'));
  let getters: Map<string, string[]> | null = null;
  return (bench) => {
    getters ??= projectGetterExports(packageRoot);
    const reads = getterReads(bench, getters, cwd);
    return { ...(loaders.length === 0 ? {} : { loaders }), ...(reads.length === 0 ? {} : { getters: reads }) };
  };
}

let finished = false;
process.on('exit', (code) => {
  if (!finished) emit({ type: 'exit', code });
});
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (thrown: unknown) => {
    emit({ type: 'crash', error: errorInfo(thrown) });
    finished = true;
    process.exit(1);
  });
}

// The request arrives on stdin, read to its end before anything runs (the parent writes it and closes the pipe).
const request = JSON.parse(readFileSync(0, 'utf8')) as ChildRequest;
if (request.channelFile !== undefined) useChannelFile(request.channelFile);
const fileUrl = pathToFileURL(request.file).href;
beforeLoadingFor(request.pass);
/** Bun and Deno load modules themselves; in Node, ubench's loader (engine/loader/) hands each benchmark its own instance. */
const ownRuntime = THIS_RUNTIME_TRAITS.ubenchLoader ? null : THIS_RUNTIME_TRAITS.display;
await runRequest(request, {
  load: async () => {
    // Bun and Deno resolve imports themselves: another benchmark API's package would be the real one (foreign-imports.ts).
    if (ownRuntime !== null) refuseForeignImports(ownRuntime, request.file, request.displayFile);
    // vitest's globals: true (vitest-globals.ts); a project config is loaded only by Node, in a process of its own.
    const globalsHint = await prepareVitestGlobals(request.file, ownRuntime === null);
    try {
      return await import(fileUrl);
    } catch (thrown) {
      if (thrown instanceof Error) thrown.message += globalsHint(thrown);
      throw thrown;
    }
  },
  instances: ownRuntime === null && loaderActive() ? { load: (k, until) => importInstance(fileUrl, k, packageRoot, until), heapBytes: retainedHeapBytes } : null,
  sharedModules: `${ownRuntime ?? 'this process'} loads the modules without ubench's loader: the benchmarks of a file share one instance of them (--isolate benchmark gives each its own process)`,
  interop: ownRuntime === null ? interopOf() : undefined,
  settle: () => settleThreads(),
  emit,
  errorInfo,
  jitControl: THIS_RUNTIME_TRAITS.jitControl === 'bun-jsc' ? await createJscControl() : createJitControl(),
  deoptLog: request.deoptLogPath === null ? null : new DeoptLogReader(request.deoptLogPath),
  cwd,
  isHarness: (location: string) => isHarnessFile(path.resolve(cwd, location), packageRoot),
  pid: process.pid,
  execArgv: process.execArgv,
  identity: THIS_RUNTIME,
  runPass,
});
emit({ type: 'done' });
finished = true;
// User code may leave timers or sockets open; the results are delivered, so end the process now.
process.exit(0);
