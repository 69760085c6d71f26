/**
 * `gc-heavy` (information): garbage collection took more than 10% of the time, measured apart over
 * whole major-GC cycles where it was (docs/memory.md), else over the sampling phase. The
 * estimate includes GC, as real code pays it, so the number is an honest measure of the code; the
 * finding says where a large part of its time goes, with the bytes per operation that cause it.
 * Where the GC-free pass measured the benchmark (`--gc-cost`, or automatically where GC looked heavy:
 * runner/passes/gc-cost/gc-bound-pass.ts), the share is GC's cost by elimination instead, which
 * also counts what GC costs the body without pausing it.
 * Information, not a warning: a share near the line moves with the heap's state between runs
 * (measured: 8–11% for one body over three runs), and a warning that comes and goes is noise.
 */
import type { GcCost, GcOverhead } from '../../results/types.js';
import { GC_SHARE_LIMIT } from '../../results/memory-types.js';
import { ns, pct } from './format.js';
import type { OkResult, Rule } from './rule.js';

export { GC_SHARE_LIMIT };
/**
 * GC's cost by elimination at least this many times its pauses: most of it is work that does not
 * pause the body (a ring of a million records: 65% by elimination, 10% in pauses), which the
 * message names, since cutting pauses will not help.
 */
export const UNPAUSED_FACTOR = 2;

/** How much of the time GC's pauses took, and where they were read. */
function pausesText(memory: NonNullable<OkResult['memory']>): string {
  const apart = memory.gcApart ?? null;
  return apart === null
    ? `of the sampling time (${memory.gcCount} collections, ${((memory.gcTimeNs ?? 0) / 1e6).toFixed(1)} ms)`
    : `of the time over ${apart.majorGcCount === 0 ? 'a window without a major GC' : `${apart.majorGcCount} major-GC cycle${apart.majorGcCount === 1 ? '' : 's'}`} run apart (${apart.gcCount} collections, ${(apart.pauseNs / 1e6).toFixed(1)} ms in ${(apart.windowNs / 1e6).toFixed(0)} ms)`;
}

/** The GC-free measurement's share, when it was measured (asked for, or run because GC looked heavy). */
function eliminated(memory: NonNullable<OkResult['memory']>): { cost: GcCost; overhead: GcOverhead; noGcNs: number } | null {
  const cost = memory.gcCost ?? null;
  if (cost === null || cost.status !== 'measured' || cost.overhead === null || cost.noGc === null) return null;
  return { cost, overhead: cost.overhead, noGcNs: cost.noGc.nsPerOp };
}

const HINT =
  'The estimate includes the GC cost, as real code pays it. To measure the work itself, allocate less per call: reuse buffers, move allocation into setup, and avoid returning fresh objects or boxed doubles from the hot path; --gc-cost measures what GC adds.';
const KEPT_ALIVE_HINT =
  "The estimate includes the GC cost, as real code pays it, and that cost depends on how much the process keeps alive, so it will differ in your application's heap. What the body keeps alive (a ring, a cache, a pool) is promoted to the old generation and marked there: keep fewer objects alive (reuse records in place, store numbers in typed arrays), or benchmark the work apart from the keeping.";

export const gcHeavy: Rule = {
  code: 'gc-heavy',
  check(result) {
    const memory = result.memory;
    if (memory === null) return [];
    const pauses = memory.gcShare;
    const byElimination = eliminated(memory);
    // Elimination compares two processes: when it cannot tell, the pauses measured in this one speak.
    if (byElimination?.overhead.significant && byElimination.overhead.share > GC_SHARE_LIMIT) {
      const { overhead, noGcNs } = byElimination;
      const pausedPart = pauses === null ? '' : `; its pauses were ${pct(pauses)} ${pausesText(memory)}`;
      const unpaused = pauses !== null && overhead.share >= UNPAUSED_FACTOR * pauses;
      return [
        {
          code: 'gc-heavy',
          severity: 'info',
          message: `garbage collection costs ${pct(overhead.share)} of the time by elimination (${pct(overhead.shareCiLower)}–${pct(overhead.shareCiUpper)}): ${ns(overhead.nsPerOp)} of ${ns(noGcNs + overhead.nsPerOp)} per operation, ${ns(noGcNs)} measured GC-free${pausedPart}${unpaused ? ', so most of the cost is GC work that does not pause the body (promotion to the old generation, concurrent marking and its write barriers)' : ''}; the body allocates ${Math.round(memory.bytesPerOp)} B per operation`,
          hint: unpaused ? KEPT_ALIVE_HINT : HINT,
          evidence: {
            eliminatedShare: overhead.share,
            eliminatedShareCi: [overhead.shareCiLower, overhead.shareCiUpper],
            gcNsPerOp: overhead.nsPerOp,
            noGcNsPerOp: noGcNs,
            gcShare: pauses,
            gcApart: memory.gcApart ?? null,
            bytesPerOp: memory.bytesPerOp,
          },
        },
      ];
    }
    if (pauses === null || !(pauses > GC_SHARE_LIMIT)) return [];
    if (byElimination?.overhead.significant) return [];
    return [
      {
        code: 'gc-heavy',
        severity: 'info',
        message: `garbage collection took ${pct(pauses)} ${pausesText(memory)}; the body allocates ${Math.round(memory.bytesPerOp)} B per operation`,
        hint: HINT,
        evidence: {
          gcShare: pauses,
          samplingGcShare: memory.samplingGcShare ?? pauses,
          gcApart: memory.gcApart ?? null,
          gcCount: memory.gcCount,
          gcTimeNs: memory.gcTimeNs,
          bytesPerOp: memory.bytesPerOp,
        },
      },
    ];
  },
};
