/**
 * Parsers of the kernel's text files the doctor reads (/proc/stat, /proc/<pid>/stat, /proc/meminfo,
 * CPU lists): pure, so they are tested on sample text. A malformed file parses to null or to what of
 * it was readable, never to an exception.
 */

/** Most CPUs a list may name: a corrupt range (`0-4294967295`) must not allocate billions. */
const MAX_CPUS = 65_536;

/** A kernel CPU list (`0-3,8,10-11`) as numbers; null when it is not one. */
export function parseCpuList(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const cpus: number[] = [];
  for (const part of trimmed.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (match === null) return null;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from || to - from >= MAX_CPUS || cpus.length + (to - from) >= MAX_CPUS) return null;
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** One CPU's line of /proc/stat, in clock ticks. */
export interface CpuTimes {
  /** user + nice + system + irq + softirq: time something ran. */
  busy: number;
  steal: number;
  /** Every field but guest time (already inside user): the line's whole time. */
  total: number;
}

/** The `cpuN` lines of /proc/stat by CPU number. */
export function parseProcStat(text: string): Map<number, CpuTimes> {
  const cpus = new Map<number, CpuTimes>();
  for (const line of text.split('\n')) {
    const match = /^cpu(\d+)\s+(.*)$/.exec(line);
    if (match === null) continue;
    const fields = match[2]!.trim().split(/\s+/).map(Number);
    if (fields.length < 4 || fields.some((f) => !Number.isFinite(f))) continue;
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    cpus.set(Number(match[1]), { busy: user + nice + system + irq + softirq, steal, total: user + nice + system + idle + iowait + irq + softirq + steal });
  }
  return cpus;
}

/**
 * A process's name, CPU time (user + system, clock ticks) and start time (ticks after boot: a pid
 * reused by a new process has a new one) from its /proc/<pid>/stat; null when malformed.
 */
export function parsePidStat(text: string): { name: string; ticks: number; startTicks: number } | null {
  // The name is in parentheses and may itself hold spaces and parentheses: the fields follow the last ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const fields = text.slice(close + 2).split(' ');
  // After the name: state is field 3; utime and stime are fields 14 and 15, starttime 22 (proc(5)).
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const start = Number(fields[19]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime) || !Number.isFinite(start)) return null;
  return { name: text.slice(open + 1, close), ticks: utime + stime, startTicks: start };
}

/** /proc/meminfo's fields in bytes (`MemAvailable: 123 kB`). */
export function parseMeminfo(text: string): Map<string, number> {
  const fields = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+(?:\(\w+\))?):\s+(\d+)(?:\s+kB)?$/.exec(line.trim());
    if (match !== null) fields.set(match[1]!, Number(match[2]) * (line.trim().endsWith('kB') ? 1024 : 1));
  }
  return fields;
}

/** A `key value` file (/proc/vmstat, cgroup's cpu.stat) as numbers. */
export function parseKeyValues(text: string): Map<string, number> {
  const fields = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key !== undefined && value !== undefined && /^\d+$/.test(value)) fields.set(key, Number(value));
  }
  return fields;
}

/** The three load averages of /proc/loadavg; null when malformed. */
export function parseLoadavg(text: string): [number, number, number] | null {
  const [a, b, c] = text.trim().split(/\s+/).map(Number);
  return a !== undefined && b !== undefined && c !== undefined && [a, b, c].every(Number.isFinite) ? [a, b, c] : null;
}

/** A process's command line (NUL-separated) as one shortened line; '' when empty (a kernel thread). */
export function commandLine(raw: string, maxLength: number): string {
  const text = raw
    .split('\0')
    .filter((part) => part !== '')
    .join(' ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
