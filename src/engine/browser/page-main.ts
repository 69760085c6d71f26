/**
 * Entry point of a benchmark page (Chromium): the bundle the runner builds for one request starts
 * here, with the bench file bundled in. It runs the same engine as a benchmark process
 * (run-request.ts) and sends every event to the parent through the page binding `__ubenchEmit`.
 * Error locations are bundle positions here; the parent maps them back through the source map.
 */
import type { RuntimeIdentity } from '../../results/runtime-identity.js';
import type { ErrorInfo } from '../../results/types.js';
import { createJitControl } from '../loop/jit-tier.js';
import { PAGE_EMIT_BINDING, PAGE_SETTLE_BINDING, type ChildEvent, type ChildRequest } from '../process/events.js';
import { pageDeoptLog } from './page-deopt-log.js';
import { runPagePass } from './page-profile-pass.js';
import { toErrorInfo } from '../process/error-info.js';
import { runRequest } from '../process/run-request.js';

type Emitter = (line: string) => void;

function emitter(): Emitter {
  const binding = (globalThis as unknown as Record<string, Emitter | undefined>)[PAGE_EMIT_BINDING];
  if (binding === undefined) throw new Error(`the page has no ${PAGE_EMIT_BINDING} binding`);
  return binding;
}

/** What was thrown, as a process reports it; positions are the bundle's until the parent maps them. */
export const pageErrorInfo = (thrown: unknown): ErrorInfo => toErrorInfo(thrown, '\u0000', '\u0000');

export async function startPage(request: ChildRequest, identity: RuntimeIdentity, load: () => Promise<unknown>): Promise<void> {
  const send = emitter();
  const emit = (event: ChildEvent): void => send(JSON.stringify(event));
  let finished = false;
  const crash = (thrown: unknown): void => {
    if (finished) return;
    finished = true;
    emit({ type: 'crash', error: pageErrorInfo(thrown) });
    emit({ type: 'exit', code: 1 });
  };
  const page = globalThis as unknown as { addEventListener(type: string, listener: (event: { error?: unknown; message?: string; reason?: unknown }) => void): void };
  page.addEventListener('error', (event) => crash(event.error ?? event.message));
  page.addEventListener('unhandledrejection', (event) => crash(event.reason));
  // Not while the browser and this page are still starting: the parent answers when they are quiet.
  const settle = (globalThis as unknown as Record<string, (() => Promise<unknown>) | undefined>)[PAGE_SETTLE_BINDING];
  if (settle !== undefined) await settle();
  await runRequest(request, {
    load,
    emit,
    errorInfo: pageErrorInfo,
    jitControl: createJitControl(),
    deoptLog: request.deoptLogPath === null ? null : pageDeoptLog,
    cwd: '/',
    isHarness: () => false,
    pid: 1,
    execArgv: [],
    identity,
    runPass: runPagePass,
    instances: null,
    sharedModules: 'a page runs its file as one bundle: the benchmarks of a file share one instance of its modules (--isolate benchmark gives each its own page)',
  });
  if (finished) return;
  finished = true;
  emit({ type: 'done' });
}
