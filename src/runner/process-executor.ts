/**
 * Starts each benchmark process in its runtime (runtimes/launch-plan.ts) — Node, another Node, Bun
 * or Deno — with events read from file descriptor 3 or from the file the child appends them to,
 * and the child's own stdout/stderr relayed (or swallowed with --quiet).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildEvent } from '../engine/process/events.js';
import type { Executor } from './executor.js';
import { createLineFilter } from './line-filter.js';
import { launchPlan } from './runtimes/launch-plan.js';

/** Bytes of child stderr kept to explain a crash. */
const STDERR_TAIL_BYTES = 4_096;
/** How often an event file is read for new events: well below the 1 s progress granularity, negligible CPU. */
const CHANNEL_POLL_MS = 20;
/** Bytes read from an event file at a time. */
const CHANNEL_READ_BYTES = 65_536;

export interface ProcessExecutorOptions {
  /** Where the child's stdout/stderr go; null swallows them. */
  relay: ((text: string) => void) | null;
  /** Extra runtime flags for every child (before the child's entry point). */
  runtimeArgs?: readonly string[];
}

let spawned = 0;

/** Splits a stream of text into event lines. */
function eventLines(onEvent: (event: ChildEvent) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') {
        let event: ChildEvent | null = null;
        try {
          event = JSON.parse(line) as ChildEvent;
        } catch {
          event = null; // A torn line can only come from a dying child; its exit explains it.
        }
        if (event !== null) onEvent(event);
      }
      newline = pending.indexOf('\n');
    }
  };
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
    const stem = path.join(tmpdir(), `ubench-${process.pid}-${++spawned}`);
    const files = { deoptLog: `${stem}-deopt.log`, channel: `${stem}-events.jsonl` };
    const plan = launchPlan(request, request.runtime, files, options.runtimeArgs);
    const push = eventLines((event) => handlers.onEvent(event));
    let tail: ReturnType<typeof fileTail> | null = null;
    let timer: NodeJS.Timeout | undefined;
    if (plan.channelFile !== null) {
      writeFileSync(plan.channelFile, '');
      const opened = fileTail(plan.channelFile, push);
      tail = opened;
      timer = setInterval(() => opened.read(), CHANNEL_POLL_MS);
    }
    const child = spawn(plan.command, plan.args, {
      detached: plan.group,
      stdio: ['ignore', 'pipe', 'pipe', plan.channelFile === null ? 'pipe' : 'ignore'],
      env: request.env === undefined ? process.env : { ...process.env, ...request.env },
    });
    let stderrTail = '';
    if (plan.channelFile === null) {
      const channel = child.stdio[3] as NodeJS.ReadableStream;
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
    child.on('error', (error) => {
      stderrTail += `\nfailed to start ${path.basename(plan.command)}: ${error.message}`;
    });
    child.on('close', (code, signal) => {
      stdout.flush();
      if (tail !== null) {
        clearInterval(timer);
        tail.read();
        tail.close();
      }
      for (const file of Object.values(files)) rmSync(file, { force: true });
      handlers.onExit({ code, signal, stderrTail });
    });
    return {
      kill() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (plan.group && child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
            return;
          } catch {
            // The group is gone already; kill the child itself below.
          }
        }
        child.kill('SIGKILL');
      },
    };
  };
}
