/**
 * Every reading the doctor's checks judge (analysis/doctor/readings.ts): the machine's set-up from
 * sysfs and procfs, the clock, the environment the benchmark processes inherit, and the timed window
 * (the host-speed references, other processes' CPU use, swapping).
 */
import type { DoctorReadings, MemoryFacts, PowerFacts, Reading } from '../../analysis/doctor/readings.js';
import { measureClock } from '../../engine/loop/clock.js';
import { parseLoadavg, parseMeminfo } from './proc-text.js';
import { readCgroupMemory, readQuota } from './read-cgroup.js';
import { readBoost, readCpuFacts, readFrequency, readSmt } from './read-cpu-facts.js';
import { readTimedWindow } from './read-speed.js';
import { listDir, readLine, readText } from './system-files.js';

const POWER_DIR = '/sys/class/power_supply';

function readMemory(swappedPages: number | null): Reading<MemoryFacts> {
  const text = readText('/proc/meminfo');
  if (text === null) return { unread: 'no /proc/meminfo' };
  const m = parseMeminfo(text);
  const total = m.get('MemTotal');
  const available = m.get('MemAvailable') ?? m.get('MemFree');
  if (total === undefined || available === undefined) return { unread: '/proc/meminfo has no MemTotal or MemAvailable' };
  const limit = readCgroupMemory();
  return {
    totalBytes: limit === null ? total : Math.min(total, limit.limitBytes),
    availableBytes: limit === null ? available : Math.min(available, limit.roomBytes),
    limitBytes: limit?.limitBytes ?? null,
    swapTotalBytes: m.get('SwapTotal') ?? 0,
    swapFreeBytes: m.get('SwapFree') ?? 0,
    swappedPages,
  };
}

function readPower(): Reading<PowerFacts> {
  const supplies = listDir(POWER_DIR).map((name) => {
    const type = readLine(`${POWER_DIR}/${name}/type`) ?? 'unknown';
    const status = type === 'Battery' ? readLine(`${POWER_DIR}/${name}/status`) : readLine(`${POWER_DIR}/${name}/online`) === '1' ? 'online' : 'offline';
    return { name, type, status: status ?? 'unknown' };
  });
  return { onBattery: supplies.some((s) => s.type === 'Battery' && s.status === 'Discharging'), supplies: supplies.map((s) => `${s.name} (${s.type}, ${s.status})`) };
}

function readAslr(): Reading<number> {
  const text = readLine('/proc/sys/kernel/randomize_va_space');
  return text !== null && /^\d$/.test(text) ? Number(text) : { unread: 'no /proc/sys/kernel/randomize_va_space' };
}

export interface ReadOptions {
  /** How long the references are timed. */
  windowMs: number;
  calibrationFile: string;
  env: NodeJS.ProcessEnv;
}

export function collectReadings(options: ReadOptions): DoctorReadings {
  const cpus = readCpuFacts();
  const clock = measureClock();
  const timed = readTimedWindow(options.windowMs, clock, options.calibrationFile, cpus.allowed);
  const loadavg = parseLoadavg(readText('/proc/loadavg') ?? '');
  return {
    speed: timed.speed,
    window: timed.window,
    loadavg: loadavg ?? { unread: 'no /proc/loadavg' },
    cpus,
    frequency: readFrequency(cpus.allowed),
    boost: readBoost(),
    smt: readSmt(),
    quota: readQuota(),
    clock: { ...clock, source: readLine('/sys/devices/system/clocksource/clocksource0/current_clocksource') },
    aslr: readAslr(),
    memory: readMemory(timed.swappedPages),
    nodeEnv: { nodeOptions: options.env['NODE_OPTIONS'] ?? null, v8Coverage: options.env['NODE_V8_COVERAGE'] ?? null },
    power: readPower(),
  };
}
