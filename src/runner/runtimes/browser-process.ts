/**
 * One Chromium, started by playwright-core's `chromium.launch`: playwright drives it over a pipe
 * (`--remote-debugging-pipe`), so the browser listens on no socket another local user could reach.
 * playwright's own SIGINT/SIGTERM/SIGHUP handlers stay off: the CLI stops a run on those signals and
 * ends each browser through `kill()` here. The browser leads its own process group (playwright
 * starts it detached), so a kill ends its renderers and helpers too. Its TMPDIR is a folder of
 * ubench's, removed once the browser has ended: Chromium keeps its single-instance socket in a
 * folder of the temporary directory and removes it only when it exits by itself, so every killed
 * browser (Ctrl-C, a lost page) left a `/tmp/org.chromium.Chromium.*` behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../usage-error.js';

interface Playwright {
  chromium: { launch(options: LaunchOptions): Promise<Browser> };
}
interface LaunchOptions {
  executablePath: string;
  args: string[];
  headless: boolean;
  handleSIGINT: boolean;
  handleSIGTERM: boolean;
  handleSIGHUP: boolean;
  env: NodeJS.ProcessEnv;
}
/** The browser process as Node started it (inside playwright's in-process server). */
interface ExitingProcess {
  pid?: number;
  exitCode: number | null;
  signalCode: string | null;
  once(event: 'exit', listener: () => void): void;
}
export interface Browser {
  version(): string;
  newBrowserCDPSession(): Promise<{ send(method: string): Promise<unknown> }>;
  newPage(): Promise<unknown>;
  close(): Promise<void>;
  isConnected(): boolean;
  on(event: 'disconnected', listener: () => void): void;
}

/** How long a lost browser's exit status is awaited after its pipe closed: Node saw the exit within 5 ms of a SIGKILL here. */
const EXIT_NOTICE_MS = 1_000;

let playwright: Promise<Playwright> | null = null;

/** playwright-core, from the project or ubench's own dependencies; a one-line error when missing. */
function loadPlaywright(): Promise<Playwright> {
  playwright ??= import('playwright-core' as string).then(
    (module) => ((module as { default?: Playwright }).default ?? module) as Playwright,
    () => {
      throw new UsageError('--runtime chromium needs playwright-core: install it with `npm install --save-dev playwright-core`');
    },
  );
  return playwright;
}

/**
 * The browser's process, where playwright runs in this process (its default): the same object its
 * public `ElectronApplication.process()` returns for Electron. Null with another playwright build.
 */
function nodeProcessOf(browser: Browser): ExitingProcess | null {
  const inProcess = browser as unknown as { _connection?: { toImpl?: (object: unknown) => unknown } };
  try {
    const impl = inProcess._connection?.toImpl?.(browser) as { options?: { browserProcess?: { process?: ExitingProcess } } } | undefined;
    const child = impl?.options?.browserProcess?.process;
    return child !== undefined && typeof child.pid === 'number' ? child : null;
  } catch {
    return null;
  }
}

/** The browser's pid as the browser itself reports it over the DevTools protocol. */
async function reportedPid(browser: Browser): Promise<number | null> {
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo?: { type: string; id: number }[] };
  return info.processInfo?.find((p) => p.type === 'browser')?.id ?? null;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** The browser process's pid: its process group's id. Null if neither playwright nor the browser told it. */
  pid: number | null;
  /** How the browser ended, for a one-line message (`signal SIGKILL`, `code 1`, or what is known), once it has. */
  exitDescription(): Promise<string>;
  /** SIGKILL to the browser's process group, at once; then lets playwright reap it. */
  kill(): void;
}

/** A temporary folder for one browser, and its removal (once; also at ubench's exit, should that come first). */
function browserTmpdir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-browser-'));
  const remove = (): void => {
    process.off('exit', remove);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  return { dir, remove };
}

export async function launchBrowser(executablePath: string, args: string[]): Promise<LaunchedBrowser> {
  const { chromium } = await loadPlaywright();
  const tmp = browserTmpdir();
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, args, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, env: { ...process.env, TMPDIR: tmp.dir } });
  } catch (error) {
    tmp.remove();
    throw error;
  }
  const child = nodeProcessOf(browser);
  if (child === null) browser.on('disconnected', tmp.remove);
  else if (child.exitCode !== null || child.signalCode !== null) tmp.remove();
  else child.once('exit', tmp.remove);
  let pid: number | null = child?.pid ?? null;
  if (pid === null) {
    try {
      pid = await reportedPid(browser);
    } catch (error) {
      void browser.close().catch(() => {});
      throw error;
    }
  }
  const groupId = pid;
  return {
    browser,
    pid,
    async exitDescription() {
      // The pipe may close a moment before Node sees the process exit.
      if (child !== null && child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, EXIT_NOTICE_MS);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (child?.signalCode != null) return `signal ${child.signalCode}`;
      if (child?.exitCode != null) return `code ${child.exitCode}`;
      return 'its connection to ubench closed';
    },
    kill() {
      try {
        if (groupId !== null) process.kill(-groupId, 'SIGKILL');
      } catch {
        // Already gone.
      }
      void browser.close().catch(() => {});
    },
  };
}
