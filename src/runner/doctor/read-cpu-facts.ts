/**
 * The CPUs and how they are set up, from sysfs and procfs: which this process may use, isolated
 * ones, SMT siblings, the frequency governor, turbo/boost, SMT. A VM often has no cpufreq: each
 * missing fact is an Unread saying which file was absent.
 */
import os from 'node:os';
import type { BoostFacts, CpuFacts, FrequencyFacts, Reading, SmtFacts } from '../../analysis/doctor/readings.js';
import { parseCpuList } from './proc-text.js';
import { readLine, readText } from './system-files.js';

const CPU_DIR = '/sys/devices/system/cpu';

/** The CPUs this process may run on, from /proc/self/status (its sched affinity); null where unknown. */
export function allowedCpus(): number[] | null {
  const status = readText('/proc/self/status');
  const line = status?.split('\n').find((l) => l.startsWith('Cpus_allowed_list:'));
  return line === undefined ? null : parseCpuList(line.slice(line.indexOf(':') + 1));
}

export function readCpuFacts(): CpuFacts {
  const allowed = allowedCpus();
  const siblings: Reading<number[][]> = (() => {
    const groups: number[][] = [];
    for (const cpu of allowed ?? []) {
      const list = readLine(`${CPU_DIR}/cpu${cpu}/topology/thread_siblings_list`);
      const parsed = list === null ? null : parseCpuList(list);
      if (parsed === null) return { unread: `no ${CPU_DIR}/cpu${cpu}/topology/thread_siblings_list` };
      if (!groups.some((g) => g.join() === parsed.join())) groups.push(parsed);
    }
    return allowed === null ? { unread: 'the CPUs this process may use are unknown' } : groups;
  })();
  const cpus = os.cpus();
  return {
    online: cpus.length,
    allowed,
    isolated: parseCpuList(readLine(`${CPU_DIR}/isolated`) ?? '') ?? [],
    siblings,
    model: cpus[0]?.model.trim() || 'unknown CPU',
  };
}

export function readFrequency(allowed: readonly number[] | null): Reading<FrequencyFacts> {
  const cpus = allowed ?? [0];
  const governors = cpus.map((cpu) => readLine(`${CPU_DIR}/cpu${cpu}/cpufreq/scaling_governor`));
  if (governors.every((g) => g === null)) return { unread: `no cpufreq in sysfs (${CPU_DIR}/cpu${cpus[0]}/cpufreq): in a VM the hypervisor sets the clock` };
  return { governors: [...new Set(governors.filter((g): g is string => g !== null && g !== ''))], driver: readLine(`${CPU_DIR}/cpu${cpus[0]}/cpufreq/scaling_driver`) };
}

export function readBoost(): Reading<BoostFacts> {
  const noTurbo = readLine(`${CPU_DIR}/intel_pstate/no_turbo`);
  if (noTurbo === '0' || noTurbo === '1') return { on: noTurbo === '0', source: `intel_pstate/no_turbo ${noTurbo}` };
  const boost = readLine(`${CPU_DIR}/cpufreq/boost`);
  if (boost === '0' || boost === '1') return { on: boost === '1', source: `cpufreq/boost ${boost}` };
  return { unread: `neither ${CPU_DIR}/intel_pstate/no_turbo nor ${CPU_DIR}/cpufreq/boost exists (a VM, or a driver without it)` };
}

export function readSmt(): Reading<SmtFacts> {
  const control = readLine(`${CPU_DIR}/smt/control`);
  if (control === null || control === '') return { unread: `no ${CPU_DIR}/smt/control` };
  const active = readLine(`${CPU_DIR}/smt/active`);
  return { control, active: active === '1' ? true : active === '0' ? false : null };
}
