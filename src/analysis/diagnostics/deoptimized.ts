/**
 * `deoptimized`: V8 deoptimized code while samples were being taken, so part of the samples ran
 * slower code. Reports V8's reason and the source location (from --log-deopt), or the tier drop.
 *
 * A deopt whose every position is in Node's own code (`node:…`) is information: the harness runs
 * Node's code between samples too (its observers, its event targets, source maps), and such deopts
 * came and went between runs of benchmarks that never call it (event_target, source_map_cache).
 * If the body's time changed with one, its samples show it, and `levels` or `drift` say so as the
 * code's own; this rule then names a possible cause without claiming it.
 */
import { type DeoptEvent, isTierUp } from '../../results/profile-types.js';
import type { Rule } from './rule.js';

const MAX_LISTED = 3;

/** Whether every position of a deopt (where it happened and where that was inlined) is in Node's own code. */
export function inNodeOnly(d: DeoptEvent): boolean {
  const positions = [d.location, ...d.inlinedAt];
  return d.location !== null && positions.every((p) => p?.startsWith('node:'));
}

function listed(deopts: readonly DeoptEvent[]): string {
  const shown = deopts.slice(0, MAX_LISTED).map((d) => `${d.reason} (${d.kind}) at ${d.location ?? 'unknown location'}${d.inlinedAt.length > 0 ? `, inlined at ${d.inlinedAt[0]}` : ''}`);
  return `${shown.join('; ')}${deopts.length > MAX_LISTED ? `, and ${deopts.length - MAX_LISTED} more` : ''}`;
}

const plural = (n: number): string => `${n} deoptimization${n === 1 ? '' : 's'}`;

export const deoptimized: Rule = {
  code: 'deoptimized',
  check(result) {
    const during = result.profile.deopts.filter((d) => d.phase === 'sample' && !isTierUp(d));
    const jit = result.profile.tier;
    const tierDropped = jit !== null && jit.afterWarmup.tier === 'turbofan' && jit.afterSampling.tier !== 'turbofan';
    if (during.length === 0 && !tierDropped) return [];
    if (!tierDropped && during.every(inNodeOnly)) {
      return [
        {
          code: 'deoptimized',
          severity: 'info',
          message: `${plural(during.length)} in Node's own code during sampling: ${listed(during)}; the harness runs Node's code between samples too, so this is not attributed to the benchmark (its samples would show a change it made)`,
          hint: 'Nothing to change unless the body calls this part of Node; then run with --profile to see where the time goes.',
          evidence: { deopts: during, nodeOnly: true },
        },
      ];
    }
    const what = during.length > 0 ? `${plural(during.length)} during sampling: ${listed(during)}` : `the measured code dropped from turbofan to ${jit!.afterSampling.tier} during sampling`;
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
