/**
 * Where a baseline lives: `--baseline <name>` means `.ubench/baselines/<name>.json` under the
 * working directory (files meant to be committed); a value that looks like a path (has a slash or
 * ends in `.json`) is that results file.
 */
import path from 'node:path';

/** Named baselines, relative to the working directory. */
export const BASELINES_DIR = path.join('.ubench', 'baselines');

/** Names are plain so they map to one file: letters, digits, `.`, `_`, `-`. */
const NAME = /^[\w.-]+$/;

/** The file a `--baseline` value stands for, or null when it is neither a path nor a valid name. */
export function baselinePath(value: string, cwd: string): string | null {
  if (value.includes('/') || value.includes(path.sep) || value.endsWith('.json')) return path.resolve(cwd, value);
  if (!NAME.test(value) || value.startsWith('.')) return null;
  return path.join(cwd, BASELINES_DIR, `${value}.json`);
}
