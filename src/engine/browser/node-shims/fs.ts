/**
 * `node:fs` inside a benchmark page: there are no files. What the engine reads (scheduler statistics,
 * V8's log) is then reported as unknown, as on any system without them.
 */
function noFiles(): never {
  throw new Error('there is no file system in a benchmark page');
}

export const readFileSync = noFiles;
export const openSync = noFiles;
export const readSync = noFiles;
export const closeSync = noFiles;
export const statSync = noFiles;
export const writeSync = noFiles;

export default { readFileSync, openSync, readSync, closeSync, statSync, writeSync };
