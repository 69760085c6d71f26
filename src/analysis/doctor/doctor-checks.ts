/**
 * Every check of `ubench doctor`, in the order it reports them: the host's state of the moment first
 * (its speed, another thread on its cores, other programs' load), then how the machine is set up,
 * then what the benchmark processes inherit. Adding a check is adding it here (test/unit/doctor-checks.test.ts
 * judges each with made-up readings).
 */
import type { DoctorCheck, Finding } from './doctor-check.js';
import { aslr } from './checks/aslr.js';
import { cpuFrequency } from './checks/cpu-frequency.js';
import { cpuQuota } from './checks/cpu-quota.js';
import { cpus } from './checks/cpus.js';
import { hostSpeed } from './checks/host-speed.js';
import { memory } from './checks/memory.js';
import { nodeEnv } from './checks/node-env.js';
import { otherLoad } from './checks/other-load.js';
import { power } from './checks/power.js';
import { sharedCore } from './checks/shared-core.js';
import { smt } from './checks/smt.js';
import { swap } from './checks/swap.js';
import { timer } from './checks/timer.js';
import { turbo } from './checks/turbo.js';
import type { DoctorReadings } from './readings.js';

export const DOCTOR_CHECKS: readonly DoctorCheck[] = [hostSpeed, sharedCore, otherLoad, cpuQuota, cpus, cpuFrequency, turbo, smt, timer, aslr, swap, memory, nodeEnv, power];

/** Every check's finding. */
export function judgeAll(readings: DoctorReadings, checks: readonly DoctorCheck[] = DOCTOR_CHECKS): Finding[] {
  return checks.map((check) => check.judge(readings));
}

/** The checks of the host's state of the moment, which `--wait-for-quiet` waits on. */
export const MOMENTARY_CHECKS: readonly DoctorCheck[] = DOCTOR_CHECKS.filter((c) => c.momentary);
