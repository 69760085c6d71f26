/**
 * `not-optimized`: the measured code was not running in V8's optimizing tier after warm-up, so the
 * result describes the interpreter or baseline code, not what production runs. Which function
 * matters depends on the body's cost:
 * - under 1 µs per call the generated loop (with the body inlined into it) is the measured code;
 * - from 1 µs the loop's share is small, and the benchmark function itself is what runs: ubench asks
 *   V8 to optimize it after warm-up, so one still unoptimized is one V8 refused to optimize.
 */
import type { JitInfo, JitTier, TierReading } from '../../results/types.js';
import type { Rule } from './rule.js';
import { ns } from './format.js';

const OPTIMIZED_TIERS: readonly JitTier[] = ['turbofan', 'maglev', 'dfg'];
/**
 * Past 1 µs per call, an unoptimized call of the generated loop (~10–50 ns) is under 5% of the
 * time: from there on the benchmark function's own tier is judged instead of the loop's.
 */
const LOOP_TIER_RELEVANT_BELOW_NS = 1_000;

/**
 * V8's "marked for optimization" bits (%GetOptimizationStatus, V8 11.3: 1 << 8 and 1 << 9), for
 * readings from before the flag was recorded (TierReading.markedForOptimization). A body
 * ubench asked V8 to optimize that still carries the mark was never called since: it was inlined into
 * the optimized loop, which is optimized code (measured: the mark stays through 1000 inlined calls and
 * turns into TurboFan code on the first direct call).
 */
const MARKED_FOR_OPTIMIZATION = (1 << 8) | (1 << 9);

const unoptimized = (reading: TierReading): boolean => !OPTIMIZED_TIERS.includes(reading.tier) && reading.tier !== 'unknown';

/** The function to judge, its reading after warm-up and how to name it; null when nothing can be judged. */
function judged(jit: JitInfo, nsPerOp: number): { reading: TierReading; after: TierReading; what: string } | null {
  if (nsPerOp < LOOP_TIER_RELEVANT_BELOW_NS) {
    return { reading: jit.afterWarmup, after: jit.afterSampling, what: jit.target === 'loop' ? 'the generated measured loop (with the body inlined)' : 'the manual-loop body' };
  }
  if (jit.target === 'body') return { reading: jit.afterWarmup, after: jit.afterSampling, what: `the benchmark function ${jit.functionName}` };
  if (jit.body === null || (jit.body.afterWarmup.markedForOptimization ?? (jit.body.afterWarmup.status & MARKED_FOR_OPTIMIZATION) !== 0)) return null;
  return { reading: jit.body.afterWarmup, after: jit.body.afterSampling, what: `the benchmark function ${jit.body.functionName}` };
}

export const notOptimized: Rule = {
  code: 'not-optimized',
  check(result) {
    const jit = result.profile.tier;
    if (jit === null) return [];
    const target = judged(jit, result.estimate.nsPerOp);
    if (target === null || !unoptimized(target.reading)) return [];
    const slow = result.estimate.nsPerOp >= LOOP_TIER_RELEVANT_BELOW_NS;
    const jsc = target.reading.tier === 'unoptimized';
    return [
      {
        code: 'not-optimized',
        severity: 'warning',
        message: `${target.what} was still ${target.reading.tier} code after warm-up${slow ? `, although ubench asked ${jsc ? 'JavaScriptCore' : 'V8'} to optimize it` : ''}, not optimized (${jsc ? 'DFG/FTL' : 'TurboFan'}): ${ns(result.estimate.nsPerOp)}/op describes unoptimized code`,
        hint: 'Raise --warmup so V8 has time to optimize, and check for code V8 refuses to optimize (e.g. functions that were deoptimized too often). Run with --profile to see every deoptimization and where the time goes.',
        evidence: { afterWarmup: target.reading, afterSampling: target.after, functionName: jit.functionName, judged: slow ? 'benchmark function' : 'measured loop' },
      },
    ];
  },
};
