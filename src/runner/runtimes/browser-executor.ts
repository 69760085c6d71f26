/**
 * Starts each benchmark "process" as a fresh Chromium with one page (runner/child/executor.ts's seam):
 * the bench file bundled with the engine (page-bundle.ts), served cross-origin isolated
 * (page-server.ts), driven through playwright-core over a pipe (browser-process.ts). V8's natives
 * and forced GC come from `--js-flags`; events arrive through a one-way protocol binding; the page
 * measures once the browser is quiet (browser-settle.ts); a kill ends the browser's process group,
 * and a browser lost from outside (killed, crashed) ends the benchmark with that reason.
 */
import { fileURLToPath } from 'node:url';
import { PAGE_EMIT_BINDING, PAGE_PROFILER_BINDING, PAGE_SETTLE_BINDING, type ChildEvent, type ChildRequest, type RuntimeTarget } from '../../engine/process/events.js';
import type { RuntimeIdentity } from '../../results/runtime-identity.js';
import type { ChildExit, Executor } from '../child/executor.js';
import { UsageError } from '../usage-error.js';
import { parseEvent } from '../channel/parse-event.js';
import { launchBrowser, type LaunchedBrowser } from './browser-process.js';
import { BundleError, bundlePage } from './page-bundle.js';
import { pageDeoptFiles } from './page-deopt-files.js';
import { deoptFlags, UP_FRONT_V8_FLAGS } from './launch-plan.js';
import { pagePositionMapper, type PositionMapper } from './page-positions.js';
import { pageProfiler, type CdpSession } from './page-profiler.js';
import { processGroupCpuMs, waitForQuietBrowser } from './browser-settle.js';
import { servePage, type PageServer } from './page-server.js';

