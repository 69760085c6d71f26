/**
 * Finds bench files: directories are searched for `*.bench.{ts,mts,js,mjs}`, globs are expanded,
 * files are taken as given. `node_modules`, `dist` and dot-folders are never searched.
 */
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { displayPath } from '../display-path.js';
import { glob, isDynamicPattern } from 'tinyglobby';
import { UsageError } from '../usage-error.js';

export const BENCH_FILE_PATTERN = '**/*.bench.{ts,mts,js,mjs}';
/** Folders that hold dependencies or build output, never bench sources. */
export const IGNORED = ['**/node_modules/**', '**/dist/**'];

export interface BenchFile {
  /** Absolute path. */
  absolute: string;
  /** As shown to the user and used in benchmark ids: relative to the working directory, with `/`. */
  display: string;
}

function toBenchFile(absolute: string, cwd: string): BenchFile {
  return { absolute, display: displayPath(absolute, cwd).split(path.sep).join('/') };
}

async function expand(target: string, cwd: string): Promise<string[]> {
  if (isDynamicPattern(target)) {
    return glob(target, { cwd, absolute: true, ignore: IGNORED, dot: false, onlyFiles: true });
  }
  const absolute = path.resolve(cwd, target);
  let stats: Stats;
  try {
    stats = statSync(absolute);
  } catch {
    throw new UsageError(`no such file or directory: ${target}`);
  }
  if (stats.isFile()) return [absolute];
  return glob(BENCH_FILE_PATTERN, { cwd: absolute, absolute: true, ignore: IGNORED, dot: false, onlyFiles: true });
}

/** The bench files named by `targets` (default: the working directory), sorted, without duplicates. */
export async function discoverBenchFiles(targets: readonly string[], cwd: string): Promise<BenchFile[]> {
  const roots = targets.length === 0 ? ['.'] : targets;
  const found = new Set<string>();
  for (const target of roots) {
    for (const file of await expand(target, cwd)) found.add(path.normalize(file));
  }
  return [...found].sort().map((file) => toBenchFile(file, cwd));
}
