import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { oneLineMessage } from '../text/one-line-message.js';
import type { ResultsFile } from '../types.js';

/** Spaces per indentation level: results files are meant to be readable and diffable by people. */
const JSON_INDENT = 2;

/** Distinguishes temp files of successive writes by the same process (pid alone is not enough). */
let tempCounter = 0;

/**
 * Writes `results` to `path` so that readers only ever see the previous or the new complete file.
 *
 * The JSON goes to a temp file in the same folder (same file system, so the rename is atomic), is
 * fsynced, then renamed over the target. Parent folders are created. On failure the temp file is
 * removed and an Error with a one-line message naming `path` is thrown.
 */
export function writeResultsAtomic(path: string, results: ResultsFile): void {
  let text: string;
  try {
    text = resultsText(results);
  } catch (err) {
    throw writeError(path, err, 'results file');
  }
  writeTextAtomic(path, text, 'results file');
}

/** The results file's text, as written (indented, with a final newline). */
export function resultsText(results: ResultsFile): string {
  return `${JSON.stringify(results, null, JSON_INDENT)}\n`;
}

/**
 * Writes any text file the same way (exports, saved profiles, machine code): temp file, fsync,
 * rename. `what` names the file in the error (`cannot write <what> <path>: <reason>`).
 */
export function writeTextAtomic(path: string, text: string, what = 'file'): void {
  tempCounter += 1;
  const tempPath = join(dirname(path), `.${basename(path)}.${process.pid}.${tempCounter}.tmp`);
  let fd: number | null = null;
  try {
    mkdirSync(dirname(path), { recursive: true });
    // 'wx': never reuse a file someone else created under the same name.
    fd = openSync(tempPath, 'wx');
    writeFully(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tempPath, path);
  } catch (err) {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // Already failing; the original error is the one worth reporting.
      }
    }
    try {
      rmSync(tempPath, { force: true });
    } catch {
      // Best effort: a leftover temp file is harmless next to the real error.
    }
    throw writeError(path, err, what);
  }
}

function writeFully(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    offset += writeSync(fd, bytes, offset, bytes.length - offset);
  }
}

/** A file could not be written (permissions, full disk…): one line naming the path and the reason. */
export class ResultsWriteError extends Error {
  override name = 'ResultsWriteError';
}

function writeError(path: string, cause: unknown, what: string): Error {
  return new ResultsWriteError(`cannot write ${what} ${path}: ${oneLineMessage(cause)}`, { cause });
}
