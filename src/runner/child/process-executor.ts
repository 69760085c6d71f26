/**
 * Starts each benchmark process in its runtime (runtimes/launch-plan.ts) — Node, another Node, Bun
 * or Deno, perhaps under valgrind or perf — as the leader of a process group of its own, its request
 * written to its stdin, its events read from file descriptor 3 or from the file the child appends
 * them to, and its own stdout/stderr relayed (or swallowed with --quiet). The run goes on when the
 * process exits, whatever it left behind: what is still in its group is killed, and pipes held open
 * by a process that left the group are cut after a short grace.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Executor } from './executor.js';
import { createEventLines, MAX_EVENT_LINE_CHARS } from '../channel/event-lines.js';
import { lineHead, parseEvent } from '../channel/parse-event.js';
import { createLineFilter } from './line-filter.js';
import { groupSize, killGroup } from './process-group.js';
import { launchPlan } from '../runtimes/launch-plan.js';

/** Bytes of child stderr kept to explain a crash. */
const STDERR_TAIL_BYTES = 4_096;
/** How often an event file is read for new events: well below the 1 s progress granularity, negligible CPU. */
const CHANNEL_POLL_MS = 20;
/** Bytes read from an event file at a time. */
const CHANNEL_READ_BYTES = 65_536;
/**
 * After the process exits, how long its pipes may take to deliver what is left in them (at most a
 * pipe buffer each, 64 KiB on Linux) before they are cut: a process outside the group (setsid) may
 * hold them open forever. 'close' followed 'exit' within 0.1 ms for a process that filled its stdout
 * and descriptor 3 (80 spawns, `npm run lab -- channel`, busy 2-core VM); 500 ms leaves a wide
 * margin for a stalled event loop and is not felt at the end of a benchmark's process.
 */
export const PIPE_DRAIN_MS = 500;

export interface ProcessExecutorOptions {
  /** Where the child's stdout/stderr go; null swallows them. */
  relay: ((text: string) => void) | null;
  /** Extra runtime flags for every child (before the child's entry point). */
  runtimeArgs?: readonly string[];
}

/** Reads what was appended to an event file since the last call. */
function fileTail(file: string, push: (chunk: string) => void): { read(): void; close(): void } {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(CHANNEL_READ_BYTES);
  const decoder = new TextDecoder();
  let position = 0;
  return {
    read() {
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, position);
        if (read === 0) return;
        position += read;
        push(decoder.decode(buffer.subarray(0, read), { stream: true }));
      }
    },
    close: () => closeSync(fd),
  };
}

export function createProcessExecutor(options: ProcessExecutorOptions): Executor {
  return (request, handlers) => {
    // A private folder (mode 0700) for the process's temporary files, removed when it ends.
    const dir = mkdtempSync(path.join(tmpdir(), 'ubench-'));
    const files = { deoptLog: path.join(dir, 'deopt.log'), channel: path.join(dir, 'events.jsonl') };
    const plan = launchPlan(request, request.runtime, files, options.runtimeArgs);
    let unreadable = false;
    const push = createEventLines({
      line(text) {
        if (unreadable) return;
        const parsed = parseEvent(text);
        if ('event' in parsed) return handlers.onEvent(parsed.event);
        unreadable = true;
        handlers.onBadEvent(parsed.problem);
      },
      overlong(head) {
        if (unreadable) return;
        unreadable = true;
        handlers.onBadEvent(`a line longer than ubench reads (${MAX_EVENT_LINE_CHARS / 2 ** 20} Mi characters), starting ${lineHead(head)}`);
      },
    });
    let tail: ReturnType<typeof fileTail> | null = null;
    let timer: NodeJS.Timeout | undefined;
    if (plan.channelFile !== null) {
      writeFileSync(plan.channelFile, '');
      const opened = fileTail(plan.channelFile, push);
      tail = opened;
      timer = setInterval(() => opened.read(), CHANNEL_POLL_MS);
    }
    const child = spawn(plan.command, plan.args, {
      // Its own process group: killed as one, with whatever it starts (process-group.ts).
      detached: true,
      ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
      stdio: ['pipe', 'pipe', 'pipe', plan.channelFile === null ? 'pipe' : 'ignore'],
      env: request.env === undefined ? process.env : { ...process.env, ...request.env },
    });
    // The request travels on stdin (not argv: no size limit, not shown by `ps`); a child that dies first closes it.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(plan.request);
    let stderrTail = '';
    const streams = [child.stdout, child.stderr, child.stdio[3]].filter((s): s is Readable => s !== null && s !== undefined) as Readable[];
    if (plan.channelFile === null) {
      const channel = child.stdio[3] as Readable;
      channel.setEncoding('utf8');
      channel.on('data', push);
    }
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    const stdout = createLineFilter((text) => options.relay?.(text));
    child.stdout!.on('data', (text: string) => stdout.push(text));
    child.stderr!.on('data', (text: string) => {
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL_BYTES);
      options.relay?.(text);
    });
    for (const stream of streams) stream.on('error', () => undefined);
    let exit: { code: number | null; signal: string | null } | null = null;
    let leftovers = 0;
    let ended = false;
    let drain: NodeJS.Timeout | undefined;
    const end = (): void => {
      if (ended || exit === null) return;
      ended = true;
      clearTimeout(drain);
      for (const stream of streams) stream.destroy();
      stdout.flush();
      if (tail !== null) {
        clearInterval(timer);
        tail.read();
        tail.close();
      }
      rmSync(dir, { recursive: true, force: true });
      handlers.onExit({ ...exit, stderrTail, leftovers });
    };
    const exited = (code: number | null, signal: string | null): void => {
      if (exit !== null) return;
      exit = { code, signal };
      // Whatever is still in its group was left behind by the benchmark: counted, then killed.
      if (child.pid !== undefined && groupAlive(child.pid)) {
        leftovers = groupSize(child.pid);
        killGroup(child.pid);
      }
      drain = setTimeout(end, PIPE_DRAIN_MS);
    };
    child.on('exit', exited);
    child.on('error', (error) => {
      stderrTail += `\nfailed to start ${path.basename(plan.command)}: ${error.message}`;
      exited(null, null);
    });
    child.on('close', end);
    return {
      kill() {
        if (exit !== null || child.pid === undefined) return;
        if (!killGroup(child.pid)) child.kill('SIGKILL');
      },
    };
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
