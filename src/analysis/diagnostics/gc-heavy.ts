/**
 * `gc-heavy` (information): garbage collection took more than 10% of the time, measured apart over
 * whole major-GC cycles where it was (docs/memory.md), else over the sampling phase. The
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
    const apart = memory.gcApart ?? null;
    const where =
      apart === null
        ? `of the sampling time (${memory.gcCount} collections, ${((memory.gcTimeNs ?? 0) / 1e6).toFixed(1)} ms)`
        : `of the time over ${apart.majorGcCount} major-GC cycle${apart.majorGcCount === 1 ? '' : 's'} run apart (${apart.gcCount} collections, ${(apart.pauseNs / 1e6).toFixed(1)} ms in ${(apart.windowNs / 1e6).toFixed(0)} ms)`;
    return [
      {
        code: 'gc-heavy',
        severity: 'info',
        message: `garbage collection took ${pct(memory.gcShare)} ${where}; the body allocates ${Math.round(memory.bytesPerOp)} B per operation`,
        hint: 'The estimate includes the GC cost, as real code pays it. To measure the work itself, allocate less per call: reuse buffers, move allocation into setup, and avoid returning fresh objects or boxed doubles from the hot path; --gc-cost measures what GC adds.',
        evidence: {
          gcShare: memory.gcShare,
          samplingGcShare: memory.samplingGcShare ?? memory.gcShare,
          gcApart: apart,
          gcCount: memory.gcCount,
          gcTimeNs: memory.gcTimeNs,
          bytesPerOp: memory.bytesPerOp,
        },
      },
    ];
  },
};
