/**
 * `per-call-state` (information): a benchmark declared with `state: 'per-call'` gives every call a
 * state of its own. What that costs is part of the estimate and is said: the states of a chunk are
 * made before it (untimed), and each chunk reads the clock twice, so the clock's share per call is
 * two reads over the chunk's calls.
 */
import type { Rule } from './rule.js';
import { count, ns, pct } from './format.js';

export const perCallState: Rule = {
  code: 'per-call-state',
  check(result, context) {
    const chunk = result.perCallChunk;
    if (chunk === undefined) return [];
    const clockNs = context.clock?.costNs ?? null;
    const perCall = clockNs === null ? null : (2 * clockNs) / chunk;
    const cost = perCall === null ? '' : `: two clock reads of ${ns(clockNs!)} per chunk add ${ns(perCall)} to each call, included in the estimate (${pct(perCall / result.estimate.nsPerOp)} of it)`;
    return [
      {
        code: 'per-call-state',
        severity: 'info',
        message: `every call ran on a state of its own from setup(), made untimed before each chunk of ${count(chunk)} call${chunk === 1 ? '' : 's'}${cost}`,
        hint: "Chunks hold as many states as fit in 1 MiB, so a state is in cache when its call comes, as one made right before its use would be. A body that only reads its state needs no per-call state: drop state: 'per-call' to time it on one state per sample.",
        evidence: { chunkCalls: chunk, clockCostNs: clockNs, clockNsPerCall: perCall },
      },
    ];
  },
};
