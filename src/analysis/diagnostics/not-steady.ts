/**
 * `not-steady`: warm-up hit its cap before the fast and slow moving averages agreed (Jetpack).
 *
 * A warning when the timings were still trending at the end of warm-up — its last batches form a
 * ramp (stats/ramp.ts) of at least 10% — the shape of code that changes with every call. When they
 * only fluctuated, the averages were kept apart by the host's movement (its speed moves by tens of
 * percent here), and the finding is information: sampling began at a level that held.
 */
import { rampShape } from '../../stats/ramp.js';
import { RAMP_MIN_RELATIVE_CHANGE } from './drift.js';
import type { Rule } from './rule.js';
import { ns, pct } from './format.js';

/** Fewer tail batches than this cannot show a ramp in four parts of two. */
const MIN_TAIL = 8;

export const notSteady: Rule = {
  code: 'not-steady',
  check(result) {
    const warmup = result.warmup;
    if (warmup === null || warmup.converged) return [];
    const tail = warmup.tailNs ?? null;
    const shape = tail === null || tail.length < MIN_TAIL ? null : rampShape(tail);
    const trending = shape === null || (shape.monotone && Math.abs(shape.change) >= RAMP_MIN_RELATIVE_CHANGE);
    const capped = `warm-up did not reach a steady state in ${ns(warmup.durationNs)} (${warmup.batches} batches)`;
    if (!trending) {
      const sorted = [...tail!].sort((a, b) => a - b);
      const middle = sorted[sorted.length >> 1]!;
      return [{
        code: 'not-steady',
        severity: 'info',
        message: `${capped}, but its last ${tail!.length} batches show no trend (they varied from ${pct(sorted[0]! / middle - 1)} to +${pct(sorted.at(-1)! / middle - 1)} around their median): the machine's speed moving, most likely; sampling began at a level that held`,
        hint: 'Nothing to change in the benchmark if its samples raise no other finding; a quieter machine lets warm-up end sooner.',
        evidence: { ...warmup, tailChange: shape!.change },
      }];
    }
    const still = shape === null ? '' : ` (its last ${tail!.length} batches moved ${pct(Math.abs(shape.change))} ${shape.change > 0 ? 'slower' : 'faster'}, quarter by quarter)`;
    return [{
      code: 'not-steady',
      severity: 'warning',
      message: `${capped}: timings were still changing when sampling began${still}`,
      hint: 'Raise --warmup, or look for what keeps changing: state that grows across calls, caches filling up, GC pressure, or repeated re-optimization.',
      evidence: { ...warmup, tailChange: shape?.change ?? null },
    }];
  },
};
