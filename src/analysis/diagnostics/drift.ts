/**
 * `drift`: a systematic change across samples in the order they were taken — time growing as the
 * run goes on (a leak, a growing structure) or a step (a tier change, a GC policy flip mid-run).
 * Mann–Kendall says whether there is an order at all; it must also be material, so random and
 * autocorrelated noise do not trigger it. Two shapes:
 * - a ramp: autocorrelation-adjusted p < 0.001 and Sen's slope moving the level ≥ 10%;
 * - a step: p < 0.001 and the medians of the first and last thirds ≥ 20% apart (the adjustment
 *   would absorb a step, which looks like autocorrelation, so the plain p-value is used).
 */
import { thirdsShift } from '../../stats/level-shift.js';
import { DRIFT_MIN_SAMPLES, DRIFT_P_VALUE, trendTest } from '../../stats/trend.js';
import { perSampleNs, type Rule } from './rule.js';
import { pct } from './format.js';

/**
 * A step must move the level 20%. Simulated (1000 seeded series each), AR(1) noise with φ 0.5–0.8,
 * CV 5–10%, n 20–60: ≤ 1.3% false alarms, against 2–3.4% for a 10% threshold.
 */
export const STEP_MIN_RELATIVE_CHANGE = 0.2;
/**
 * A ramp must move the level 10%: the speed of this project's 2-core VMs wanders 5–7% within a
 * second on its own (measured on a non-allocating loop), which a 5% threshold reports as drift.
 */
export const RAMP_MIN_RELATIVE_CHANGE = 0.1;

export const drift: Rule = {
  code: 'drift',
  check(result) {
    const values = perSampleNs(result);
    if (values.length < DRIFT_MIN_SAMPLES) return [];
    const trend = trendTest(values);
    const shift = thirdsShift(values);
    const ramp = trend.adjustedPValue < DRIFT_P_VALUE && Math.abs(trend.relativeChange) >= RAMP_MIN_RELATIVE_CHANGE;
    const step = trend.pValue < DRIFT_P_VALUE && Math.abs(shift) >= STEP_MIN_RELATIVE_CHANGE;
    if (!ramp && !step) return [];
    const change = ramp ? trend.relativeChange : shift;
    const direction = change > 0 ? 'slower' : 'faster';
    const shape = ramp ? 'drifted' : 'jumped';
    return [{
      code: 'drift',
      severity: 'warning',
      message: `time per operation ${shape} ${pct(Math.abs(change))} ${direction} between the first and the last samples (Mann–Kendall p = ${trend.pValue.toExponential(1)})`,
      hint: direction === 'slower'
        ? 'Something changed as the run went on: state that grows (arrays, maps, strings), a leak, GC pressure building up, or V8 switching strategy (deoptimization, pretenuring). Reset state in setup so every sample starts the same.'
        : 'The code was still getting faster: warm-up ended too early (raise --warmup), or caches were still filling.',
      evidence: { ...trend, thirdsShift: shift, shape: ramp ? 'ramp' : 'step' },
    }];
  },
};
