/**
 * `drift`: a systematic trend across samples in the order they were taken — time growing as the
 * run goes on (a leak, a growing structure, a tier change). Mann–Kendall with Sen's slope: it must
 * be both highly significant and material, so random and autocorrelated noise do not trigger it.
 */
import { hasDrift, trendTest } from '../../stats/trend.js';
import { perSampleNs, type Rule } from './rule.js';
import { pct } from './format.js';

export const drift: Rule = {
  code: 'drift',
  check(result) {
    const values = perSampleNs(result);
    if (!hasDrift(values)) return [];
    const trend = trendTest(values);
    const direction = trend.relativeChange > 0 ? 'slower' : 'faster';
    return [{
      code: 'drift',
      severity: 'warning',
      message: `time per operation drifted ${pct(Math.abs(trend.relativeChange))} ${direction} from the first to the last sample (Mann–Kendall p = ${trend.pValue.toExponential(1)})`,
      hint: direction === 'slower'
        ? 'Something accumulates across iterations: state that grows (arrays, maps, strings), a leak, or GC pressure building up. Reset state in setup so every sample starts the same.'
        : 'The code was still getting faster: warm-up ended too early (raise --warmup), or caches were still filling.',
      evidence: { ...trend },
    }];
  },
};
