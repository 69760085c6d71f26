/**
 * `retains-memory`: the benchmark kept a large heap after a forced full GC at its end, even if it
 * stopped growing (say, during warm-up, so `leak` sees a flat heap while sampling). Every later
 * benchmark of the process then runs beside that heap, whose marking and compaction they pay for,
 * so their numbers mislead; and this benchmark's own GC cost depends on it.
 */
import { bytes } from './format.js';
import type { Rule } from './rule.js';

/**
 * 32 MiB kept: a V8 full GC marks live objects, so it slows by roughly a millisecond per 10 MiB
 * live (measured here: ~3 ms for the 30 MiB of a warm process); clean benchmarks keep well under
 * 1 MiB (the leak rule's floor), caches of a few MiB included.
 */
export const RETAINED_WARNING_BYTES = 32 * 1024 * 1024;

export const retainsMemory: Rule = {
  code: 'retains-memory',
  check(result) {
    const retained = result.memory?.footprint.retainedBytes ?? null;
    if (retained === null || retained < RETAINED_WARNING_BYTES) return [];
    return [
      {
        code: 'retains-memory',
        severity: 'warning',
        message: `the benchmark kept ${bytes(retained)} alive after a full GC at its end: later benchmarks of this process run beside that heap and pay for it in GC`,
        hint: 'Something keeps references across calls: a module-level cache, array or map filled by the body. Clear it in teardown, bound it, or create it in setup so each sample starts afresh; or run with --isolate benchmark.',
        evidence: { retainedBytes: retained },
      },
    ];
  },
};
