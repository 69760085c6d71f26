/**
 * `outliers`: an unusual share of severe outliers (beyond 3 × IQR, Tukey). None are dropped. The
 * median resists them, so this informs (where the time went) rather than warns.
 */
import { setupDependence } from '../setup-dependence.js';
import type { Rule } from './rule.js';
import { pct } from './format.js';
import { SETUP_SPREAD_HINT, setupDependenceText } from './setup-dependence-text.js';

/** Interruptions make one or two severe outliers per hundred samples normal; more is unusual. */
const SEVERE_SHARE_LIMIT = 0.05;

export const outliers: Rule = {
  code: 'outliers',
  check(result) {
    const counts = result.stats.outliers;
    const severe = counts.lowSevere + counts.highSevere;
    const share = severe / result.stats.sampleCount;
    if (!(share > SEVERE_SHARE_LIMIT)) return [];
    const excluded = counts.excluded === 0 ? 'none were excluded from the estimate' : `${counts.excluded} were excluded from the estimate`;
    const dependence = setupDependence(result);
    const cause = dependence?.material === true ? `; the cost depends on setup's value: ${setupDependenceText(dependence)}` : '';
    return [
      {
        code: 'outliers',
        severity: 'info',
        message: `${severe} of ${result.stats.sampleCount} samples (${pct(share)}) are severe outliers (${counts.highSevere} high, ${counts.lowSevere} low); ${excluded}${cause}`,
        hint:
          dependence?.material === true
            ? SETUP_SPREAD_HINT
            : 'Severe outliers come from interruptions (other processes, GC pauses, page faults). The median resists them, but check the machine is quiet; if the body allocates, GC pauses land in some samples only.',
        evidence: { ...counts, sampleCount: result.stats.sampleCount, setupDependence: dependence },
      },
    ];
  },
};
