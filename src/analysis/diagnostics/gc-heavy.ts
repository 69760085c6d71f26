/**
 * `gc-heavy` (information): garbage collection took more than 10% of the sampling phase. The
 * estimate includes GC, as real code pays it, so the number is an honest measure of the code; the
 * finding says where a large part of its time goes, with the bytes per operation that cause it.
 * Information, not a warning: a share near the line moves with the heap's state between runs
 * (measured: 8–11% for one body over three runs), and a warning that comes and goes is noise.
 */
import type { Rule } from './rule.js';
import { pct } from './format.js';

/** Issue 4: GC above 10% of the time makes it worth saying where the time goes. */
export const GC_SHARE_LIMIT = 0.1;

export const gcHeavy: Rule = {
  code: 'gc-heavy',
  check(result) {
    const memory = result.memory;
    if (memory === null || memory.gcShare === null || !(memory.gcShare > GC_SHARE_LIMIT)) return [];
    return [
      {
        code: 'gc-heavy',
        severity: 'info',
        message: `garbage collection took ${pct(memory.gcShare)} of the sampling time (${memory.gcCount} collections, ${((memory.gcTimeNs ?? 0) / 1e6).toFixed(1)} ms); the body allocates ${Math.round(memory.bytesPerOp)} B per operation`,
        hint: 'The estimate includes the GC cost, as real code pays it. To measure the work itself, allocate less per call: reuse buffers, move allocation into setup, and avoid returning fresh objects or boxed doubles from the hot path; --gc-cost measures what GC adds.',
        evidence: { gcShare: memory.gcShare, gcCount: memory.gcCount, gcTimeNs: memory.gcTimeNs, bytesPerOp: memory.bytesPerOp },
      },
    ];
  },
};
