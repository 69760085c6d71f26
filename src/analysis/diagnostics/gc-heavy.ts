/**
 * `gc-heavy`: garbage collection took more than 10% of the sampling phase. The estimate includes
 * GC, as real code pays it, but then it measures the allocator and collector as much as the code:
 * say so, with the bytes per operation that cause it.
 */
import type { Rule } from './rule.js';
import { pct } from './format.js';

/** Issue 4: GC above 10% of the time makes the result about GC. */
export const GC_SHARE_LIMIT = 0.1;

export const gcHeavy: Rule = {
  code: 'gc-heavy',
  check(result) {
    const memory = result.memory;
    if (memory === null || !(memory.gcShare > GC_SHARE_LIMIT)) return [];
    return [{
      code: 'gc-heavy',
      severity: 'warning',
      message: `garbage collection took ${pct(memory.gcShare)} of the sampling time (${memory.gcCount} collections, ${(memory.gcTimeNs / 1e6).toFixed(1)} ms); the body allocates ${Math.round(memory.bytesPerOp)} B per operation`,
      hint: 'The estimate includes the GC cost, as real code pays it. To measure the work itself, allocate less per call: reuse buffers, move allocation into setup, and avoid returning fresh objects or boxed doubles from the hot path.',
      evidence: { gcShare: memory.gcShare, gcCount: memory.gcCount, gcTimeNs: memory.gcTimeNs, bytesPerOp: memory.bytesPerOp },
    }];
  },
};
