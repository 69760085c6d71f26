/**
 * An exclusive lock beside a file that several ubench processes read, change and write back (the
 * host calibration): `<file>.lock`, created with `wx` (fails when it exists, atomically on local
 * file systems), holding the owner's pid and start time. A lock whose owner is no longer running,
 * or that is older than {@link STALE_LOCK_MS}, is stale and removed. Synchronous, because the
 * critical sections it guards are a read and a write of a small file.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { oneLineMessage } from '../text/one-line-message.js';

/**
 * A lock held this long is taken as left behind (a pid reused by another process). The guarded
 * section reads and rewrites a file of a few KiB: milliseconds; 10 s is three orders above it.
 */
export const STALE_LOCK_MS = 10_000;
/** How long to wait for another process's lock before giving up (then the caller warns and skips). */
export const LOCK_WAIT_MS = 5_000;
/** Pause between attempts: short against the milliseconds a holder keeps the lock. */
const LOCK_RETRY_MS = 10;

/** The lock could not be taken in time: one line naming the lock file and its holder. */
export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

interface Holder {
  /** null: the lock's content is not (yet) written. */
  pid: number | null;
  at: number;
}

/** Runs `section` while holding `<file>.lock`; the lock is released even when `section` throws. */
export function withFileLock<T>(file: string, section: () => T, options: { waitMs?: number; now?: () => number } = {}): T {
  const lockPath = `${file}.lock`;
  const now = options.now ?? Date.now;
  const deadline = now() + (options.waitMs ?? LOCK_WAIT_MS);
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    throw new FileLockError(`cannot create the folder of ${lockPath}: ${oneLineMessage(error)}`, { cause: error });
  }
  for (;;) {
    if (tryCreate(lockPath, now())) break;
    const seen = readLock(lockPath);
    if (seen !== null && isStale(seen.holder, now())) {
      // Remove it only if it is still the lock judged stale, not a new one taken meanwhile.
      if (readLock(lockPath)?.text === seen.text) rmSync(lockPath, { force: true });
      continue;
    }
    if (now() >= deadline) {
      const by = seen?.holder?.pid == null ? 'another process' : `process ${seen.holder.pid}`;
      throw new FileLockError(`${lockPath} is held by ${by} (waited ${Math.round((options.waitMs ?? LOCK_WAIT_MS) / 1000)} s)`);
    }
    sleep(LOCK_RETRY_MS);
  }
  try {
    return section();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

function tryCreate(lockPath: string, at: number): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new FileLockError(`cannot create ${lockPath}: ${oneLineMessage(error)}`, { cause: error });
  }
  try {
    writeSync(fd, `${process.pid} ${at}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * The lock's text and holder. Content that is not `<pid> <time>` (a holder caught between creating
 * and writing it, or one that died there) has no pid: its age is the file's modification time.
 */
function readLock(lockPath: string): { text: string; holder: Holder | null } | null {
  let text: string;
  let modified: number;
  try {
    text = readFileSync(lockPath, 'utf8');
    modified = statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
  const match = /^(\d+) (\d+)\n$/.exec(text);
  return { text, holder: match === null ? { pid: null, at: modified } : { pid: Number(match[1]), at: Number(match[2]) } };
}

function isStale(holder: Holder | null, now: number): boolean {
  if (holder === null) return false;
  return now - holder.at > STALE_LOCK_MS || (holder.pid !== null && !isRunning(holder.pid));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
