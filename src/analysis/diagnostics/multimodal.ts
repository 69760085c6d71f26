/**
 * `multimodal`: the samples form several clusters (BenchmarkDotNet's mValue > 3.2; N ≥ 15).
 *
 * A warning when the clusters are the benchmark's own: the state probe shows that the values setup
 * returns differ in cost (every sample runs on another one, so the samples measure different work).
 * Otherwise information: on this project's machines the host's speed switches between levels held
 * for 0.25 s to seconds (measured), which clusters the samples of honest code just as well.
 */
import { modality } from '../../stats/mvalue.js';
import { setupDependence } from '../setup-dependence.js';
import { perSampleNs, type Rule } from './rule.js';
import { SETUP_SPREAD_HINT, setupDependenceText } from './setup-dependence-text.js';

export const multimodal: Rule = {
  code: 'multimodal',
  check(result) {
    const { mValue, verdict } = modality(perSampleNs(result));
    if (verdict !== 'bimodal' && verdict !== 'multimodal') return [];
    const clusters = verdict === 'bimodal' ? 'two clusters' : 'several clusters';
    const dependence = setupDependence(result);
    const own = dependence?.material === true;
    const why = dependence === null ? '' : own ? `: the cost depends on setup's value — ${setupDependenceText(dependence)}` : ` not explained by setup's values (${setupDependenceText(dependence)})`;
    return [
      {
        code: 'multimodal',
        severity: own ? 'warning' : 'info',
        message: own
          ? `the samples form ${clusters} (mValue ${mValue.toFixed(2)}), one number cannot describe them${why}`
          : `the samples form ${clusters} (mValue ${mValue.toFixed(2)})${why}; the median stands between them`,
        hint: own
          ? SETUP_SPREAD_HINT
          : 'Two speed levels in the samples: the machine switching between speeds (other programs, other tenants of a VM), GC in some samples only, or two code paths that alternate. Compare runs with --forks or ubench ab rather than single runs.',
        evidence: { mValue, verdict, setupDependence: dependence },
      },
    ];
  },
};
