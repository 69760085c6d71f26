/**
 * Turbo / boost (intel_pstate's no_turbo, cpufreq's boost): the clock rises above its base while few
 * cores are busy and falls back as they fill or heat up, so a figure depends on what else runs and
 * on the temperature. pyperf's `system tune` turns it off for the same reason.
 */
import { cannotTell, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

export const turbo: DoctorCheck = {
  id: 'turbo',
  title: 'turbo / boost',
  momentary: false,
  judge(r) {
    if (isUnread(r.boost)) return cannotTell(this, r.boost, 'the host-speed check measures what the clock does');
    const b = r.boost;
    const data = { on: b.on, source: b.source };
    if (!b.on) return finding(this, 'ok', `off (${b.source}): the clock stays at its base.`, null, data);
    return finding(
      this,
      'warn',
      `on (${b.source}): the clock rises while few cores are busy and falls as they fill or heat up, so figures drift with the machine's temperature and load.`,
      b.source.includes('intel_pstate') ? 'echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo while measuring' : 'echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost while measuring',
      data,
    );
  },
};
