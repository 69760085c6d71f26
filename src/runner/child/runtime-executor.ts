/**
 * The executor of a run over several runtimes: a browser for `chromium`, a process for the rest
 * (Node, another Node, Bun, Deno), chosen by each request's runtime.
 */
import type { Executor } from './executor.js';
import { createProcessExecutor, type ProcessExecutorOptions } from './process-executor.js';
import { createBrowserExecutor } from '../runtimes/browser-executor.js';

export function createRuntimeExecutor(options: ProcessExecutorOptions & { cwd: string }): Executor {
  const processes = createProcessExecutor(options);
  let browsers: Executor | null = null;
  return (request, handlers) => {
    if (request.runtime?.kind !== 'chromium') return processes(request, handlers);
    browsers ??= createBrowserExecutor({ relay: options.relay, cwd: options.cwd });
    return browsers(request, handlers);
  };
}
