/**
 * `process` inside a benchmark page: what the engine reads of it, from the page's own figures.
 * Injected into the page bundle (runner/runtimes/page-bundle.ts) so user code sees it too.
 */
interface PageMemory {
  usedJSHeapSize: number;
  totalJSHeapSize: number;
}

const memory = (): PageMemory | undefined => (performance as unknown as { memory?: PageMemory }).memory;

function memoryUsage(): { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number } {
  const m = memory();
  return { rss: m?.totalJSHeapSize ?? 0, heapUsed: m?.usedJSHeapSize ?? 0, heapTotal: m?.totalJSHeapSize ?? 0, external: 0, arrayBuffers: 0 };
}
memoryUsage.rss = (): number => memory()?.totalJSHeapSize ?? 0;

export const process = {
  /** Filled by the page's entry with the browser's identity (`chromium`, `v8`). */
  versions: {} as Record<string, string>,
  env: {} as Record<string, string | undefined>,
  argv: [] as string[],
  execArgv: [] as string[],
  pid: 1,
  platform: 'browser',
  cwd: (): string => '/',
  on: (): void => undefined,
  exit: (): void => undefined,
  memoryUsage,
  cpuUsage: (): { user: number; system: number } => ({ user: 0, system: 0 }),
};
