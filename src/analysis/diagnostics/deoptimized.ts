/**
 * `deoptimized`: V8 deoptimized code while samples were being taken, so part of the samples ran
 * slower code. Reports V8's reason and the source location (from --log-deopt), or the tier drop.
 */
import type { Rule } from './rule.js';

const MAX_LISTED = 3;

/**
 * V8 13 and later leave Maglev code with this reason to enter TurboFan's on-stack-replacement code:
 * a step up, not a step down (seen on Deno 2.9.6, V8 15.0, in every loop that tiers up while sampling).
 */
const TIER_UP_REASON = /prepare for on stack replacement/i;

export const deoptimized: Rule = {
  code: 'deoptimized',
  check(result) {
    const during = result.profile.deopts.filter((d) => d.phase === 'sample' && !TIER_UP_REASON.test(d.reason));
    const jit = result.profile.tier;
    const tierDropped = jit !== null && jit.afterWarmup.tier === 'turbofan' && jit.afterSampling.tier !== 'turbofan';
    if (during.length === 0 && !tierDropped) return [];
    const listed = during.slice(0, MAX_LISTED).map((d) => `${d.reason} (${d.kind}) at ${d.location ?? 'unknown location'}${d.inlinedAt.length > 0 ? `, inlined at ${d.inlinedAt[0]}` : ''}`);
    const more = during.length > MAX_LISTED ? `, and ${during.length - MAX_LISTED} more` : '';
    const what =
      during.length > 0
        ? `${during.length} deoptimization${during.length === 1 ? '' : 's'} during sampling: ${listed.join('; ')}${more}`
        : `the measured code dropped from turbofan to ${jit!.afterSampling.tier} during sampling`;
    return [
      {
        code: 'deoptimized',
        severity: 'warning',
        message: `${what}; samples mix optimized and deoptimized code`,
        hint: 'Keep the types and shapes the body sees the same throughout the run (a value changing from number to string, objects gaining properties, a new class reaching the same call site); prepare varied inputs in setup so warm-up sees them all. Run with --profile to see every deoptimization and where the time goes.',
        evidence: { deopts: during, afterWarmup: jit?.afterWarmup ?? null, afterSampling: jit?.afterSampling ?? null },
      },
    ];
  },
};
