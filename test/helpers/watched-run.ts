/**
 * Helpers for fault tests (test/faults/): a CLI run watched from outside — every process it
 * starts, recorded while it runs (they are orphaned, not listed, once it exits), the results
 * file as it grows, the TCP ports its processes listen on — and checks, through /proc, that none
 * of its processes is left.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { ResultsFile } from '../../src/results/types.js';
import { descendantsOf, recordSeen, sleep, startCli, type CliOptions, type ProcessInfo, type StartedCli } from './e2e-cli.js';

/** How often the watcher looks: often enough to see a short-lived process, rarely enough to stay out of the run's way. */
const WATCH_EVERY_MS = 25;

export interface WatchedRun extends StartedCli {
  /** Every process seen under the CLI so far, by pid. */
  seen: Map<number, ProcessInfo>;
  /** Records the CLI's current descendants. */
  look(): ProcessInfo[];
  /** Looks until `ready` holds (true) or the deadline or the CLI's exit (false). */
  until(ready: () => boolean, withinMs: number): Promise<boolean>;
}

export function startWatched(args: readonly string[], options: CliOptions = {}): WatchedRun {
  const cli = startCli(args, options);
  const seen = new Map<number, ProcessInfo>();
  const look = (): ProcessInfo[] => {
    const now = descendantsOf(cli.child.pid!);
    recordSeen(seen, now);
    return now;
  };
  const until = async (ready: () => boolean, withinMs: number): Promise<boolean> => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      look();
      if (ready()) return true;
      if (cli.child.exitCode !== null || cli.child.signalCode !== null || Date.now() > deadline) return false;
      await sleep(WATCH_EVERY_MS);
    }
  };
  return { ...cli, seen, look, until };
}

/** The benchmarks in a results file being written, or 0 while it does not exist (or is being replaced). */
export function benchmarksIn(file: string): number {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as ResultsFile).benchmarks.length;
  } catch {
    return 0;
  }
}

/** A browser's main process: Chromium in the command line, and no `--type=` (renderers, GPU and utility processes have one). */
export const isBrowserMain = (p: ProcessInfo): boolean => /chrom(e|ium)/.test(p.args) && !p.args.includes('--type=');

/** Fields of /proc/<pid>/stat: the state letter (R, S, D, Z, ...), the process group, the start time and CPU time used (clock ticks); null when gone. */
export function procStat(pid: number): { state: string; pgid: number; startTicks: number; cpuTicks: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After the command name in parentheses: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime priority nice num_threads itrealvalue starttime.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, pgid: Number(fields[2]), startTicks: Number(fields[19]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

/** A process's state letter, or null when it is gone. */
export const procState = (pid: number): string | null => procStat(pid)?.state ?? null;

/** Running: present in /proc and neither a zombie (Z) nor dead (X). */
export const runningInProc = (pid: number): boolean => {
  const state = procState(pid);
  return state !== null && state !== 'Z' && state !== 'X';
};

/** Fails unless every process in `started` has ended within `withinMs`; kills what is left so the test leaves nothing behind. */
export async function assertNoneLeft(started: readonly ProcessInfo[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let left = started.filter((p) => runningInProc(p.pid));
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(100);
    left = left.filter((p) => runningInProc(p.pid));
  }
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  assert.deepEqual(
    left.map((p) => `${p.pid} ${p.args.slice(0, 120)}`),
    [],
    'processes of the run still running after it ended',
  );
}

/** Ports listening on TCP (v4 and v6) by socket inode, read from /proc/net. */
function listeningByInode(): Map<string, number> {
  const ports = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue;
      ports.set(fields[9]!, Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** Every TCP port listening anywhere on this machine now. */
export function listeningPorts(): Set<number> {
  return new Set(listeningByInode().values());
}

/** The TCP ports each of these processes listens on (read through /proc/<pid>/fd: needs the same uid or root). */
export function portsOf(pids: readonly number[]): Map<number, number[]> {
  const byInode = listeningByInode();
  const owned = new Map<number, number[]>();
  for (const pid of pids) {
    const ports: number[] = [];
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      const port = inode === undefined ? undefined : byInode.get(inode);
      if (port !== undefined) ports.push(port);
    }
    owned.set(pid, ports);
  }
  return owned;
}
