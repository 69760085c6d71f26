/** The power supply (/sys/class/power_supply): on battery the OS may lower the clock to save it. */
import { cannotTell, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

export const power: DoctorCheck = {
  id: 'power',
  title: 'power supply',
  momentary: false,
  judge(r) {
    if (isUnread(r.power)) return cannotTell(this, r.power);
    const p = r.power;
    const data = { onBattery: p.onBattery, supplies: p.supplies };
    if (p.supplies.length === 0) return finding(this, 'ok', 'no power supply listed (a desktop, a server or a VM): on mains.', null, data);
    if (p.onBattery) return finding(this, 'warn', `on battery (${p.supplies.join('; ')}): the OS may lower the clock to save it.`, 'plug in the charger while measuring', data);
    return finding(this, 'ok', `on mains (${p.supplies.join('; ')}).`, null, data);
  },
};
