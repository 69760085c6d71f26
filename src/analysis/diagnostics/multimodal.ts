/** `multimodal`: the samples form several clusters (BenchmarkDotNet's mValue > 3.2; N ≥ 15). */
import { modality } from '../../stats/mvalue.js';
import { perSampleNs, type Rule } from './rule.js';

export const multimodal: Rule = {
  code: 'multimodal',
  check(result) {
    const { mValue, verdict } = modality(perSampleNs(result));
    if (verdict !== 'bimodal' && verdict !== 'multimodal') return [];
    return [{
      code: 'multimodal',
      severity: 'warning',
      message: `the samples form ${verdict === 'bimodal' ? 'two clusters' : 'several clusters'} (mValue ${mValue.toFixed(2)}): one number cannot describe them`,
      hint: 'Look for two code paths or states that alternate: inputs that differ between samples, a cache that sometimes hits, GC in some samples only, or a tier change mid-run. Make every sample do the same work.',
      evidence: { mValue, verdict },
    }];
  },
};
