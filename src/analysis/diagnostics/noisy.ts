/**
 * `noisy`: the precision target was not reached within the budget, or the spread of the samples
 * is large (pyperf's checks: stdev ≥ 10% of the mean; min or max ≥ 50% away from the mean). The
 * spread is judged without Tukey's severe outliers, which the `outliers` rule reports on its own.
 *
 * A warning needs an interval more than three times as wide as the target: the target is what
 * sampling aims for, and on a noisy 2-core VM allocation-heavy code often ends between 1× and 2.5×
 * of it within the default budget, where the result still separates differences of a few percent.
 * A large spread alone is information: the median resists it, and the interval, which is narrow,
 * says the estimate is precise (allocating code spreads with its GC pauses, as real code does).
 */
import { describe } from '../../stats/describe.js';
import type { Diagnostic } from '../../results/types.js';
import { perSampleNs, type Rule } from './rule.js';
import { pct } from './format.js';

/** pyperf: a standard deviation of 10% of the mean or more makes results unstable. */
const CV_LIMIT = 0.1;
/** pyperf: min or max 50% or more away from the mean. */
const EXTREME_LIMIT = 0.5;
/** Tukey's severe fence (3 × IQR), as in the outliers rule. */
const SEVERE_FENCE = 3;
/**
 * A CI half-width beyond this multiple of the target is a warning; between 1× and this,
 * information. ±3% still separates differences of 6% and more; measured here, clean
 * allocation-heavy benchmarks land at ±1–2.8% in 1 s, deliberately noisy ones at ±20% and beyond.
 */
export const PRECISION_WARNING_FACTOR = 3;

const HINT = 'Give it more --time, close other programs, or use --forks to average over processes; if the body allocates heavily, GC pauses cause the spread (move allocation into setup, or reuse buffers).';

export const noisy: Rule = {
  code: 'noisy',
  check(result, context) {
    const reasons: string[] = [];
    const reached = result.precision?.reached ?? null;
    const target = context.precisionTarget;
    const imprecise = result.precision !== null && (reached === null || reached > PRECISION_WARNING_FACTOR * target);
    if (result.precision !== null && (reached === null || reached > target)) {
      reasons.push(`the 95% CI is ±${reached === null ? '∞' : pct(reached)} after the time budget (target ±${pct(target)})`);
    }
    let spread = false;
    const values = perSampleNs(result);
    const { p25, p75 } = result.stats;
    const iqr = p75 - p25;
    const bulk = values.filter((v) => v >= p25 - SEVERE_FENCE * iqr && v <= p75 + SEVERE_FENCE * iqr);
    if (bulk.length >= 2) {
      const d = describe(bulk);
      if (d.cv >= CV_LIMIT) reasons.push(`the standard deviation is ${pct(d.cv)} of the mean`);
      const extreme = Math.max(d.max / d.mean - 1, 1 - d.min / d.mean);
      if (extreme >= EXTREME_LIMIT) reasons.push(`samples range from ${pct(d.min / d.mean - 1)} to +${pct(d.max / d.mean - 1)} around the mean`);
      spread = d.cv >= CV_LIMIT || extreme >= EXTREME_LIMIT;
    }
    if (reasons.length === 0) return [];
    const diagnostic: Diagnostic = {
      code: 'noisy',
      severity: imprecise ? 'warning' : 'info',
      message: `${imprecise ? 'results are noisy' : spread ? 'samples spread widely, the estimate is still precise' : 'precision target not reached'}: ${reasons.join('; ')}`,
      hint: HINT,
      evidence: { precisionReached: reached, precisionTarget: target, cv: result.stats.cv },
    };
    return [diagnostic];
  },
};
