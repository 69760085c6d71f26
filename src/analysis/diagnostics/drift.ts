/**
 * `drift`: the cost changes systematically across the samples, in the order they were taken.
 * Mann–Kendall says whether there is an order at all (autocorrelation-adjusted p < 0.001), and the
 * change must be material (Sen's slope moving the level ≥ 10%).
 *
 * A warning for a ramp — a change that goes on through the run (stats/ramp.ts: each quarter moved
 * on from the one before, or each quarter of the last half did) — the shape of state that grows
 * with every call (a history, a cache, a leak) or of a benchmark still warming up. A level that moved in one or two steps is
 * information: on this project's 2-core VMs the host's speed switches between levels held for 0.25 s
 * to seconds (measured), and a step is its usual shape; the estimate lies between the levels.
 * Where the host was tracked (`hostFactors`), the step says whose it was: the code's when it is
 * still there with the host's movement taken out (a tier change or deoptimization, a cache or state
 * filling up), the machine's when it is not.
 */
import { thirdsShift } from '../../stats/level-shift.js';
import { DRIFT_P_VALUE } from '../../stats/trend.js';
import { rampTrend } from './ramp-trend.js';
import { perSampleNs, type Rule } from './rule.js';
import { pct } from './format.js';
import type { Diagnostic } from '../../results/types.js';
import { ranNs } from '../host-track.js';

/**
 * A step must move the level 20% to be reported at all. Simulated (1000 seeded series each), AR(1)
 * noise with φ 0.5–0.8, CV 5–10%, n 20–60: ≤ 1.3% false alarms, against 2–3.4% for a 10% threshold.
 */
export const STEP_MIN_RELATIVE_CHANGE = 0.2;
/**
 * A ramp must move the level 10%: the speed of this project's 2-core VMs wanders 5–7% within a
 * second on its own (measured on a non-allocating loop), which a 5% threshold reports as drift.
 */
export const RAMP_MIN_RELATIVE_CHANGE = 0.1;

/** Whose a step was: the code's, the machine's, or unknown (no host tracking); `change`: the level's move with the host's movement taken out. */
type StepOwner = { owner: 'code' | 'machine'; change: number } | { owner: 'unknown' };

/** What the drift rule finds in values taken in order, or null: a ramp, or a step, and how far the level moved. */
function driftIn(values: readonly number[]) {
  const found = rampTrend(values, RAMP_MIN_RELATIVE_CHANGE);
  if (found === null) return null;
  const { trend, shape, trending, ramp } = found;
  const shift = thirdsShift(values);
  const stepped = trend.pValue < DRIFT_P_VALUE && Math.abs(shift) >= STEP_MIN_RELATIVE_CHANGE;
  if (!trending && !stepped) return null;
  const change = ramp ? found.change : Math.abs(shift) >= Math.abs(shape.change) ? shift : shape.change;
  return { trend, shape, ramp, shift, change };
}

/**
 * A step is the code's when the rule still finds it in the samples divided by their host factors
 * (as `diagnose` asks every host-sensitive rule again), the machine's when it does not.
 */
export function stepOwner(values: readonly number[], factors: readonly number[] | null | undefined): StepOwner {
  if (factors == null || factors.length !== values.length || factors.some((f) => !(f > 0))) return { owner: 'unknown' };
  const adjusted = values.map((v, i) => v / factors[i]!);
  const own = driftIn(adjusted);
  return own === null ? { owner: 'machine', change: thirdsShift(adjusted) } : { owner: 'code', change: own.change };
}

/** A drift finding whose step the rule found with the host's part taken out: the code's own (a warning). */
export const isOwnStep = (d: Diagnostic): boolean => d.code === 'drift' && (d.evidence as { stepOwner?: unknown } | undefined)?.stepOwner === 'code';

function stepMessage(owner: StepOwner): { cause: string; hint: string } {
  if (owner.owner === 'code')
    return {
      cause: `with the host's movement taken out it still moved ${pct(Math.abs(owner.change))}: the code's own level changed part-way (a tier change or deoptimization, a cache or state filling up, input that changes with the calls), not the machine's; the estimate lies between the levels`,
      hint: "Find where the level changed: --profile lists deoptimizations and JIT tiers; state kept across calls belongs in setup. A step that comes at a different point each run is the JIT's timing; ubench ab or --forks show how much it moves the figure.",
    };
  if (owner.owner === 'machine')
    return {
      cause: `the host's references moved with it (taking their movement out leaves ${pct(Math.abs(owner.change))}): the machine's speed switching levels; the estimate lies between the levels`,
      hint: 'Steps of the machine come and go; compare runs with --forks or ubench ab rather than single runs.',
    };
  return {
    cause: "the machine's speed switching levels, or a one-time change in the code; the estimate lies between the levels",
    hint: 'Steps come and go with the machine; a change of the code would repeat on every run. Compare runs with --forks or ubench ab rather than single runs.',
  };
}

export const drift: Rule = {
  code: 'drift',
  check(result, context) {
    const values = perSampleNs(result);
    const found = driftIn(values);
    if (found === null) return [];
    const { trend, shape, ramp, shift, change } = found;
    const direction = change > 0 ? 'slower' : 'faster';
    const quarters = shape.medians.map((m) => (m / shape.medians[0]!).toFixed(2)).join(', ');
    const evidence = { ...trend, thirdsShift: shift, quarterMedians: shape.medians, shape: ramp ? 'ramp' : 'step' };
    if (!ramp) {
      // The host's part of each sample includes the time other programs held the CPU (ranNs).
      const owner = stepOwner(
        result.samples.map((s) => ranNs(s) / s.iterations),
        context?.hostFactors,
      );
      const { cause, hint } = stepMessage(owner);
      return [
        {
          code: 'drift',
          // One attribution principle (diagnose.ts): a step still there without the host's part is the code's, a warning.
          severity: owner.owner === 'code' ? 'warning' : 'info',
          message: `the level moved ${pct(Math.abs(change))} ${direction} during sampling, in steps rather than steadily (quarters at ${quarters} of the first; Mann–Kendall p = ${trend.pValue.toExponential(1)}): ${cause}`,
          hint,
          evidence: { ...evidence, stepOwner: owner.owner, ...(owner.owner === 'unknown' ? {} : { hostAdjustedChange: owner.change }) },
        },
      ];
    }
    return [
      {
        code: 'drift',
        severity: 'warning',
        message: `time per operation drifted ${pct(Math.abs(change))} ${direction} from the first to the last samples, ${shape.monotone ? 'through the whole run' : 'still moving at the end'} (quarters at ${quarters} of the first; Mann–Kendall p = ${trend.pValue.toExponential(1)})`,
        hint:
          direction === 'slower'
            ? 'Something grows as the run goes on: state kept across calls (arrays, maps, strings), a leak, GC pressure building up. Reset state in setup so every sample starts the same.'
            : 'The code was still getting faster: warm-up ended too early (raise --warmup), or caches were still filling.',
        evidence,
      },
    ];
  },
};
