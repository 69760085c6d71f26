/**
 * `forced-gc` (information): the bench file asked for full collections outside the timing
 * (mitata's `.gc('inner')` before every sample, `.gc('once')` before the first), and ubench
 * ran them, as that harness does. Said beside ubench's own GC figures because it changes what they
 * mean: with a collection before every sample, each sample starts on an emptied heap, so fewer
 * collections fall inside the timing than when the code runs on its own, and the estimate holds
 * less GC cost than real code pays. The GC share measured apart (gc-heavy) runs without them.
 */
import type { Rule } from './rule.js';
import { count, ns } from './format.js';

export const forcedGc: Rule = {
  code: 'forced-gc',
  check(result) {
    const forced = result.forcedGc;
    if (forced === undefined) return [];
    const when = forced.mode === 'every-sample' ? 'before every sample' : 'once, before its first sample';
    const ran = `${count(forced.count)} full collection${forced.count === 1 ? '' : 's'}, ${ns(forced.totalNs)} in all${forced.count > 1 ? `, ${ns(forced.minNs)}–${ns(forced.maxNs)} each` : ''}`;
    const inside = result.memory?.gcCount ?? null;
    const counted = inside === null ? '' : `; ${count(inside)} collection${inside === 1 ? '' : 's'} fell inside the timed samples`;
    const effect =
      forced.mode === 'every-sample'
        ? ': every sample starts on an emptied heap, so it holds only the collections its own allocation causes, none that earlier work left due'
        : ': the first sample does not pay for the warm-up’s garbage';
    return [
      {
        code: 'forced-gc',
        severity: 'info',
        message: `${forced.by}: ubench ran a full collection ${when}, outside the timing (${ran}; not in any figure)${counted}${effect}`,
        hint:
          forced.mode === 'every-sample'
            ? "To measure the GC cost the code causes, remove .gc('inner'): ubench counts the collections inside its samples and measures the GC share apart (docs/memory.md)."
            : 'Nothing to change: this is your harness asking for a clean heap before the measurement.',
        evidence: { ...forced, gcCountInSamples: inside },
      },
    ];
  },
};
