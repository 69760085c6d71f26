/**
 * Writes events to the parent synchronously, so an event is delivered even when user code calls
 * `process.exit()` right after, and never interleaves with user output. The channel is file
 * descriptor 3 (a pipe), or — where the runtime cannot write to an inherited descriptor (Deno) —
 * a file the parent reads as it grows.
 */
import { openSync, writeSync } from 'node:fs';
import { EVENT_FD, type ChildEvent } from './events.js';

/** Back-off when the pipe is momentarily full (EAGAIN on a non-blocking descriptor). */
const EAGAIN_WAIT_MS = 1;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

let channelFd = EVENT_FD;

/** Sends every later event to the end of this file instead of descriptor 3. */
export function useChannelFile(file: string): void {
  channelFd = openSync(file, 'a');
}

export function emit(event: ChildEvent, fd: number = channelFd): void {
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
