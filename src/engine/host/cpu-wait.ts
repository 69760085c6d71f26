/**
 * Contention: how long this thread waited for a CPU while it was runnable, from Linux's
 * `/proc/thread-self/schedstat` (time on CPU, time waiting on the run queue, in ns). A machine busy
 * with other work does not slow the throttling reference's fastest run (some runs always fit
 * between preemptions), but it does make the benchmark wait: that wait is what this measures.
 * Elsewhere (no procfs) the reading is null and contention is not judged.
 */
import { readFileSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';

export interface SchedReading {
  onCpuNs: number;
  waitingNs: number;
  /** CPU time of the whole process (every thread), ns. */
  processCpuNs: number;
  wallNs: number;
}

export function readSchedstat(): SchedReading | null {
  try {
    const [onCpu, waiting] = readFileSync(SCHEDSTAT, 'utf8').trim().split(/\s+/).map(Number);
    if (!Number.isFinite(onCpu) || !Number.isFinite(waiting)) return null;
    const usage = process.cpuUsage();
    return { onCpuNs: onCpu!, waitingNs: waiting!, processCpuNs: (usage.user + usage.system) * 1e3, wallNs: Number(process.hrtime.bigint()) };
  } catch {
    return null;
  }
}

/** Share of the runnable time between two readings spent waiting for a CPU, or null. */
export function waitShare(from: SchedReading | null, to: SchedReading | null): number | null {
  if (from === null || to === null) return null;
  const onCpu = to.onCpuNs - from.onCpuNs;
  const waiting = to.waitingNs - from.waitingNs;
  return onCpu + waiting > 0 ? waiting / (onCpu + waiting) : null;
}

/**
 * CPU the process's other threads (V8's GC and compiler threads) used between two readings, as a
 * share of the wall time: when they are busy, the main thread's wait is the benchmark's own doing.
 */
export function helperThreadsShare(from: SchedReading | null, to: SchedReading | null): number | null {
  if (from === null || to === null) return null;
  const wall = to.wallNs - from.wallNs;
  const helpers = to.processCpuNs - from.processCpuNs - (to.onCpuNs - from.onCpuNs);
  return wall > 0 ? Math.max(0, helpers) / wall : null;
}

/**
 * The part of other programs' wait over a sample's window (`othersWaitNs`: the wait the process's
 * own helper threads cannot account for) that falls in its timed part, ns: the timed part's share of
 * the window. A sample's window also holds untimed work (the states of `state: 'per-call'`, made
 * before each chunk of calls, can be most of it), and a timeslice lands anywhere in the window, so
 * the whole window's wait taken off the timed part alone would make a sample that waited look faster
 * than it ran.
 */
export function timedPartWait(othersWaitNs: number, windowNs: number, timedNs: number): number {
  return windowNs > 0 ? othersWaitNs * Math.min(1, Math.max(0, timedNs) / windowNs) : othersWaitNs;
}
