/**
 * Waits, before a benchmark page starts, until the browser's own start-up work is over. Chromium's
 * processes keep both cores of a 2-core machine busy for about 1.5 s after its first tab opens
 * (measured here: 90–190% CPU in 200 ms windows, then 0–10%); a page that measured from its first
 * task shared the machine with that burst and read a 1,024-step chain 8–17% slower than the same
 * chain timed by hand, and within ±3% once the burst was over.
 *
 * On Linux the browser's process group is watched through `/proc` until its CPU use is quiet;
 * elsewhere a fixed wait stands in for it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Length of one observation window: the bursts measured here were steady over 200 ms windows. */
export const SETTLE_WINDOW_MS = 200;

/**
 * A window is quiet when the browser's processes used at most this share of one core: idle windows
 * read 0–10% here (a timer, a heartbeat), start-up windows 90–190%.
 */
export const QUIET_CORE_SHARE = 0.25;

/** Quiet windows in a row that end the wait: one alone may be a pause between two phases of start-up. */
export const QUIET_WINDOWS = 2;

/**
 * The longest wait: a browser that stays busy (a slow machine, a stuck process) must not hold the run
 * up; the burst measured here lasted 1.5 s, and a benchmark process has 30 s to start.
 */
export const SETTLE_CAP_MS = 10_000;

/** The wait where `/proc` cannot be read: the start-up burst measured here lasted 1.5 s. */
export const FIXED_SETTLE_MS = 2_000;

/** Clock ticks per second of `/proc/<pid>/stat`'s CPU times: Linux's USER_HZ, 100 on every architecture it exports. */
const USER_HZ = 100;

export interface SettleDeps {
  /** CPU time, in ms, used so far by the browser's processes; null when it cannot be read. */
  cpuMs(): number | null;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface SettleOutcome {
  /** `proc`: watched until quiet (or the cap); `fixed`: waited {@link FIXED_SETTLE_MS} blind. */
  method: 'proc' | 'fixed';
  /** True when two quiet windows ended the wait; false after the cap, or when waiting blind. */
  quiet: boolean;
  waitedMs: number;
}

/** Waits until the browser's processes are quiet for {@link QUIET_WINDOWS} windows in a row, at most {@link SETTLE_CAP_MS}. */
export async function waitForQuietBrowser(deps: SettleDeps): Promise<SettleOutcome> {
  const start = deps.now();
  let previous = deps.cpuMs();
  if (previous === null) {
    await deps.sleep(FIXED_SETTLE_MS);
    return { method: 'fixed', quiet: false, waitedMs: deps.now() - start };
  }
  let quietInARow = 0;
  let windowStart = start;
  while (deps.now() - start < SETTLE_CAP_MS) {
    await deps.sleep(SETTLE_WINDOW_MS);
    const current = deps.cpuMs();
    const at = deps.now();
    if (current === null) break;
    const share = (current - previous) / Math.max(1, at - windowStart);
    previous = current;
    windowStart = at;
    quietInARow = share <= QUIET_CORE_SHARE ? quietInARow + 1 : 0;
    if (quietInARow >= QUIET_WINDOWS) return { method: 'proc', quiet: true, waitedMs: at - start };
  }
  return { method: 'proc', quiet: false, waitedMs: deps.now() - start };
}

/**
 * CPU time (user + system, in ms) of every process in process group `pgid`, from `/proc/<pid>/stat`;
 * null when `procRoot` cannot be listed (not Linux). Processes that end while being read are skipped.
 */
export function processGroupCpuMs(pgid: number, procRoot = '/proc'): number | null {
  let entries: string[];
  try {
    entries = readdirSync(procRoot);
  } catch {
    return null;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`${procRoot}/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces and parentheses): state ppid pgrp … utime stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / USER_HZ;
}
