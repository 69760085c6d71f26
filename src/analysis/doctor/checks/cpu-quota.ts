/**
 * A container's CPU quota (cgroup v2 cpu.max, v1 cpu.cfs_quota_us / cfs_period_us): once the group's
 * threads have used the quota in a period, all of them stop until the period ends — a pause of up to
 * the rest of the period (100 ms by default) inside whatever sample is running.
 */
import { cannotTell, cpusText, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

/** A quota below one CPU stops even the benchmark's thread alone every period. */
export const QUOTA_UNFIT_CPUS = 1;

export const cpuQuota: DoctorCheck = {
  id: 'cpu-quota',
  title: "the container's CPU quota",
  momentary: false,
  judge(r) {
    if (isUnread(r.quota)) return cannotTell(this, r.quota);
    const q = r.quota;
    const throttled = q.throttledPeriods === null ? '' : `; throttled in ${q.throttledPeriods} periods so far`;
    const data = { quotaCpus: q.cpus, periodUs: q.periodUs, throttledPeriods: q.throttledPeriods, source: q.source };
    if (q.cpus === null) return finding(this, 'ok', `no CPU quota (${q.source})${throttled}.`, null, data);
    const period = q.periodUs === null ? 'each period' : `each ${(q.periodUs / 1e3).toFixed(0)} ms period`;
    const evidence = `a quota of ${cpusText(q.cpus)} per period (${q.source})${throttled}`;
    const allowed = r.cpus.allowed?.length ?? r.cpus.online;
    const advice = "run ubench where the quota is at least the CPUs it may use (docker run --cpus, the pod's CPU limit), or without one";
    if (q.cpus < QUOTA_UNFIT_CPUS) {
      return finding(this, 'unfit', `${evidence}: even the benchmark's thread alone uses it up and is stopped for the rest of ${period}, inside its samples.`, advice, data);
    }
    if (q.cpus < allowed) {
      return finding(this, 'warn', `${evidence}, less than the ${allowed} CPUs it may run on: when its threads together use more, all stop for the rest of ${period}.`, advice, data);
    }
    return finding(this, 'ok', `${evidence}, no less than the ${allowed} CPUs it may run on.`, null, data);
  },
};
