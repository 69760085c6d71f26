/**
 * `shape-undecided` (information): too few samples for the tests of the samples' shape (levels,
 * trends and steps, multimodality) to decide. Their silence is then not "no such shape", and the
 * results say so, with the --time that would give them their samples. The engine samples at least
 * what they need when the budget allows (stats/shape-samples.ts); a body whose single call is long
 * against the budget, or a budget cut short, leaves it short. A `--quick` run stops at fewer on
 * purpose and says so once under its report, not per benchmark.
 */
import { SHAPE_MIN_SAMPLES, undecidedShapeTests } from '../../stats/shape-samples.js';
import { median } from '../../stats/quantile.js';
import { ns } from './format.js';
import type { Rule } from './rule.js';

export const SHAPE_UNDECIDED_CODE = 'shape-undecided';

export const shapeUndecided: Rule = {
  code: SHAPE_UNDECIDED_CODE,
  check(result, context) {
    if (context.quick === true) return [];
    const n = result.samples.length;
    const undecided = undecidedShapeTests(n);
    if (n === 0 || undecided.length === 0) return [];
    const sampleNs = median(result.samples.map((s) => s.elapsedNs));
    const callNs = median(result.samples.map((s) => s.elapsedNs / s.iterations));
    // What the missing samples take at the length these took, or at one call each where a call is longer.
    const neededNs = (SHAPE_MIN_SAMPLES - n) * Math.max(Math.min(sampleNs, callNs * 10), callNs);
    const spentNs = result.precision?.durationNs ?? n * sampleNs;
    const tests = undecided.map((t) => `${t.test} needs ${t.need}`).join(', ');
    return [
      {
        code: SHAPE_UNDECIDED_CODE,
        severity: 'info',
        message: `the samples' shape could not be judged: ${n} sample${n === 1 ? '' : 's'} (${tests}; one call takes ${ns(callNs)}, a sample ${ns(sampleNs)}), so phases, steps, trends or clusters in this benchmark's cost would not have been seen`,
        hint: `About ${ns(spentNs + neededNs)} of --time gives the shape tests their ${SHAPE_MIN_SAMPLES} samples.`,
        evidence: { samples: n, undecided, medianSampleNs: sampleNs, medianCallNs: callNs, suggestedTimeNs: spentNs + neededNs },
      },
    ];
  },
};
