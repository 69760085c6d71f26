/**
 * Waits, after the bench file is loaded and before anything is measured, until the process's other
 * threads are quiet. Loading leaves V8 work on its background threads (a large module's code being
 * optimized, the garbage of start-up), and those are the threads that optimize the benchmark's code;
 * WebAssembly compiled on the loader thread was measured to delay that (a loop that deoptimizes after
 * 3 million calls was optimized too late in 3 runs of 4 with a busy second core). A guard, not a
 * cure: with TypeScript loaded on the loader thread, neither this wait nor a 3 s pause changed that
 * loop's outcome (6 runs of 6), and the compilers now run in processes of their own. The wait ends
 * when the other threads used under a quarter of a core in two windows in a row (as a browser's
 * start-up is waited out, browser-settle.ts). It ended after its first two windows on every file
 * measured, so the windows are short: the wait is paid by every benchmark process of every run.
 */
import { readSchedstat, type SchedReading } from './cpu-wait.js';

/** Length of one window of the wait: other threads busy for over ~6 ms of it (a quarter) make it a busy one. */
export const SETTLE_WINDOW_MS = 25;
/** The other threads' CPU, as a share of a window's wall time, under which a window is quiet. */
export const QUIET_HELPER_SHARE = 0.25;
/** Quiet windows in a row that end the wait. */
export const QUIET_WINDOWS = 2;
/** Longest wait: a process whose helpers never go quiet (a benchmark's own worker threads) is measured anyway. */
export const SETTLE_CAP_MS = 3_000;

export interface SettleDeps {
  read(): SchedReading | null;
  sleep(ms: number): Promise<unknown>;
}

export interface Settled {
  /** Time waited, ms. */
  waitedMs: number;
  /** Whether the threads went quiet (false: the cap, or no /proc to tell). */
  quiet: boolean;
}

/** The other threads' CPU over wall time between two readings. */
function helperShare(from: SchedReading, to: SchedReading): number {
  const wall = to.wallNs - from.wallNs;
  const helpers = to.processCpuNs - from.processCpuNs - (to.onCpuNs - from.onCpuNs);
  return wall > 0 ? Math.max(0, helpers) / wall : 0;
}

export async function settleThreads(deps: SettleDeps = { read: readSchedstat, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }): Promise<Settled> {
  let last = deps.read();
  if (last === null) return { waitedMs: 0, quiet: false };
  const start = last.wallNs;
  let quietInRow = 0;
  while ((last.wallNs - start) / 1e6 < SETTLE_CAP_MS) {
    await deps.sleep(SETTLE_WINDOW_MS);
    const now = deps.read();
    if (now === null) return { waitedMs: (last.wallNs - start) / 1e6, quiet: false };
    quietInRow = helperShare(last, now) < QUIET_HELPER_SHARE ? quietInRow + 1 : 0;
    last = now;
    if (quietInRow >= QUIET_WINDOWS) return { waitedMs: (now.wallNs - start) / 1e6, quiet: true };
  }
  return { waitedMs: (last.wallNs - start) / 1e6, quiet: false };
}
