/**
 * Writes events to the parent synchronously, so an event is delivered even when user code calls
 * `process.exit()` right after, and never interleaves with user output.
 */
import { writeSync } from 'node:fs';
import { EVENT_FD, type ChildEvent } from './events.js';

/** Back-off when the pipe is momentarily full (EAGAIN on a non-blocking descriptor). */
const EAGAIN_WAIT_MS = 1;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

export function emit(event: ChildEvent, fd: number = EVENT_FD): void {
  const bytes = Buffer.from(`${JSON.stringify(event)}\n`, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(sleeper, 0, 0, EAGAIN_WAIT_MS);
    }
  }
}
