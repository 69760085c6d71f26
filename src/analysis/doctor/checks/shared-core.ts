/**
 * Whether another hardware thread of the same cores is at work: the throughput reference (an empty
 * counted loop, code of much instruction-level parallelism) against this machine's usual, which
 * another thread on the core slows while the latency reference does not (engine/host/host-reference.ts:
 * 1.5–1.8× its usual with another tenant, docs/design.md §8). The CPUs of this machine that were
 * busy during the check tell a neighbour here from one outside (another tenant of the host).
 */
import { MIN_CALIBRATION_RUNS, USUAL_THROUGHPUT_BAND } from '../../run-host-speed.js';
import { formatDuration } from '../../../results/text/format-units.js';
import { cannotTell, cpusText, type DoctorCheck, finding, pct } from '../doctor-check.js';
import { type CpuWindow, type DoctorReadings, isUnread } from '../readings.js';
import { stillLearning } from './host-speed.js';

/**
 * Slower by this much or more is unfit: a quarter off for code of much instruction-level
 * parallelism is past every band ubench compares with, while quiet runs spread ±6% (USUAL_THROUGHPUT_BAND).
 */
export const SHARED_CORE_UNFIT = 0.25;
/** Other processes using this many CPUs or more may be the other thread. */
export const BUSY_CPU = 0.5;

/** `cpu0 100%, cpu1 98%`: each CPU's busy share during the check (the check itself keeps one busy). */
export function perCpuText(window: CpuWindow): string {
  return window.perCpu.map((c) => `cpu${c.cpu} ${pct(c.busy)}`).join(', ');
}

/** Where the other thread is likely to be: a process of this machine, or outside it. */
function whose(r: DoctorReadings): string {
  if (isUnread(r.window)) return 'whether it is a process of this machine cannot be told (no CPU accounting)';
  const others = r.window.othersCpus;
  const siblings = isUnread(r.cpus.siblings) ? null : r.cpus.siblings;
  const shareCore = siblings?.some((s) => s.length > 1) === true;
  if (others >= BUSY_CPU) {
    return `other processes of this machine used ${cpusText(others)} meanwhile (busy: ${perCpuText(r.window)}, the check itself keeping one)${shareCore ? ', on CPUs that are threads of shared cores' : ', which may be threads of the same physical cores'}: see the load check`;
  }
  return `this machine's other CPUs were idle (other processes used ${cpusText(others)}): another tenant of the physical host, which nothing here can stop`;
}

export const sharedCore: DoctorCheck = {
  id: 'shared-core',
  title: 'another hardware thread of the same cores',
  momentary: true,
  judge(r) {
    if (isUnread(r.speed)) return cannotTell(this, r.speed);
    const s = r.speed;
    const now = `throughput reference ${formatDuration(s.throughputNs)} per 1,000 iterations`;
    if (s.usualThroughputNs === null || s.calibrationRuns < MIN_CALIBRATION_RUNS) {
      return stillLearning(this, now, s.calibrationRuns, { throughputNs: s.throughputNs, calibrationRuns: s.calibrationRuns });
    }
    const off = s.throughputNs / s.usualThroughputNs - 1;
    const data = { throughputNs: s.throughputNs, usualThroughputNs: s.usualThroughputNs, slower: off };
    const against = `${now} against its usual ${formatDuration(s.usualThroughputNs)}`;
    const advice = 'wait for it to pass (ubench --wait-for-quiet <duration>), measure on dedicated cores, or count instructions instead (--instructions: a figure the host does not move)';
    if (off >= SHARED_CORE_UNFIT) {
      return finding(this, 'unfit', `${pct(off)} slower than usual: ${against}, so another hardware thread of this core is at work; ${whose(r)}.`, advice, data);
    }
    if (off >= USUAL_THROUGHPUT_BAND) {
      return finding(this, 'warn', `${pct(off)} slower than usual: ${against}; code of much instruction-level parallelism runs that much slower now; ${whose(r)}.`, advice, data);
    }
    return finding(this, 'ok', `no sign of one: ${against} (${off >= 0 ? `+${pct(off)}` : `−${pct(-off)}`}, within ${pct(USUAL_THROUGHPUT_BAND)}).`, null, data);
  },
};
