/**
 * `noisy`: the precision target was not reached within the budget, or the samples spread widely
 * (pyperf's checks: stdev ≥ 10% of the mean; min or max ≥ 50% away from the mean). The spread is
 * judged without Tukey's severe outliers, which the `outliers` rule reports on its own.
 *
 * A warning only when the spread is the benchmark's own: the state probe shows that the values its
 * setup returns differ in cost, so its samples measure different work and the figure is an average
 * over whatever setup returned. Otherwise information. A wide interval is honest — the table shows
 * it beside the estimate — and on this project's 2-core VMs the host's speed moves by tens of
 * percent (measured: code with much instruction-level parallelism runs up to 1.8× slower while the
 * other hardware thread of its core is busy), which spreads the samples of honest code.
 */
import { describe } from '../../stats/describe.js';
import { withinSevereFences } from '../../stats/tukey-fences.js';
import type { Diagnostic } from '../../results/types.js';
import { setupDependence } from '../setup-dependence.js';
import { perSampleNs, type Rule } from './rule.js';
import { pct } from './format.js';
import { SETUP_SPREAD_HINT, setupDependenceText } from './setup-dependence-text.js';

/** pyperf: a standard deviation of 10% of the mean or more makes results unstable. */
const CV_LIMIT = 0.1;
/** pyperf: min or max 50% or more away from the mean. */
const EXTREME_LIMIT = 0.5;
const HINT =
  'Give it more --time, close other programs, or use --forks to average over processes; if the body allocates heavily, GC pauses cause the spread (move allocation into setup, or reuse buffers).';

export const noisy: Rule = {
  code: 'noisy',
  check(result, context) {
    const reasons: string[] = [];
    const reached = result.precision?.reached ?? null;
    const target = context.precisionTarget;
    if (result.precision !== null && (reached === null || reached > target)) {
      const ci = `±${reached === null ? '∞' : pct(reached)}`;
      reasons.push(
        result.precision.stopReason === 'host-limit'
          ? `host's limit reached (${ci}, more samples would not narrow it; target ±${pct(target)})`
          : `the 95% CI is ${ci} after the time budget (target ±${pct(target)})`,
      );
    }
    let spread = false;
    const bulk = withinSevereFences(perSampleNs(result));
    if (bulk.length >= 2) {
      const d = describe(bulk);
      if (d.cv >= CV_LIMIT) reasons.push(`the standard deviation is ${pct(d.cv)} of the mean`);
      const extreme = Math.max(d.max / d.mean - 1, 1 - d.min / d.mean);
      if (extreme >= EXTREME_LIMIT) reasons.push(`samples range from ${pct(d.min / d.mean - 1)} to +${pct(d.max / d.mean - 1)} around the mean`);
      spread = d.cv >= CV_LIMIT || extreme >= EXTREME_LIMIT;
    }
    if (reasons.length === 0) return [];
    const dependence = setupDependence(result);
    const own = spread && dependence?.material === true;
    const diagnostic: Diagnostic = {
      code: 'noisy',
      severity: own ? 'warning' : 'info',
      message: own
        ? `results are noisy: ${reasons.join('; ')}; the cost depends on setup's value — ${setupDependenceText(dependence!)}`
        : `${spread ? 'samples spread widely' : 'precision target not reached'}: ${reasons.join('; ')}${spread && dependence !== null ? `; not from setup's values (${setupDependenceText(dependence)})` : ''}`,
      hint: own ? SETUP_SPREAD_HINT : HINT,
      evidence: { precisionReached: reached, precisionTarget: target, cv: result.stats.cv, setupDependence: dependence },
    };
    return [diagnostic];
  },
};
