/**
 * `not-optimized`: the measured code never reached V8's optimizing tier by the end of warm-up, so
 * the result describes the interpreter or baseline code, not what production runs.
 */
import type { JitTier } from '../../results/types.js';
import type { Rule } from './rule.js';
import { ns } from './format.js';

const OPTIMIZED_TIERS: readonly JitTier[] = ['turbofan', 'maglev'];
/**
 * Past 1 µs per call, an unoptimized call of the generated loop (~10–50 ns) is under 5% of the
 * time, and the body's own callees are optimized on their own: only fast bodies are judged.
 */
const LOOP_TIER_RELEVANT_BELOW_NS = 1_000;

export const notOptimized: Rule = {
  code: 'not-optimized',
  check(result) {
    const jit = result.profile.tier;
    if (jit === null || result.estimate.nsPerOp >= LOOP_TIER_RELEVANT_BELOW_NS) return [];
    const tier = jit.afterWarmup.tier;
    if (OPTIMIZED_TIERS.includes(tier) || tier === 'unknown') return [];
    const what = jit.target === 'loop' ? 'the generated measured loop (with the body inlined)' : 'the manual-loop body';
    return [{
      code: 'not-optimized',
      severity: 'warning',
      message: `${what} was still ${tier} code after warm-up, not optimized (TurboFan): ${ns(result.estimate.nsPerOp)}/op describes unoptimized code`,
      hint: 'Raise --warmup so V8 has time to optimize, and check for code V8 refuses to optimize (e.g. functions that were deoptimized too often). Run with --profile to see every deoptimization and where the time goes.',
      evidence: { afterWarmup: jit.afterWarmup, afterSampling: jit.afterSampling, functionName: jit.functionName },
    }];
  },
};
