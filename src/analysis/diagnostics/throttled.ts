/**
 * `throttled` (Jetpack's ThrottleDetector): a fixed reference workload ran more than 10% slower
 * around this benchmark than at the start of the run, even after waiting; the machine was slowed
 * down (thermal or power limits, or competing load) while this benchmark was measured.
 */
import { THROTTLE_RATIO } from '../../engine/throttle.js';
import type { Rule } from './rule.js';
import { pct } from './format.js';

export const throttled: Rule = {
  code: 'throttled',
  check(result) {
    const t = result.throttle;
    if (t === null) return [];
    const ratio = Math.max(t.beforeNs, t.afterNs) / t.baselineNs;
    if (!(ratio > THROTTLE_RATIO)) return [];
    const waited = t.waitedMs > 0 ? ` after waiting ${(t.waitedMs / 1000).toFixed(1)} s` : '';
    return [{
      code: 'throttled',
      severity: 'warning',
      message: `the machine ran a reference workload ${pct(ratio - 1)} slower than at the start of the run${waited}: this result was measured on a slowed-down machine`,
      hint: 'Stop competing programs, let the machine cool down, or pin the CPU frequency; re-run this benchmark.',
      evidence: { ...t, ratio },
    }];
  },
};
