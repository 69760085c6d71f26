/**
 * `deoptimized`: V8 deoptimized code while samples were being taken, so part of the samples ran
 * slower code. Reports V8's reason and the source location (from --log-deopt), or the tier drop.
 */
import { isTierUp } from '../../results/profile-types.js';
import type { Rule } from './rule.js';

const MAX_LISTED = 3;

export const deoptimized: Rule = {
  code: 'deoptimized',
  check(result) {
    const during = result.profile.deopts.filter((d) => d.phase === 'sample' && !isTierUp(d));
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
