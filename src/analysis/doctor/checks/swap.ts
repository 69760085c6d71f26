/**
 * Swap: a page of a benchmark (or of ubench) swapped out costs a fault of milliseconds when touched,
 * inside whatever sample touches it. Unfit when the machine swapped during the check.
 */
import { formatBytes } from '../../../results/text/format-units.js';
import { cannotTell, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

export const swap: DoctorCheck = {
  id: 'swap',
  title: 'swap',
  momentary: false,
  judge(r) {
    if (isUnread(r.memory)) return cannotTell(this, r.memory);
    const m = r.memory;
    const used = m.swapTotalBytes - m.swapFreeBytes;
    const data = { swapTotalBytes: m.swapTotalBytes, swapUsedBytes: used, swappedPages: m.swappedPages };
    if (m.swapTotalBytes === 0) return finding(this, 'ok', 'no swap: nothing of a benchmark can be paged out.', null, data);
    const evidence = `${formatBytes(used)} of ${formatBytes(m.swapTotalBytes)} swap in use`;
    if (m.swappedPages !== null && m.swappedPages > 0) {
      return finding(
        this,
        'unfit',
        `the machine swapped ${m.swappedPages} pages during the check (${evidence}): a swapped page costs milliseconds inside a sample.`,
        'free memory (close programs) or measure on a machine with room',
        data,
      );
    }
    if (used > 0) {
      return finding(
        this,
        'warn',
        `${evidence}: pages swapped out cost milliseconds when a benchmark or ubench touches them again.`,
        'free memory so nothing is swapped (sudo swapoff -a && sudo swapon -a brings swapped pages back)',
        data,
      );
    }
    return finding(this, 'ok', `${evidence}, none swapped during the check.`, null, data);
  },
};
