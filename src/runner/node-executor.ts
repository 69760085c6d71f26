/**
 * Starts each benchmark process as `node --import tsx <child-main> <request>`, with events read
 * from file descriptor 3 and the child's own stdout/stderr relayed (or swallowed with --quiet).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildEvent, ChildRequest } from '../engine/process/events.js';
import type { Executor } from './executor.js';
import { createLineFilter } from './line-filter.js';
import { LOOP_NAME_PREFIX } from '../engine/loop/codegen.js';
import { perfCommand, perfRecordArgs } from '../profiling/perf-samples.js';

/** Bytes of child stderr kept to explain a crash. */
const STDERR_TAIL_BYTES = 4_096;

const childMain = fileURLToPath(new URL('../engine/process/child-main.js', import.meta.url));
/** tsx's loader: runs `.ts` bench files (and their `.ts` imports) on Node 20 without a build step. */
const tsxLoader = import.meta.resolve('tsx');
const lineLoader = new URL('../engine/process/line-preserving-loader.js', import.meta.url).href;

export interface NodeExecutorOptions {
  /** Where the child's stdout/stderr go; null swallows them. */
  relay: ((text: string) => void) | null;
  /** Extra node/V8 flags for every child. */
  nodeArgs?: readonly string[];
}

let spawned = 0;

/** V8 flags a pass's process needs (see PassRequest). */
export function passFlags(pass: ChildRequest['pass']): string[] {
  if (pass?.kind === 'no-gc') return [`--min-semi-space-size=${pass.semiSpaceMiB}`, `--max-semi-space-size=${pass.semiSpaceMiB}`];
  // Source lines a CPU profile can tell apart (see line-preserving-hooks.ts).
  if (pass?.kind === 'cpu-profile') return ['--import', lineLoader];
  if (pass?.kind === 'disasm') {
    return [
      // TurboFan code of the generated loops only, to a file: V8 would otherwise print to stdout (docs/design.md §3).
      '--print-opt-code',
      `--print-opt-code-filter=${LOOP_NAME_PREFIX}*`,
      '--redirect-code-traces',
      `--redirect-code-traces-to=${pass.codeFile}`,
      // perf names JIT code from /tmp/perf-<pid>.map.
      ...(pass.perfData === null ? [] : ['--perf-basic-prof']),
    ];
  }
  return [];
}

/** The command that starts a child: node itself, or node under `perf record` for an annotated disassembly. */
export function childCommand(pass: ChildRequest['pass'], nodeArgs: string[]): { command: string; args: string[] } {
  if (pass?.kind === 'disasm' && pass.perfData !== null) return { command: perfCommand(), args: [...perfRecordArgs(pass.perfData), process.execPath, ...nodeArgs] };
  return { command: process.execPath, args: nodeArgs };
}

export function createNodeExecutor(options: NodeExecutorOptions): Executor {
  return (request, handlers) => {
    const deoptLogPath = path.join(tmpdir(), `ubench-deopt-${process.pid}-${++spawned}.log`);
    const args = [
      '--import',
      tsxLoader,
      // Deoptimizations go to a file the child reads between phases (docs/design.md §3).
      '--log-deopt',
      `--logfile=${deoptLogPath}`,
      '--no-logfile-per-isolate',
      ...(options.nodeArgs ?? []),
      ...passFlags(request.pass),
      childMain,
      JSON.stringify({ ...request, deoptLogPath }),
    ];
    const { command, args: commandArgs } = childCommand(request.pass, args);
    // Under perf, node is perf's child: a process group of their own lets a kill reach both.
    const group = command !== process.execPath;
    const child = spawn(command, commandArgs, { detached: group, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env: request.env === undefined ? process.env : { ...process.env, ...request.env } });
    let stderrTail = '';
    let pending = '';
    const channel = child.stdio[3] as NodeJS.ReadableStream;
    channel.setEncoding('utf8');
    channel.on('data', (chunk: string) => {
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
          if (event !== null) handlers.onEvent(event);
        }
        newline = pending.indexOf('\n');
      }
    });
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    const stdout = createLineFilter((text) => options.relay?.(text));
    child.stdout!.on('data', (text: string) => stdout.push(text));
    child.stderr!.on('data', (text: string) => {
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL_BYTES);
      options.relay?.(text);
    });
    child.on('error', (error) => {
      stderrTail += `\nfailed to start node: ${error.message}`;
    });
    child.on('close', (code, signal) => {
      stdout.flush();
      rmSync(deoptLogPath, { force: true });
      handlers.onExit({ code, signal, stderrTail });
    });
    return {
      kill() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (group && child.pid !== undefined) {
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
