/**
 * Throttling detection after Jetpack's ThrottleDetector: time a fixed reference workload at the
 * start of the run and again around every benchmark; when it got more than 10% slower the machine
 * is throttled or loaded, so wait and retry, and report what was seen.
 */
import type { Now } from '../loop/clock.js';
import { THROTTLE_RATIO } from '../../results/throttle-types.js';

export { THROTTLE_RATIO };
/** Jetpack retries after sleeping; we retry at most twice (issue 3). */
export const THROTTLE_RETRIES = 2;
/** How long to wait before re-checking: long enough for a burst of other load to pass. */
export const THROTTLE_WAIT_MS = 1_000;
/** Steps of the reference workload: ~0.3 ms here, short enough to time often. */
const REFERENCE_STEPS = 200_000;
/** Untimed calls first, so the reference is timed as optimized code. */
const REFERENCE_WARMUP_RUNS = 15;
/** Timed calls; the fastest counts, since interruptions only ever add time. */
const REFERENCE_RUNS = 7;

let referenceState = 0x9e3779b9;

/** Steps of the throttling reference, for turning its time into ns per step. */
export const THROTTLE_REFERENCE_STEPS = REFERENCE_STEPS;

/** A fixed integer workload: no allocation, nothing to hoist (the state carries over between calls). */
export function referenceWorkload(steps: number = REFERENCE_STEPS): number {
  let h = referenceState;
  for (let i = 0; i < steps; i++) h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) + i;
  referenceState = h;
  return h;
}

let warmed = false;

/** Minimum time of the reference workload, ns. */
export function timeReference(now: Now): number {
  if (!warmed) {
    for (let i = 0; i < REFERENCE_WARMUP_RUNS; i++) referenceWorkload();
    warmed = true;
  }
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < REFERENCE_RUNS; i++) {
    const start = now();
    referenceWorkload();
    best = Math.min(best, now() - start);
  }
  return best;
}

export interface ThrottleCheck {
  /** Reference time after waiting (if any), ns. */
  referenceNs: number;
  waitedMs: number;
  retries: number;
}

/** Checks against the baseline, waiting and retrying while the reference is too slow. */
export async function checkThrottle(now: Now, baselineNs: number, wait: (ms: number) => Promise<void>): Promise<ThrottleCheck> {
  let referenceNs = timeReference(now);
  let retries = 0;
  let waitedMs = 0;
  while (referenceNs > baselineNs * THROTTLE_RATIO && retries < THROTTLE_RETRIES) {
    await wait(THROTTLE_WAIT_MS);
    waitedMs += THROTTLE_WAIT_MS;
    retries++;
    referenceNs = timeReference(now);
  }
  return { referenceNs, waitedMs, retries };
}

/**
 * The reference timed after a benchmark: when the first round is over the limit it is timed once
 * more and the faster round counts — a dip shorter than one round (~10 ms) cannot have slowed a
 * sampling phase that lasted a second, while a throttled machine stays slow.
 */
export function timeReferenceAfter(now: Now, baselineNs: number): number {
  const first = timeReference(now);
  return first > baselineNs * THROTTLE_RATIO ? Math.min(first, timeReference(now)) : first;
}
