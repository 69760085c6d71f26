/**
 * `setup-overhead` (seed 003): a fixed cost per sample — the regression intercept — above 5% of a
 * sample is a systematic error in the estimate. A noisy fit can fake an intercept, so it must be
 * confirmed by the 1- and 2-iteration probe, `setup = i·j·(t_i − t_j)/(j − i)`, or, when there is
 * no probe, be several standard errors from zero.
 */
import { interceptStandardError } from '../../stats/regression.js';
import type { Rule } from './rule.js';
import { stateChangeFinding } from '../state-change.js';
import { ns, pct } from './format.js';

/** Seed 003 / issue 3: flag a setup share above 5% of a sample. */
export const SETUP_SHARE_LIMIT = 0.05;
/** Without a probe, the intercept must be this many standard errors above zero. */
const INTERCEPT_MIN_T = 4;

export const setupOverhead: Rule = {
  code: 'setup-overhead',
  check(result, context) {
    const fit = result.regression;
    if (fit === null || result.samples.length < 3) return [];
    // A first call that costs more because later calls run on what it left is state-changed's
    // finding; this rule's hint (move preparation into setup) would name what the user already did.
    if (stateChangeFinding(result, context.clock?.costNs ?? null) !== null) return [];
    const meanSampleNs = result.samples.reduce((sum, s) => sum + s.elapsedNs, 0) / result.samples.length;
    const share = fit.interceptNs / meanSampleNs;
    if (!(share > SETUP_SHARE_LIMIT)) return [];
    const probe = result.setupProbe;
    const probeShare = probe === null ? null : probe.setupNs / meanSampleNs;
    if (probeShare !== null && !(probeShare > SETUP_SHARE_LIMIT / 2)) return [];
    if (probeShare === null) {
      const se = interceptStandardError(
        result.samples.map((s) => s.iterations),
        result.samples.map((s) => s.elapsedNs),
      );
      if (se === null || fit.interceptNs < INTERCEPT_MIN_T * se) return [];
    }
    const confirm = probe === null ? '' : `; batches of 1 and 2 iterations give ${ns(probe.setupNs)}`;
    const manual = result.mode === 'manual';
    return [
      {
        code: 'setup-overhead',
        severity: 'warning',
        message: `a fixed cost of ${ns(fit.interceptNs)} per sample is ${pct(share)} of a sample (regression intercept${confirm}); the estimate includes it`,
        hint: manual
          ? 'Work done once per call before or after the b.n loop is timed: move it to { setup, run }, or pause the timer around it with b.stop() / b.start().'
          : result.stateChange != null
            ? // It declares setup(): never advise what it already does.
              "Something runs once per sample inside the timed region although setup() runs untimed: the first call on each state setup() makes costs more (it fills a cache, touches new memory, or leaves the state changed for the calls after it), or run() prepares something each time; if every call should see a fresh state, declare { setup, run, state: 'per-call' }."
            : 'Something runs once per sample inside the timed region: move preparation into setup() so it runs untimed.',
        evidence: { interceptNs: fit.interceptNs, meanSampleNs, share, probeSetupNs: probe?.setupNs ?? null },
      },
    ];
  },
};
