/**
 * `not-steady`: warm-up hit its cap before the fast and slow moving averages agreed (Jetpack).
 *
 * A warning when the code was still changing: the warm-up's batches (64 evenly spaced over it) form
 * a ramp (ramp-trend.ts) of 10% or more that was still going on at its end, or the samples that
 * followed ramp on (the drift rule's ramp). The usual warm-up shape — fast at once after the JIT's
 * tiers, then level — is a step, not a ramp. When the batches only fluctuated, the averages were
 * kept apart by the host's movement (its speed moves by tens of percent here), and the finding is
 * information: sampling began at a level that held. The samples' ramp is judged with the host's
 * movement taken out where it was measured, as the drift rule's is: a burst that ended during
 * sampling reads as the samples "drifting faster", which is the machine's, not the code's (the
 * examples warned so on a bursty host, a different benchmark each time; lab/diagnostics.md).
 */
import { withSamples } from '../derive-from-samples.js';
import { hostAdjusted } from '../host-track.js';
import { RAMP_MIN_RELATIVE_CHANGE } from './drift.js';
import { rampTrend } from './ramp-trend.js';
import { perSampleNs, type Rule } from './rule.js';
import { ns, pct } from './format.js';

export const notSteady: Rule = {
  code: 'not-steady',
  check(result, context) {
    const warmup = result.warmup;
    if (warmup === null || warmup.converged) return [];
    const tail = warmup.seriesNs ?? null;
    const capped = `warm-up did not reach a steady state in ${ns(warmup.durationNs)} (${warmup.batches} batches)`;
    const atEnd = tail === null ? null : rampTrend(tail, RAMP_MIN_RELATIVE_CHANGE);
    const factors = context.hostFactors ?? null;
    const after = rampTrend(perSampleNs(factors === null ? result : withSamples(result, hostAdjusted(result.samples, factors))), RAMP_MIN_RELATIVE_CHANGE);
    const continued = after?.ramp === true && (atEnd === null || Math.sign(after.change) === Math.sign(atEnd.trend.relativeChange) || !atEnd.trending);
    if (tail !== null && !(atEnd?.ramp ?? false) && !continued) {
      const sorted = [...tail].sort((a, b) => a - b);
      const middle = sorted[sorted.length >> 1]!;
      return [
        {
          code: 'not-steady',
          severity: 'info',
          message: `${capped}, but its batches show no trend that went on (${tail.length} across the warm-up varied from ${pct(sorted[0]! / middle - 1)} to +${pct(sorted.at(-1)! / middle - 1)} around their median), nor did the samples after them: the machine's speed moving, most likely; sampling began at a level that held`,
          hint: 'Nothing to change in the benchmark if its samples raise no other finding; a quieter machine lets warm-up end sooner.',
          evidence: { ...warmup, tailChange: atEnd?.change ?? null },
        },
      ];
    }
    const still =
      atEnd?.ramp === true
        ? ` (its batches moved ${pct(Math.abs(atEnd.change))} ${atEnd.change > 0 ? 'slower' : 'faster'} across the warm-up, and went on)`
        : continued
          ? ` (the samples after it drifted ${pct(Math.abs(after!.change))} ${after!.change > 0 ? 'slower' : 'faster'})`
          : '';
    return [
      {
        code: 'not-steady',
        severity: 'warning',
        message: `${capped}: timings were still changing when sampling began${still}`,
        hint: 'Raise --warmup, or look for what keeps changing: state that grows across calls, caches filling up, GC pressure, or repeated re-optimization.',
        evidence: { ...warmup, tailChange: atEnd?.change ?? null },
      },
    ];
  },
};
