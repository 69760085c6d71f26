/** `not-steady`: warm-up hit its cap before the fast and slow moving averages agreed (Jetpack). */
import type { Rule } from './rule.js';
import { ns } from './format.js';

export const notSteady: Rule = {
  code: 'not-steady',
  check(result) {
    const warmup = result.warmup;
    if (warmup === null || warmup.converged) return [];
    return [{
      code: 'not-steady',
      severity: 'warning',
      message: `warm-up did not reach a steady state in ${ns(warmup.durationNs)} (${warmup.batches} batches): timings were still changing when sampling began`,
      hint: 'Raise --warmup, or look for what keeps changing: state that grows across calls, caches filling up, GC pressure, or repeated re-optimization.',
      evidence: { ...warmup },
    }];
  },
};
