/**
 * Starts each benchmark "process" as a fresh Chromium with one page (runner/executor.ts's seam):
 * the bench file bundled with the engine (page-bundle.ts), served cross-origin isolated
 * (page-server.ts), driven through playwright-core. V8's natives and forced GC come from
 * `--js-flags`; events arrive through a page binding; a kill ends the browser's process group.
 */
import { fileURLToPath } from 'node:url';
import { PAGE_EMIT_BINDING, type ChildEvent, type ChildRequest, type RuntimeTarget } from '../../engine/process/events.js';
import type { RuntimeIdentity } from '../../results/runtime-identity.js';
import type { ChildExit, Executor } from '../executor.js';
import { UsageError } from '../usage-error.js';
import { BundleError, bundlePage } from './page-bundle.js';
import { pagePositionMapper, type PositionMapper } from './page-positions.js';
import { servePage, type PageServer } from './page-server.js';

const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Chromium's flags: V8's natives (tiers), `gc()` and quiet natives, as a Node child gets them; no
 * sandbox (CI containers run as root, where Chromium's sandbox cannot start); no GPU or /dev/shm use.
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--js-flags=--allow-natives-syntax --expose-gc --fuzzing'];

interface Playwright {
  chromium: {
    launchServer(options: { executablePath: string; args: string[]; headless: boolean }): Promise<BrowserServer>;
    connect(wsEndpoint: string): Promise<Browser>;
  };
}
interface BrowserServer {
  wsEndpoint(): string;
  process(): { pid?: number; kill(signal: string): boolean };
  close(): Promise<void>;
}
interface Browser {
  version(): string;
  newBrowserCDPSession(): Promise<{ send(method: 'Browser.getVersion'): Promise<{ jsVersion: string }> }>;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface Page {
  exposeBinding(name: string, callback: (source: unknown, line: string) => void): Promise<void>;
  on(event: 'console', listener: (message: { text(): string; type(): string }) => void): void;
  on(event: 'crash' | 'close', listener: () => void): void;
  goto(url: string, options: { waitUntil: 'commit' }): Promise<unknown>;
}

let playwright: Promise<Playwright> | null = null;

/** playwright-core, from the project or ubench's own dependencies; a one-line error when missing. */
async function loadPlaywright(): Promise<Playwright> {
  playwright ??= import('playwright-core' as string).then(
    (module) => ((module as { default?: Playwright }).default ?? module) as Playwright,
    () => {
      throw new UsageError('--runtime chromium needs playwright-core: install it with `npm install --save-dev playwright-core`');
    },
  );
  return playwright;
}

/** Events that carry an error: their positions are the bundle's until mapped. */
function mapped(event: ChildEvent, map: PositionMapper): ChildEvent {
  if (event.type === 'load-error' || event.type === 'bench-error' || event.type === 'crash') return { ...event, error: map(event.error) };
  return event;
}

export interface BrowserExecutorOptions {
  relay: ((text: string) => void) | null;
  cwd: string;
}

export function createBrowserExecutor(options: BrowserExecutorOptions): Executor {
  return (request: ChildRequest, handlers) => {
    const runtime = request.runtime as RuntimeTarget;
    let server: BrowserServer | null = null;
    let page: PageServer | null = null;
    let ended = false;
    let stderrTail = '';
    const end = (exit: ChildExit): void => {
      if (ended) return;
      ended = true;
      page?.close();
      const closing = server;
      server = null;
      if (closing !== null) void closing.close().catch(() => closing.process().kill('SIGKILL'));
      handlers.onExit({ ...exit, stderrTail: exit.stderrTail || stderrTail });
    };
    const start = async (): Promise<void> => {
      const { chromium } = await loadPlaywright();
      server = await chromium.launchServer({ executablePath: runtime.executable, args: CHROMIUM_ARGS, headless: true });
      const browser = await chromium.connect(server.wsEndpoint());
      const { jsVersion } = await (await browser.newBrowserCDPSession()).send('Browser.getVersion');
      const identity: RuntimeIdentity = { runtime: 'chromium', runtimeVersion: browser.version(), v8Version: jsVersion };
      let bundle: Awaited<ReturnType<typeof bundlePage>>;
      try {
        bundle = await bundlePage(request, identity, options.cwd);
      } catch (error) {
        if (!(error instanceof BundleError)) throw error;
        handlers.onEvent({ type: 'load-error', error: error.info });
        handlers.onEvent({ type: 'done' });
        end({ code: 0, signal: null, stderrTail: '' });
        return;
      }
      page = await servePage(bundle.code);
      const map = pagePositionMapper(page.bundleUrl, bundle.map, options.cwd, packageRoot);
      const tab = await browser.newPage();
      await tab.exposeBinding(PAGE_EMIT_BINDING, (_source, line) => {
        if (ended) return;
        const event = mapped(JSON.parse(line) as ChildEvent, map);
        handlers.onEvent(event);
        if (event.type === 'done') end({ code: 0, signal: null, stderrTail: '' });
        else if (event.type === 'exit') end({ code: event.code, signal: null, stderrTail: '' });
      });
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
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      handlers.onEvent({ type: 'crash', error: { message: error instanceof UsageError ? message : `chromium: ${message}`, location: null, stack: null } });
      end({ code: 1, signal: null, stderrTail });
    });
    return {
      kill() {
        if (ended) return;
        const running = server;
        if (running !== null) {
          try {
            running.process().kill('SIGKILL');
          } catch {
            // Already gone.
          }
        }
        end({ code: null, signal: 'SIGKILL', stderrTail: '' });
      },
    };
  };
}
