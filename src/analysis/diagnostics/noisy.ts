/**
 * `noisy`: the precision target was not reached within the budget, or the spread of the samples
 * is large (pyperf's checks: stdev ≥ 10% of the mean; min or max ≥ 50% away from the mean). The
 * spread is judged without Tukey's severe outliers, which the `outliers` rule reports on its own.
 */
import { describe } from '../../stats/describe.js';
import { perSampleNs, type Rule } from './rule.js';
import { pct } from './format.js';

/** pyperf: a standard deviation of 10% of the mean or more makes results unstable. */
const CV_LIMIT = 0.1;
/** pyperf: min or max 50% or more away from the mean. */
const EXTREME_LIMIT = 0.5;
/** Tukey's severe fence (3 × IQR), as in the outliers rule. */
const SEVERE_FENCE = 3;

export const noisy: Rule = {
  code: 'noisy',
  check(result, context) {
    const reasons: string[] = [];
    const reached = result.precision?.reached ?? null;
    if (result.precision !== null && (reached === null || reached > context.precisionTarget)) {
      reasons.push(`the 95% CI is ±${reached === null ? '∞' : pct(reached)} after the time budget (target ±${pct(context.precisionTarget)})`);
    }
    const values = perSampleNs(result);
    const { p25, p75 } = result.stats;
    const iqr = p75 - p25;
    const bulk = values.filter((v) => v >= p25 - SEVERE_FENCE * iqr && v <= p75 + SEVERE_FENCE * iqr);
    if (bulk.length >= 2) {
      const spread = describe(bulk);
      if (spread.cv >= CV_LIMIT) reasons.push(`the standard deviation is ${pct(spread.cv)} of the mean`);
      const extreme = Math.max(spread.max / spread.mean - 1, 1 - spread.min / spread.mean);
      if (extreme >= EXTREME_LIMIT) reasons.push(`samples range from ${pct(spread.min / spread.mean - 1)} to +${pct(spread.max / spread.mean - 1)} around the mean`);
    }
    if (reasons.length === 0) return [];
    return [{
      code: 'noisy',
      severity: 'warning',
      message: `results are noisy: ${reasons.join('; ')}`,
      hint: 'Give it more --time, close other programs, or use --forks to average over processes; if the body allocates heavily, GC pauses cause the spread (move allocation into setup, or reuse buffers).',
      evidence: { precisionReached: reached, precisionTarget: context.precisionTarget, cv: result.stats.cv },
    }];
  },
};
