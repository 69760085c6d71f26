/**
 * The control groups this process is in (a container's limits): its CPU quota and its memory limit,
 * from cgroup v2 (cpu.max, memory.max) or v1 (cpu.cfs_quota_us, memory.limit_in_bytes), the tightest
 * along the path from its group up to the mount's root, since a parent's limit binds its children.
 */
import path from 'node:path';
import type { QuotaFacts, Reading } from '../../analysis/doctor/readings.js';
import { parseKeyValues } from './proc-text.js';
import { readLine, readText } from './system-files.js';

/** A v1 memory limit this large is "no limit" (the kernel writes PAGE_COUNTER_MAX pages in bytes, ~2^63). */
const NO_MEMORY_LIMIT = 2 ** 60;

interface Hierarchy {
  version: 1 | 2;
  /** The group folders from this process's up to the mount point, deepest first. */
  dirs: string[];
}

/** A cgroup mount: where it is, the group it shows at its root, and its controllers. */
interface CgroupMount {
  dir: string;
  root: string;
  version: 1 | 2;
  controllers: string[];
}

/** The cgroup mounts of /proc/self/mountinfo. */
function cgroupMounts(): CgroupMount[] {
  const text = readText('/proc/self/mountinfo') ?? '';
  return text.split('\n').flatMap((line): CgroupMount[] => {
    const [before, after] = line.split(' - ');
    const fields = before?.split(' ') ?? [];
    const [fsType, , superOptions = ''] = after?.split(' ') ?? [];
    const root = fields[3];
    const dir = fields[4];
    if (root === undefined || dir === undefined) return [];
    if (fsType === 'cgroup2') return [{ dir, root, version: 2, controllers: (readLine(path.join(dir, 'cgroup.controllers')) ?? '').split(' ') }];
    if (fsType === 'cgroup') return [{ dir, root, version: 1, controllers: superOptions.split(',') }];
    return [];
  });
}

/** This process's group of each hierarchy (/proc/self/cgroup): v1 by controller, v2 under ''. */
function ownGroups(): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of (readText('/proc/self/cgroup') ?? '').split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line.trim());
    if (match === null) continue;
    for (const controller of match[1] === '' ? [''] : match[1]!.split(',')) groups.set(controller, match[2]!);
  }
  return groups;
}

/** The hierarchy that controls `controller` for this process (v1 first, where a hybrid system has both), or null. */
function hierarchyOf(controller: 'cpu' | 'memory'): Hierarchy | null {
  const groups = ownGroups();
  for (const mount of cgroupMounts()) {
    const group = mount.version === 1 ? groups.get(controller) : mount.controllers.includes(controller) ? groups.get('') : undefined;
    if (group === undefined || (mount.version === 1 && !mount.controllers.includes(controller))) continue;
    // In a cgroup namespace the group is relative to the mount's root already; else strip that root.
    const relative = group.startsWith(mount.root) ? path.relative(mount.root, group) : group.replace(/^\/+/, '');
    const dirs: string[] = [];
    for (let dir = path.join(mount.dir, relative); dir.startsWith(mount.dir); dir = path.dirname(dir)) {
      dirs.push(dir);
      if (dir === mount.dir) break;
    }
    return { version: mount.version, dirs };
  }
  return null;
}

/** The quota of one group in CPUs and its period, or null quota when it has none; null when unreadable. */
function groupQuota(dir: string, version: 1 | 2): { cpus: number | null; periodUs: number | null } | null {
  if (version === 2) {
    const [quota, period] = (readLine(path.join(dir, 'cpu.max')) ?? '').split(' ');
    if (quota === undefined || period === undefined || !/^\d+$/.test(period)) return null;
    return { cpus: quota === 'max' ? null : Number(quota) / Number(period), periodUs: Number(period) };
  }
  const quota = Number(readLine(path.join(dir, 'cpu.cfs_quota_us')));
  const period = Number(readLine(path.join(dir, 'cpu.cfs_period_us')));
  if (!Number.isFinite(quota) || !(period > 0)) return null;
  return { cpus: quota < 0 ? null : quota / period, periodUs: period };
}

export function readQuota(): Reading<QuotaFacts> {
  const hierarchy = hierarchyOf('cpu');
  if (hierarchy === null) return { unread: 'no cgroup CPU controller for this process (/proc/self/cgroup, /proc/self/mountinfo)' };
  const file = hierarchy.version === 2 ? 'cpu.max' : 'cpu.cfs_quota_us';
  let tightest: { cpus: number | null; periodUs: number | null; dir: string } | null = null;
  for (const dir of hierarchy.dirs) {
    const quota = groupQuota(dir, hierarchy.version);
    if (quota === null) continue;
    if (tightest === null || (quota.cpus !== null && (tightest.cpus === null || quota.cpus < tightest.cpus))) tightest = { ...quota, dir };
  }
  if (tightest === null) return { unread: `no readable ${file} from ${hierarchy.dirs[0]} up` };
  const stat = readText(path.join(tightest.dir, 'cpu.stat'));
  const throttled = stat === null ? undefined : parseKeyValues(stat).get('nr_throttled');
  return { cpus: tightest.cpus, periodUs: tightest.periodUs, throttledPeriods: throttled ?? null, source: `cgroup v${hierarchy.version} ${path.join(tightest.dir, file)}` };
}

/** The tightest memory limit along the groups, with the room left under it (usage less inactive file cache); null when there is none. */
export function readCgroupMemory(): { limitBytes: number; roomBytes: number } | null {
  const hierarchy = hierarchyOf('memory');
  if (hierarchy === null) return null;
  const v2 = hierarchy.version === 2;
  let best: { limitBytes: number; roomBytes: number } | null = null;
  for (const dir of hierarchy.dirs) {
    const limit = Number(readLine(path.join(dir, v2 ? 'memory.max' : 'memory.limit_in_bytes')));
    const usage = Number(readLine(path.join(dir, v2 ? 'memory.current' : 'memory.usage_in_bytes')));
    if (!(limit > 0 && limit < NO_MEMORY_LIMIT) || !Number.isFinite(usage)) continue;
    const stat = parseKeyValues(readText(path.join(dir, 'memory.stat')) ?? '');
    const inactive = stat.get(v2 ? 'inactive_file' : 'total_inactive_file') ?? 0;
    const room = Math.max(0, limit - Math.max(0, usage - inactive));
    if (best === null || room < best.roomBytes) best = { limitBytes: limit, roomBytes: room };
  }
  return best;
}
