/**
 * What `ubench doctor` read from the machine, as plain data: the checks (checks/*.ts) judge these,
 * and tests give them made-up readings. A fact that could not be read is an `Unread` saying why
 * (a VM without cpufreq, a system without /proc), which a check turns into "cannot tell".
 */

/** A fact that could not be read, and why (one line). */
export interface Unread {
  unread: string;
}

export type Reading<T> = T | Unread;

export const isUnread = (value: unknown): value is Unread => typeof value === 'object' && value !== null && 'unread' in value;

/** The host-speed references timed during the check, beside this machine's usual figures. */
export interface SpeedReading {
  /** Median latency reading, ns per 1,000 steps (engine/host/host-reference.ts). */
  latencyNs: number;
  /** Median throughput reading, ns per 1,000 iterations. */
  throughputNs: number;
  /** Readings taken. */
  readings: number;
  /** Share of the check's time this thread waited for a CPU while runnable (schedstat), null where unknown. */
  waitShare: number | null;
  /** This machine's usual figures from its calibration (null: not enough runs yet). */
  usualLatencyNs: number | null;
  usualThroughputNs: number | null;
  /** Runs the calibration holds for this machine (its key: CPU, memory, OS, runtime version). */
  calibrationRuns: number;
}

/** A process other than this one, and the CPUs' worth of time it used during the check. */
export interface BusyProcess {
  pid: number;
  /** Its command line, shortened (or its name). */
  command: string;
  cpus: number;
}

/** CPU time during the check's window, from /proc/stat and /proc/<pid>/stat. */
export interface CpuWindow {
  /** The window's length, ms. */
  ms: number;
  /** Each CPU this process may use: the share of the window it was busy (any process, the kernel). */
  perCpu: readonly { cpu: number; busy: number }[];
  /** CPUs' worth of time used by everything but this process, on the CPUs this process may use. */
  othersCpus: number;
  /** CPUs' worth of time this process used (all its threads). */
  ownCpus: number;
  /** Share of the CPUs' time the hypervisor gave to other guests (steal). */
  stealShare: number;
  /** The other processes that used the most CPU, most first. */
  top: readonly BusyProcess[];
}

export interface CpuFacts {
  /** CPUs the OS has online. */
  online: number;
  /** The CPUs this process may run on (sched affinity, /proc/self/status Cpus_allowed_list); null where unknown. */
  allowed: readonly number[] | null;
  /** CPUs kept from the scheduler (isolcpus), empty when none. */
  isolated: readonly number[];
  /** Per allowed CPU, the CPUs that are hardware threads of its core (itself included); unread without sysfs topology. */
  siblings: Reading<readonly (readonly number[])[]>;
  model: string;
}

export interface FrequencyFacts {
  /** The scaling governor of each allowed CPU, distinct values. */
  governors: readonly string[];
  driver: string | null;
}

export interface BoostFacts {
  on: boolean;
  /** The file that said so. */
  source: string;
}

export interface SmtFacts {
  /** `/sys/devices/system/cpu/smt/control`: on, off, forceoff, notsupported, notimplemented. */
  control: string;
  active: boolean | null;
}

export interface QuotaFacts {
  /** The quota in CPUs (quota / period), null when there is none. */
  cpus: number | null;
  periodUs: number | null;
  /** Periods in which the group was throttled so far (cpu.stat), null where unknown. */
  throttledPeriods: number | null;
  /** Which file said so. */
  source: string;
}

export interface ClockFacts {
  costNs: number;
  resolutionNs: number;
  /** The kernel's clock source (tsc, kvm-clock, hpet, …), null where unknown. */
  source: string | null;
}

export interface MemoryFacts {
  totalBytes: number;
  /** MemAvailable, or the room left under the cgroup's memory limit when that is less. */
  availableBytes: number;
  /** The cgroup's memory limit, null when none. */
  limitBytes: number | null;
  swapTotalBytes: number;
  swapFreeBytes: number;
  /** Pages swapped in or out during the check (/proc/vmstat), null where unknown. */
  swappedPages: number | null;
}

export interface PowerFacts {
  /** Batteries discharging: the machine runs on battery. */
  onBattery: boolean;
  /** The supplies listed, e.g. `AC (Mains, online)`. */
  supplies: readonly string[];
}

/** Every reading of one check of the host. */
export interface DoctorReadings {
  speed: Reading<SpeedReading>;
  window: Reading<CpuWindow>;
  /** 1-, 5- and 15-minute load averages. */
  loadavg: Reading<readonly [number, number, number]>;
  cpus: CpuFacts;
  frequency: Reading<FrequencyFacts>;
  boost: Reading<BoostFacts>;
  smt: Reading<SmtFacts>;
  quota: Reading<QuotaFacts>;
  clock: ClockFacts;
  /** /proc/sys/kernel/randomize_va_space: 0 off, 1 partial, 2 full. */
  aslr: Reading<number>;
  memory: Reading<MemoryFacts>;
  /** NODE_OPTIONS and NODE_V8_COVERAGE, which every benchmark process inherits. */
  nodeEnv: { nodeOptions: string | null; v8Coverage: string | null };
  power: Reading<PowerFacts>;
}
