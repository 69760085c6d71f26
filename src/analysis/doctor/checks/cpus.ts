/**
 * CPU count and the CPUs this process may use (sched affinity: /proc/self/status Cpus_allowed_list,
 * which `taskset` and a container's cpuset set), and the CPUs kept from the scheduler (isolcpus),
 * where a benchmark runs undisturbed when ubench is pinned to them.
 */
import { cpuList, type DoctorCheck, finding } from '../doctor-check.js';

export const cpus: DoctorCheck = {
  id: 'cpus',
  title: 'CPUs and the ones ubench may use',
  momentary: false,
  judge(r) {
    const c = r.cpus;
    const allowed = c.allowed ?? [];
    const may =
      c.allowed === null ? 'which of them this process may use cannot be read' : `this process may use ${allowed.length === c.online ? 'all of them' : `${allowed.length}: ${cpuList(allowed)}`}`;
    const isolated = c.isolated.length === 0 ? 'none isolated' : `${cpuList(c.isolated)} isolated (isolcpus)`;
    const evidence = `${c.online} CPUs online (${c.model}); ${may}; ${isolated}.`;
    const data = { online: c.online, allowed: allowed, isolated: c.isolated };
    const unusedIsolated = c.isolated.filter((cpu) => !allowed.includes(cpu));
    if (c.allowed !== null && allowed.length === 1) {
      return finding(
        this,
        'warn',
        `${evidence} On one CPU the benchmark's thread shares it with V8's compiler and GC threads and with ubench: their work lands inside samples.`,
        "give ubench two CPUs or more (taskset -c, or the container's cpuset)",
        data,
      );
    }
    if (unusedIsolated.length > 0 && c.allowed !== null) {
      return finding(this, 'ok', evidence, `CPUs ${cpuList(unusedIsolated)} are kept free of other work: taskset -c ${cpuList(unusedIsolated)} npx ubench … measures there`, data);
    }
    return finding(this, 'ok', evidence, null, data);
  },
};
