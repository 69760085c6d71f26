/**
 * Address-space layout randomization (/proc/sys/kernel/randomize_va_space): with it, each process
 * lays out code and data anew, so a layout that happens to be fast or slow differs between processes
 * and --forks averages over it; without it, every process measures the same layout, whose bias then
 * repeats unseen. pyperf keeps it on for the same reason.
 */
import { cannotTell, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

const MODES: Record<number, string> = { 0: 'off', 1: 'partial (stack, mmap, vDSO; not the heap)', 2: 'full' };

export const aslr: DoctorCheck = {
  id: 'aslr',
  title: 'address-space layout randomization',
  momentary: false,
  judge(r) {
    if (isUnread(r.aslr)) return cannotTell(this, r.aslr);
    const mode = MODES[r.aslr] ?? `unknown mode ${r.aslr}`;
    const data = { randomizeVaSpace: r.aslr };
    if (r.aslr === 0) {
      return finding(
        this,
        'warn',
        'off (randomize_va_space 0): every process gets the same layout, so a layout that happens to be slow or fast repeats in every run unseen.',
        'echo 2 | sudo tee /proc/sys/kernel/randomize_va_space, and --forks <n> to average over layouts',
        data,
      );
    }
    return finding(this, 'ok', `${mode} (randomize_va_space ${r.aslr}): each process has its own layout; --forks <n> averages over them.`, null, data);
  },
};
