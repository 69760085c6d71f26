/**
 * `setup-overhead` (seed 003): a fixed cost per sample — the regression intercept — above 5% of a
 * sample is a systematic error in the estimate. A noisy fit can fake an intercept, so it must be
 * confirmed by the 1- and 2-iteration probe, `setup = i·j·(t_i − t_j)/(j − i)`, or, when there is
 * no probe, be several standard errors from zero. A manual loop whose counts were spread because
 * the fixed cost dominated (`fixedCost`) is judged on its fit instead, whose estimate is already
 * the slope: the finding gives the per-operation slope and the fixed cost per sample apart.
 */
import { interceptStandardError } from '../../stats/regression.js';
import type { BenchmarkResult, Diagnostic, FixedCostFit } from '../../results/types.js';
import type { Rule } from './rule.js';
import { stateChangeFinding } from '../state-change.js';
import { count, ns, pct } from './format.js';

/** Seed 003 / issue 3: flag a setup share above 5% of a sample. */
export const SETUP_SHARE_LIMIT = 0.05;
/** Without a probe, the intercept must be this many standard errors above zero. */
const INTERCEPT_MIN_T = 4;

/** What to do, fitted to how the body is written: a manual body that already pauses its timer is not told to. */
function hintFor(result: BenchmarkResult): string {
  if (result.mode !== 'manual')
    return result.stateChange != null
      ? // It declares setup(): never advise what it already does.
        "Something runs once per sample inside the timed region although setup() runs untimed: the first call on each state setup() makes costs more (it fills a cache, touches new memory, or leaves the state changed for the calls after it), or run() prepares something each time; if every call should see a fresh state, declare { setup, run, state: 'per-call' }."
      : 'Something runs once per sample inside the timed region: move preparation into setup() so it runs untimed.';
  const pauses = (result.timerReadsPerSample ?? 2) > 2;
  return pauses
    ? 'The body pauses its timer, yet work before or after its b.n loop is still timed: move that work inside the paused part too (b.stop() before it, b.start() after), or build it once in { setup, run }.'
    : 'Work done once per call before or after the b.n loop is timed (building a table, sorting an input): build it outside the timed region with b.stop() before it and b.start() after, or once in { setup, run }, so samples time only the b.n operations.';
}

function spreadFinding(result: BenchmarkResult, fit: FixedCostFit, meanSampleNs: number): Diagnostic[] {
  const share = fit.fixedNs / meanSampleNs;
  if (!(share > SETUP_SHARE_LIMIT) || !(fit.fixedLower > 0)) return [];
  const spread = result.calibration?.spread;
  const range = spread === undefined ? '' : ` over b.n from ${count(spread.lowIterations)} to ${count(spread.highIterations)}`;
  const fixed = `a fixed cost of ${ns(fit.fixedNs)} per sample (95% CI ${ns(fit.fixedLower)} – ${ns(fit.fixedUpper)}), ${pct(share)} of a sample`;
  const slope = `${ns(fit.perOpNs)} per operation (95% CI ${ns(fit.perOpLower)} – ${ns(fit.perOpUpper)})`;
  const message = fit.separated
    ? `${fixed}, is timed with every call of the body; the operations cost ${slope}: the estimate, the slope of sample time on b.n${range}`
    : `${fixed}, is timed with every call of the body; cannot tell the per-operation cost: the fixed cost swamps it even at the largest b.n the budget allows (slope ${slope}${range})`;
  return [
    {
      code: 'setup-overhead',
      severity: 'warning',
      message,
      hint: hintFor(result),
      evidence: { fixedNs: fit.fixedNs, perOpNs: fit.perOpNs, separated: fit.separated, meanSampleNs, share },
    },
  ];
}

export const setupOverhead: Rule = {
  code: 'setup-overhead',
  check(result, context) {
    const fit = result.regression;
    if (fit === null || result.samples.length < 3) return [];
    // A first call that costs more because later calls run on what it left is state-changed's
    // finding; this rule's hint (move preparation into setup) would name what the user already did.
    if (stateChangeFinding(result, context.clock?.costNs ?? null) !== null) return [];
    const meanSampleNs = result.samples.reduce((sum, s) => sum + s.elapsedNs, 0) / result.samples.length;
    if (result.fixedCost !== undefined) return spreadFinding(result, result.fixedCost, meanSampleNs);
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
    return [
      {
        code: 'setup-overhead',
        severity: 'warning',
        message: `a fixed cost of ${ns(fit.interceptNs)} per sample is ${pct(share)} of a sample (regression intercept${confirm}); the estimate includes it`,
        hint: hintFor(result),
        evidence: { interceptNs: fit.interceptNs, meanSampleNs, share, probeSetupNs: probe?.setupNs ?? null },
      },
    ];
  },
};
