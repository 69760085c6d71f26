/**
 * The CPU frequency governor (cpufreq's scaling_governor of the CPUs ubench may use): any but
 * `performance` lets the clock follow the load, so a benchmark's first samples run at a lower clock.
 * A VM usually has no cpufreq: the hypervisor sets the clock, which host-speed measures instead.
 */
import { cannotTell, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

export const cpuFrequency: DoctorCheck = {
  id: 'cpu-frequency',
  title: 'CPU frequency governor',
  momentary: false,
  judge(r) {
    if (isUnread(r.frequency)) return cannotTell(this, r.frequency, 'the host-speed check measures what the clock does');
    const f = r.frequency;
    const driver = f.driver === null ? '' : ` (driver ${f.driver})`;
    const data = { governors: f.governors, driver: f.driver };
    const others = f.governors.filter((g) => g !== 'performance');
    if (others.length === 0) return finding(this, 'ok', `governor performance${driver}: the clock does not wait for load.`, null, data);
    return finding(
      this,
      'warn',
      `governor ${f.governors.join(', ')}${driver}: the clock follows the load, so a benchmark's first samples may run slower than its last.`,
      'sudo cpupower frequency-set -g performance (or write performance to /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor) while measuring',
      data,
    );
  },
};
