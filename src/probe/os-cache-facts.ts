/**
 * What the operating system says about the caches and the page size, to compare the probe's
 * inferences with. Linux only: reads `<root>/index*\/{level,type,size,coherency_line_size}` (root is
 * normally `/sys/devices/system/cpu/cpu0/cache`) and `getconf PAGESIZE`. Every missing piece is null.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The usual sysfs folder describing CPU 0's caches. */
export const DEFAULT_SYSFS_CACHE_ROOT = '/sys/devices/system/cpu/cpu0/cache';

/** Time allowed for `getconf PAGESIZE`: it answers in milliseconds, a hang must not block the probe. */
const GETCONF_TIMEOUT_MS = 2000;

export interface OsCache {
  level: number | null;
  /** `Data`, `Instruction` or `Unified`, as sysfs spells it. */
  type: string | null;
  sizeBytes: number | null;
  lineBytes: number | null;
}

export interface OsCacheFacts {
  /** Ordered by level, then index. Empty when the folder is missing. */
  caches: OsCache[];
  /** Line size of the first data or unified cache that reports one. */
  lineBytes: number | null;
  pageBytes: number | null;
}

/** The usual short name of a cache: `L1d`, `L1i`, `L2`, `L3` (`L?` when sysfs gives no level). */
export function cacheLabel(c: OsCache): string {
  return `L${c.level ?? '?'}${c.type === 'Data' ? 'd' : c.type === 'Instruction' ? 'i' : ''}`;
}

/** Parses a sysfs cache size such as `48K`, `2048K`, `32M` or `1024`; null when unreadable. */
export function parseCacheSize(text: string): number | null {
  const m = /^\s*(\d+)\s*([KMG]?)\s*$/i.exec(text);
  if (m === null) return null;
  const unit = ({ '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as Record<string, number>)[m[2]!.toUpperCase()]!;
  return Number(m[1]) * unit;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

function readInt(path: string): number | null {
  const text = readText(path);
  if (text === null || !/^\d+$/.test(text)) return null;
  return Number(text);
}

/** The page size from `getconf PAGESIZE`, or null when it cannot run. */
export function getconfPageSize(): number | null {
  try {
    const out = execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8', timeout: GETCONF_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] });
    const n = Number(out.trim());
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Reads the cache description under `root` and the page size (`pageSize` is injectable for tests).
 */
export function readOsCacheFacts(root: string = DEFAULT_SYSFS_CACHE_ROOT, pageSize: () => number | null = getconfPageSize): OsCacheFacts {
  let entries: string[] = [];
  try {
    entries = readdirSync(root).filter((name) => /^index\d+$/.test(name));
  } catch {
    entries = [];
  }
  entries.sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const caches: OsCache[] = entries.map((name) => {
    const dir = join(root, name);
    const size = readText(join(dir, 'size'));
    return {
      level: readInt(join(dir, 'level')),
      type: readText(join(dir, 'type')),
      sizeBytes: size === null ? null : parseCacheSize(size),
      lineBytes: readInt(join(dir, 'coherency_line_size')),
    };
  });
  caches.sort((a, b) => (a.level ?? Infinity) - (b.level ?? Infinity));
  const lineBytes = caches.find((c) => c.type !== 'Instruction' && c.lineBytes !== null)?.lineBytes ?? null;
  return { caches, lineBytes, pageBytes: pageSize() };
}
