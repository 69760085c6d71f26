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
}

export function readSchedstat(): SchedReading | null {
  try {
    const [onCpu, waiting] = readFileSync(SCHEDSTAT, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isFinite(onCpu) && Number.isFinite(waiting) ? { onCpuNs: onCpu!, waitingNs: waiting! } : null;
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