const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Chromium's flags: V8's natives (tiers), `gc()` and quiet natives, as a Node child gets them; no
 * sandbox (CI containers run as root, where Chromium's sandbox cannot start); no GPU or /dev/shm use.
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** A DevTools protocol session that also delivers the protocol's events. */
interface EventedCdpSession extends CdpSession {
  on(event: 'Runtime.bindingCalled', listener: (called: { name: string; payload: string }) => void): void;
}
interface Page {
  exposeBinding(name: string, callback: (source: unknown, line: string) => unknown): Promise<void>;
  context(): { newCDPSession(page: Page): Promise<EventedCdpSession> };
  on(event: 'console', listener: (message: { text(): string; type(): string }) => void): void;
  on(event: 'crash' | 'close', listener: () => void): void;
  goto(url: string, options: { waitUntil: 'commit' }): Promise<unknown>;
}

/** Events that carry an error or deopts: their positions are the bundle's until mapped. */
function mapped(event: ChildEvent, map: PositionMapper): ChildEvent {
  if (event.type === 'load-error' || event.type === 'bench-error' || event.type === 'crash') return { ...event, error: map.error(event.error) };
  if (event.type === 'measured') return { ...event, result: { ...event.result, deopts: map.deopts(event.result.deopts) } };
  return event;
}

export interface BrowserExecutorOptions {
  relay: ((text: string) => void) | null;
  cwd: string;
}

export function createBrowserExecutor(options: BrowserExecutorOptions): Executor {
  return (request: ChildRequest, handlers) => {
    const runtime = request.runtime as RuntimeTarget;
    let launched: LaunchedBrowser | null = null;
    let page: PageServer | null = null;
    let ended = false;
    let stderrTail = '';
    const deoptLog = pageDeoptFiles();
    const end = (exit: ChildExit): void => {
      if (ended) return;
      ended = true;
      page?.close();
      deoptLog.remove();
      const closing = launched;
      launched = null;
      if (closing !== null) void closing.browser.close().catch(() => closing.kill());
      handlers.onExit({ ...exit, stderrTail: exit.stderrTail || stderrTail });
    };
    /** Lost from outside (killed, crashed): whatever of its group is left goes too, and the benchmark fails saying so. */
    const lost = (browser: LaunchedBrowser): void => {
      if (ended) return;
      browser.kill();
      void browser.exitDescription().then((how) => end({ code: null, signal: null, stderrTail: '', reason: `the browser exited (${how})` }));
    };
    const start = async (): Promise<void> => {
      // The deoptimization log is written by the renderer (possible without the sandbox): a file per process.
      const jsFlags = [...UP_FRONT_V8_FLAGS, ...deoptFlags(deoptLog.logfile), ...(request.nodeFlags ?? [])].join(' ');
      const started = await launchBrowser(runtime.executable, [...CHROMIUM_ARGS, `--js-flags=${jsFlags}`]);
      // Stopped while the browser was starting: it goes at once.
      if (ended) return started.kill();
      launched = started;
      const { browser } = started;
      browser.on('disconnected', () => lost(started));
      const { jsVersion } = (await (await browser.newBrowserCDPSession()).send('Browser.getVersion')) as { jsVersion: string };
      const identity: RuntimeIdentity = { runtime: 'chromium', runtimeVersion: browser.version(), v8Version: jsVersion };
      let bundle: Awaited<ReturnType<typeof bundlePage>>;
      try {
        bundle = await bundlePage({ ...request, deoptLogPath: deoptLog.logfile }, identity, options.cwd);
      } catch (error) {
        if (!(error instanceof BundleError)) throw error;
        handlers.onEvent({ type: 'load-error', error: error.info });
        handlers.onEvent({ type: 'done' });
        end({ code: 0, signal: null, stderrTail: '' });
        return;
      }
      if (ended) return;
      page = await servePage(bundle.code, deoptLog);
      if (ended) return page.close();
      const map = pagePositionMapper(page.bundleUrl, bundle.map, options.cwd, packageRoot);
      const tab = (await browser.newPage()) as Page;
      // Events travel one way, as a protocol binding: the page calls it and goes on. Playwright's own
      // bindings answer every call by evaluating a script in the page, and the inspector runs such a
      // script at once, inside whatever the page is timing: with the per-sample events of a run, a
      // 1,024-step chain read +3.4% against the hand loop instead of −1.2% without them (medians of 5
      // paired runs), its median sample 5–17% above its fastest instead of 2–5% (measured here).
      const events = await tab.context().newCDPSession(tab);
      events.on('Runtime.bindingCalled', ({ name, payload }) => {
        if (ended || name !== PAGE_EMIT_BINDING) return;
        // What the page sends is checked as a process's events are (channel/parse-event.ts); a bad one ends it.
        const parsed = parseEvent(payload);
        if (!('event' in parsed)) {
          handlers.onBadEvent(parsed.problem);
          return;
        }
        const event = mapped(parsed.event, map);
        handlers.onEvent(event);
        if (event.type === 'done') end({ code: 0, signal: null, stderrTail: '' });
        else if (event.type === 'exit') end({ code: event.code, signal: null, stderrTail: '' });
      });
      await events.send('Runtime.enable');
      await events.send('Runtime.addBinding', { name: PAGE_EMIT_BINDING });
      const browserPid = started.pid;
      await tab.exposeBinding(PAGE_SETTLE_BINDING, async () => {
        await waitForQuietBrowser({
          cpuMs: () => (browserPid === null ? null : processGroupCpuMs(browserPid)),
          now: () => performance.now(),
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        });
        return null;
      });
      if (request.pass?.kind === 'cpu-profile') {
        const answer = pageProfiler(await tab.context().newCDPSession(tab), { url: page.bundleUrl, map: bundle.map }, options.cwd, packageRoot);
        await tab.exposeBinding(PAGE_PROFILER_BINDING, (_source, line) => answer(line));
      }
      tab.on('console', (message) => {
        // After `done`, the page is being torn down: what it logs then (lost connections) is not the benchmark's.
        if (ended) return;
        const text = `${message.text()}\n`;
        if (message.type() === 'error') stderrTail = (stderrTail + text).slice(-4_096);
        options.relay?.(text);
      });
      tab.on('crash', () => end({ code: null, signal: 'SIGSEGV', stderrTail: 'the page crashed (out of memory, or a renderer fault)' }));
      // Not until 'load': the page measures from its first task on, and may hold the load event back.
      await tab.goto(page.url, { waitUntil: 'commit' });
    };
    start().catch((error: unknown) => {
      if (ended) return;
      // The browser went away under a playwright call: say so rather than the call's own error.
      if (launched !== null && !launched.browser.isConnected()) return lost(launched);
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      handlers.onEvent({ type: 'crash', error: { message: error instanceof UsageError ? message : `chromium: ${message}`, location: null, stack: null } });
      end({ code: 1, signal: null, stderrTail });
    });
    return {
      kill() {
        if (ended) return;
        launched?.kill();
        end({ code: null, signal: 'SIGKILL', stderrTail: '' });
      },
    };
  };
}
