/**
 * Memory headroom: MemAvailable, or the room under a container's memory limit when that is less. A
 * benchmark process takes 100–300 MB with its heap (more with --gc-cost's large young generation),
 * the probe up to 512 MiB per buffer; under pressure the kernel reclaims page cache and, at the end,
 * kills a process.
 */
import { formatBytes } from '../../../results/text/format-units.js';
import { cannotTell, type DoctorCheck, finding } from '../doctor-check.js';
import { isUnread } from '../readings.js';

/** Less room than this warns: a benchmark process, its heap and ubench, or one probe buffer, barely fit. */
export const MEMORY_WARN_BYTES = 1024 ** 3;
/** Less than this is unfit: one benchmark process with its heap may not fit without reclaim or a kill. */
export const MEMORY_UNFIT_BYTES = 256 * 1024 ** 2;

export const memory: DoctorCheck = {
  id: 'memory',
  title: 'memory headroom',
  momentary: false,
  judge(r) {
    if (isUnread(r.memory)) return cannotTell(this, r.memory);
    const m = r.memory;
    const limit = m.limitBytes === null ? '' : ` (a container limit of ${formatBytes(m.limitBytes)})`;
    const evidence = `${formatBytes(m.availableBytes)} available of ${formatBytes(m.totalBytes)}${limit}`;
    const data = { availableBytes: m.availableBytes, totalBytes: m.totalBytes, limitBytes: m.limitBytes };
    const advice = 'close programs, or measure where more memory is free';
    if (m.availableBytes < MEMORY_UNFIT_BYTES) return finding(this, 'unfit', `${evidence}: a benchmark process with its heap (100–300 MB) may not fit without reclaim or a kill.`, advice, data);
    if (m.availableBytes < MEMORY_WARN_BYTES) return finding(this, 'warn', `${evidence}: little room for a benchmark process, its heap and ubench (or a probe buffer of up to 512 MiB).`, advice, data);
    return finding(this, 'ok', `${evidence}.`, null, data);
  },
};
