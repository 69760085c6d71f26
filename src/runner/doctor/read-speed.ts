/**
 * The check's timed window: the host-speed references every run reads beside its samples
 * (engine/host/host-reference.ts), sized as in a run at the default budget and timed back to back
 * for the window, while the CPU accounting (cpu-window.ts) and this thread's waiting (schedstat) are
 * read around it; the medians are set beside this machine's usual figures (its calibration).
 */
import type { CpuWindow, Reading, SpeedReading } from '../../analysis/doctor/readings.js';
import { machineKey, runHost } from '../../analysis/run-host-speed.js';
import { readSchedstat, waitShare } from '../../engine/host/cpu-wait.js';
import { HostReference } from '../../engine/host/host-reference.js';
import { THROTTLE_REFERENCE_STEPS, timeReference } from '../../engine/host/throttle.js';
import { hrtimeNow } from '../../engine/loop/clock.js';
import { sampleTargetNs } from '../../engine/process/child-config.js';
import { machineIdentity } from '../../results/environment.js';
import type { ClockInfo } from '../../results/types.js';
import { median } from '../../stats/quantile.js';
import { earlierRuns, readCalibration } from '../host-speed/host-calibration.js';
import { cpuSnapshot, cpuWindow, swappedBetween } from './cpu-window.js';

/** A run's default budget per benchmark (1 s), whose samples the calibration's readings were taken beside. */
const DEFAULT_BUDGET_NS = 1e9;

export interface TimedWindow {
  speed: Reading<SpeedReading>;
  window: Reading<CpuWindow>;
  swappedPages: number | null;
}

/** Times the references for `windowMs` and reads who used the CPUs meanwhile; `calibrationFile`: the machine's calibration. */
export function readTimedWindow(windowMs: number, clock: ClockInfo, calibrationFile: string, allowed: readonly number[] | null): TimedWindow {
  const reference = HostReference.forSamples(hrtimeNow, sampleTargetNs(DEFAULT_BUDGET_NS, clock), timeReference(hrtimeNow) / THROTTLE_REFERENCE_STEPS);
  reference.read(); // warms both workloads up, untimed in the window
  const latency: number[] = [];
  const throughput: number[] = [];
  const before = cpuSnapshot();
  const schedBefore = readSchedstat();
  const end = hrtimeNow() + windowMs * 1e6;
  do {
    const reading = reference.read();
    latency.push(reading.latencyNs);
    throughput.push(reading.throughputNs);
  } while (hrtimeNow() < end);
  const schedAfter = readSchedstat();
  const after = cpuSnapshot();
  const figures = { referenceNs: median(latency), throughputNs: median(throughput) };
  const host = runHost(figures, earlierRuns(readCalibration(calibrationFile), machineKey(machineIdentity())));
  return {
    speed: {
      latencyNs: figures.referenceNs,
      throughputNs: figures.throughputNs,
      readings: latency.length,
      waitShare: waitShare(schedBefore, schedAfter),
      usualLatencyNs: host.usualNs,
      usualThroughputNs: host.usualThroughputNs ?? null,
      calibrationRuns: host.calibrationRuns,
    },
    window: cpuWindow(before, after, allowed),
    swappedPages: swappedBetween(before, after),
  };
}
