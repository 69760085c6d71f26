/**
 * Linux `perf` as an instruction-level sampler: `perf record -e cpu-clock` (a software event, so it
 * works on VMs without hardware counters, docs/design.md §3) around a benchmark process, and
 * `perf script` to read the samples back with their time, address and symbol.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { windowCursor, type TimeWindows } from './time-windows.js';

/** One sample per 100 µs of CPU time: as dense as the CPU profiler's interval, and exact (a period, not a frequency perf may adjust). */
export const PERF_PERIOD_NS = 100_000;

export interface PerfSample {
  /** CLOCK_MONOTONIC, the clock of `process.hrtime` (`perf record -k mono`). */
  timeNs: number;
  ip: number;
  symbol: string;
  /** The mapped file the address is in: a binary, a library, `[kernel.kallsyms]`, or the JIT map `/tmp/perf-<pid>.map`. */
  dso: string;
}

/** The perf binary: `perf` on the PATH, or the one the `UBENCH_PERF` environment variable names. */
export function perfCommand(): string {
  return process.env['UBENCH_PERF'] || 'perf';
}

/** The arguments that put a command under perf, writing samples to `dataFile`. */
export function perfRecordArgs(dataFile: string): string[] {
  return ['record', '-q', '-e', 'cpu-clock', '-c', String(PERF_PERIOD_NS), '-k', 'mono', '-o', dataFile, '--'];
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? ''
  );
}

let probed: string | null | undefined;

/** Null when `perf record` works here, else why not (one line). Checked once per process. */
export function perfUnavailable(): string | null {
  if (probed !== undefined) return probed;
  // A private folder (mode 0700), not a name in /tmp another local user could guess.
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-perf-probe-'));
  const run = spawnSync(perfCommand(), [...perfRecordArgs(path.join(dir, 'probe.data')), 'true'], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  const error = run.error as NodeJS.ErrnoException | undefined;
  if (error?.code === 'ENOENT') probed = `${perfCommand()} is not installed (Debian/Ubuntu: apt install linux-perf; or set UBENCH_PERF to its path)`;
  else if (error !== undefined) probed = `perf could not start: ${error.message}`;
  else if (run.status !== 0) probed = `perf record failed: ${firstLine(run.stderr) || `exit code ${run.status}`} (see /proc/sys/kernel/perf_event_paranoid)`;
  else probed = null;
  return probed;
}

const SAMPLE = /^\s*(\d+)\.(\d+):\s+([0-9a-f]+)\s+(.*?)\s+\(([^()]*)\)\s*$/;

/** Parses `perf script -F time,ip,sym,dso` output. */
export function parsePerfScript(text: string): PerfSample[] {
  const samples: PerfSample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (match === null) continue;
    const fraction = match[2]!.padEnd(9, '0').slice(0, 9);
    samples.push({ timeNs: Number(match[1]) * 1e9 + Number(fraction), ip: Number.parseInt(match[3]!, 16), symbol: match[4]!, dso: match[5]! });
  }
  return samples;
}

/** Reads a perf data file's samples; throws with perf's message when it cannot. */
export function readPerfSamples(dataFile: string): PerfSample[] {
  const run = spawnSync(perfCommand(), ['script', '-i', dataFile, '-F', 'time,ip,sym,dso'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (run.error !== undefined || run.status !== 0) throw new Error(`perf script failed: ${run.error?.message ?? firstLine(run.stderr)}`);
  return parsePerfScript(run.stdout);
}

/** The samples inside the timed regions ([start, end] in ns, in order). */
export function samplesInWindows(samples: readonly PerfSample[], windows: TimeWindows): PerfSample[] {
  const inWindow = windowCursor(windows);
  return [...samples].sort((a, b) => a.timeNs - b.timeNs).filter((sample) => inWindow(sample.timeNs));
}
