/**
 * Stripped TypeScript kept between benchmark processes and runs: every benchmark process of a run
 * compiles its bench file again, and a compiler started for one file is most of what loading it
 * costs. Kept in memory for the process's own instances, and on disk in the project's
 * `node_modules/.cache/ubench/stripped/` (the folder build tools share), one file per key. The key
 * holds everything that decides the output — the source, its path (the source map names it), the
 * compiler's version and every option — so an entry is never stale, only unused. A project without
 * a writable `node_modules` gets the memory half only. Entries are written whole (a temporary file
 * renamed), so a reader never sees half of one.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** Entries kept on disk before the older half is removed: a few hundred bench files and their imports. */
export const MAX_DISK_ENTRIES = 1_000;

export interface StrippedCache {
  get(key: string): string | undefined;
  set(key: string, code: string): void;
}

/** The key of one compilation: a hash of its inputs. */
export function strippedKey(parts: readonly unknown[], source: string): string {
  return createHash('sha256').update(JSON.stringify(parts)).update('\0').update(source).digest('hex');
}

/** `node_modules/.cache/ubench/stripped` of the nearest folder above `from` with a `package.json`, or null. */
export function projectCacheDir(from: string): string | null {
  for (let folder = path.resolve(from); ; folder = path.dirname(folder)) {
    try {
      if (statSync(path.join(folder, 'package.json')).isFile()) {
        return statSync(path.join(folder, 'node_modules')).isDirectory() ? path.join(folder, 'node_modules', '.cache', 'ubench', 'stripped') : null;
      }
    } catch {
      // Not here: look further up.
    }
    if (path.dirname(folder) === folder) return null;
  }
}

/** Removes the older half of the entries when there are more than `max`. */
function prune(dir: string, max: number): void {
  const entries = readdirSync(dir).filter((name) => name.endsWith('.js'));
  if (entries.length <= max) return;
  const byAge = entries.map((name) => ({ name, mtime: statSync(path.join(dir, name)).mtimeMs })).sort((a, b) => a.mtime - b.mtime);
  for (const { name } of byAge.slice(0, entries.length - Math.floor(max / 2))) unlinkSync(path.join(dir, name));
}

/** A cache in memory, backed by `dir` when it is given; disk errors only cost the disk half. */
export function createStrippedCache(dir: string | null, maxDiskEntries = MAX_DISK_ENTRIES): StrippedCache {
  const memory = new Map<string, string>();
  let written = 0;
  let diskUsable = dir !== null;
  return {
    get(key) {
      const held = memory.get(key);
      if (held !== undefined || !diskUsable) return held;
      try {
        const code = readFileSync(path.join(dir!, `${key}.js`), 'utf8');
        memory.set(key, code);
        return code;
      } catch {
        return undefined;
      }
    },
    set(key, code) {
      memory.set(key, code);
      if (!diskUsable) return;
      try {
        mkdirSync(dir!, { recursive: true });
        const temporary = path.join(dir!, `${key}.${process.pid}-${threadId}-${written++}.tmp`);
        writeFileSync(temporary, code);
        renameSync(temporary, path.join(dir!, `${key}.js`));
        prune(dir!, maxDiskEntries);
      } catch {
        diskUsable = false;
      }
    },
  };
}
