import path from 'node:path';

/** A path as messages and results show it: relative below the working directory, absolute elsewhere. */
export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
