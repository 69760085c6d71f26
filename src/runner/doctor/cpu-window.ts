/**
 * CPU time over a window: snapshots of /proc/stat (every CPU's busy and steal time), of every
 * process's CPU time (/proc/<pid>/stat), of this process's own (process.cpuUsage) and of swap
 * activity, taken before and after; the difference is who used the CPUs meanwhile.
 */
import path from 'node:path';
import type { BusyProcess, CpuWindow, Reading } from '../../analysis/doctor/readings.js';
import { commandLine, type CpuTimes, parseKeyValues, parsePidStat, parseProcStat } from './proc-text.js';
import { listDir, readText } from './system-files.js';

/**
 * Clock ticks per second of /proc/<pid>/stat's times (USER_HZ): 100 on every Linux architecture
 * Node runs on (the kernel's ABI value, not its internal HZ).
 */
const USER_HZ = 100;
/** Processes named in the evidence at most. */
const TOP_PROCESSES = 3;
/** A process using less than this many CPUs is not named. */
const MIN_NAMED_CPUS = 0.05;
/** Characters of a command line shown. */
const COMMAND_CHARS = 60;

export interface CpuSnapshot {
  atNs: number;
  stat: Map<number, CpuTimes> | null;
  /** CPU ticks by pid. */
  processes: Map<number, { name: string; ticks: number; startTicks: number }>;
  ownCpuUs: number;
  swapPages: number | null;
}

function swapPages(): number | null {
  const vmstat = readText('/proc/vmstat');
  if (vmstat === null) return null;
  const fields = parseKeyValues(vmstat);
  const pin = fields.get('pswpin');
  const pout = fields.get('pswpout');
  return pin === undefined || pout === undefined ? null : pin + pout;
}

export function cpuSnapshot(): CpuSnapshot {
  const processes = new Map<number, { name: string; ticks: number; startTicks: number }>();
  for (const entry of listDir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readText(path.join('/proc', entry, 'stat'));
    const parsed = stat === null ? null : parsePidStat(stat);
    if (parsed !== null) processes.set(Number(entry), parsed);
  }
  const stat = readText('/proc/stat');
  const usage = process.cpuUsage();
  return { atNs: Number(process.hrtime.bigint()), stat: stat === null ? null : parseProcStat(stat), processes, ownCpuUs: usage.user + usage.system, swapPages: swapPages() };
}

/** The other processes that used the most CPU between two snapshots (a process started meanwhile counts from zero). */
function topProcesses(from: CpuSnapshot, to: CpuSnapshot, seconds: number): BusyProcess[] {
  const busy: BusyProcess[] = [];
  for (const [pid, now] of to.processes) {
    if (pid === process.pid) continue;
    const before = from.processes.get(pid);
    // A kernel worker's name changes with its work queue; the same start time is the same process.
    const ticks = now.ticks - (before?.startTicks === now.startTicks ? before.ticks : 0);
    const cpus = ticks / USER_HZ / seconds;
    if (cpus >= MIN_NAMED_CPUS) busy.push({ pid, command: now.name, cpus });
  }
  busy.sort((a, b) => b.cpus - a.cpus);
  return busy.slice(0, TOP_PROCESSES).map((p) => ({ ...p, command: commandLine(readText(`/proc/${p.pid}/cmdline`) ?? '', COMMAND_CHARS) || `[${p.command}]` }));
}

/** The window between two snapshots, on the CPUs `allowed` (all when null). */
export function cpuWindow(from: CpuSnapshot, to: CpuSnapshot, allowed: readonly number[] | null): Reading<CpuWindow> {
  if (from.stat === null || to.stat === null) return { unread: 'no /proc/stat' };
  const seconds = (to.atNs - from.atNs) / 1e9;
  if (!(seconds > 0)) return { unread: 'an empty window' };
  const perCpu: { cpu: number; busy: number }[] = [];
  let busySum = 0;
  let steal = 0;
  let total = 0;
  for (const [cpu, end] of to.stat) {
    const start = from.stat.get(cpu);
    if (start === undefined || (allowed !== null && !allowed.includes(cpu))) continue;
    const span = end.total - start.total;
    if (!(span > 0)) continue;
    const busy = Math.min(1, Math.max(0, (end.busy - start.busy) / span));
    perCpu.push({ cpu, busy });
    busySum += busy;
    steal += end.steal - start.steal;
    total += span;
  }
  if (perCpu.length === 0) return { unread: 'no CPU of /proc/stat this process may use' };
  const ownCpus = (to.ownCpuUs - from.ownCpuUs) / 1e6 / seconds;
  return {
    ms: seconds * 1e3,
    perCpu,
    othersCpus: Math.max(0, busySum - ownCpus),
    ownCpus,
    stealShare: total > 0 ? steal / total : 0,
    top: topProcesses(from, to, seconds),
  };
}

/** Pages swapped in or out between two snapshots, or null where unknown. */
export function swappedBetween(from: CpuSnapshot, to: CpuSnapshot): number | null {
  return from.swapPages === null || to.swapPages === null ? null : Math.max(0, to.swapPages - from.swapPages);
}
