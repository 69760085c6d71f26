/** The throttling reference figures of one benchmark (a part of the results file, see types.ts). */

/** Jetpack flags throttling when the reference is 10% slower than at start: the engine waits past it, the `throttled` rule warns past it. */
export const THROTTLE_RATIO = 1.1;

/** The throttling reference workload timed around this benchmark (Jetpack). */
export interface ThrottleInfo {
  /** Reference time at the start of the run, ns. */
  baselineNs: number;
  /** Reference time before warm-up (after any waiting), ns. */
  beforeNs: number;
  /** Reference time right after sampling, ns. */
  afterNs: number;
  /** Time spent waiting for the machine to recover before measuring, ms. */
  waitedMs: number;
  retries: number;
  /** Share of the sampling phase this benchmark's thread spent waiting for a CPU (contention); null where unknown. */
  cpuWaitShare: number | null;
  /** CPU used by the process's other threads (V8's GC and compiler threads) during sampling, in cores; null where unknown. */
  helperCpuShare: number | null;
}
