/**
 * Load from other processes: the CPUs' worth of time everything but ubench used on the CPUs ubench
 * may run on during the check (/proc/stat less this process's own time), the processes that used
 * most (/proc/<pid>/stat), steal time, and the load average as background. A benchmark process needs
 * a CPU for its thread and some for V8's compiler and GC threads and for ubench itself: work of
 * other programs on the same CPUs lands inside its samples as waiting.
 */
import { perCpuText } from './shared-core.js';
import { cannotTell, cpuList, cpusText, type DoctorCheck, finding, pct } from '../doctor-check.js';
import { type DoctorReadings, isUnread } from '../readings.js';

/** Other processes using this many CPUs or more warn: bursts of a quarter CPU preempt samples of 10 ms. */
export const OTHER_LOAD_WARN = 0.25;
/** This many CPUs or more of others' use is unfit when it leaves fewer than MIN_FREE_CPUS free. */
export const OTHER_LOAD_UNFIT = 0.5;
/** A benchmark's thread, V8's helper threads (GC, compiler) and ubench's own process need about this many CPUs. */
export const MIN_FREE_CPUS = 1.5;
/** Steal of this share or more warns: the hypervisor ran other guests on this machine's CPUs. */
export const STEAL_WARN = 0.05;

/** The CPUs the check counted, for the evidence. */
function allowedCount(r: DoctorReadings): number {
  return r.cpus.allowed?.length ?? r.cpus.online;
}

export const otherLoad: DoctorCheck = {
  id: 'other-load',
  title: 'load from other processes',
  momentary: true,
  judge(r) {
    if (isUnread(r.window)) return cannotTell(this, r.window);
    const w = r.window;
    const cpus = allowedCount(r);
    const free = cpus - w.othersCpus;
    const top = w.top.map((p) => `${p.command} (pid ${p.pid}) ${cpusText(p.cpus)}`).join('; ');
    const load = isUnread(r.loadavg) ? '' : `; load average ${r.loadavg[0].toFixed(2)} over the last minute`;
    const where = r.cpus.allowed === null ? `${cpus} CPUs` : `the ${cpus} CPUs this process may use (${cpuList(r.cpus.allowed)})`;
    const evidence =
      `other processes used ${Number(w.othersCpus.toFixed(2))} of ${where} during the ${(w.ms / 1e3).toFixed(1)} s check` +
      `${top === '' ? '' : `: ${top}`}; busy ${perCpuText(w)} (the check itself used ${cpusText(w.ownCpus)})` +
      `; steal ${pct(w.stealShare)}${load}.`;
    const data = {
      othersCpus: w.othersCpus,
      ownCpus: w.ownCpus,
      freeCpus: free,
      allowedCpus: cpus,
      stealShare: w.stealShare,
      windowMs: w.ms,
      topPids: w.top.map((p) => p.pid),
      topCpus: w.top.map((p) => p.cpus),
      topCommands: w.top.map((p) => p.command),
      loadavg1: isUnread(r.loadavg) ? null : r.loadavg[0],
    };
    const advice = 'stop them or wait for them (ubench --wait-for-quiet <duration>); or give ubench CPUs they do not use (taskset -c <cpus> npx ubench …)';
    if (w.othersCpus >= OTHER_LOAD_UNFIT && free < MIN_FREE_CPUS) {
      return finding(this, 'unfit', `${cpusText(free)} left free, fewer than a benchmark and its helper threads need (${MIN_FREE_CPUS}): ${evidence}`, advice, data);
    }
    if (w.othersCpus >= OTHER_LOAD_WARN) return finding(this, 'warn', `busy: ${evidence}`, advice, data);
    if (w.stealShare >= STEAL_WARN)
      return finding(
        this,
        'warn',
        `the hypervisor gave ${pct(w.stealShare)} of this machine's CPU time to other guests: ${evidence}`,
        'measure when the host is less busy, or on dedicated CPUs',
        data,
      );
    return finding(this, 'ok', `quiet: ${evidence}`, null, data);
  },
};
