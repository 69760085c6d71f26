/**
 * SMT (hyper-threading): two hardware threads of one core share its execution units, so work on one
 * slows code of much instruction-level parallelism on the other. Warns when two CPUs ubench may use
 * are threads of one core; a VM may hide SMT altogether (its vCPUs can still be threads of shared
 * physical cores, which only the shared-core check sees).
 */
import { cannotTell, cpuList, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

export const smt: DoctorCheck = {
  id: 'smt',
  title: 'SMT (hyper-threading)',
  momentary: false,
  judge(r) {
    if (isUnread(r.smt)) return cannotTell(this, r.smt, 'the shared-core check sees another thread at work on the core');
    const s = r.smt;
    const allowed = r.cpus.allowed;
    const siblings = isUnread(r.cpus.siblings) ? null : r.cpus.siblings;
    const shared = siblings === null || allowed === null ? [] : siblings.filter((group) => group.filter((cpu) => allowed.includes(cpu)).length > 1);
    const data = { control: s.control, active: s.active, sharedCores: shared.map((g) => cpuList(g)) };
    if (s.control === 'notsupported' || s.control === 'notimplemented') {
      return finding(
        this,
        'unknown',
        `cannot tell: the kernel exposes no SMT (smt/control: ${s.control}); in a VM its CPUs may still be threads of shared physical cores, which the shared-core check sees.`,
        null,
        data,
      );
    }
    if (s.active !== true) return finding(this, 'ok', `off (smt/control: ${s.control}): each CPU is a core of its own.`, null, data);
    if (shared.length === 0) return finding(this, 'ok', `on (smt/control: ${s.control}), but no two CPUs ubench may use are threads of one core.`, null, data);
    return finding(
      this,
      'warn',
      `on (smt/control: ${s.control}): CPUs ${shared.map((g) => cpuList(g)).join('; ')} are threads of one core each, and ubench may use both: work on one slows the other.`,
      'pin ubench to one thread per core (taskset -c), or turn SMT off while measuring (echo off | sudo tee /sys/devices/system/cpu/smt/control)',
      data,
    );
  },
};
