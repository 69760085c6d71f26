/**
 * The attribution principle applied to garbage collection: a finding about the samples' shape that
 * the GC-free samples (the GC-free pass: `--gc-cost`, or run by itself where GC looked heavy) no
 * longer show is garbage collection's, as one the host-adjusted samples no longer show is the
 * host's. GC is the body's own cost, and `gc-heavy` names it with its share by elimination; the
 * spread or levels it makes are then information beside it, not a second warning about one cause.
 */
import type { Diagnostic, Sample } from '../../results/types.js';
import { describe } from '../../stats/describe.js';
import { withinSevereFences } from '../../stats/tukey-fences.js';
import { findLevels } from '../../stats/level-clusters.js';
import { SHAPE_MIN_SAMPLES } from '../../stats/shape-samples.js';
import { perOpValues } from '../../results/derived-values.js';
import type { OkResult } from './rule.js';

/**
 * The coefficient of variation of the samples a shape finding judged: a spread (`noisy`) on the bulk
 * within Tukey's severe fences (the severe outliers are the `outliers` rule's), clusters on all.
 */
export function judgedCv(code: string, perOp: readonly number[]): number {
  const judged = code === 'noisy' ? withinSevereFences(perOp) : perOp;
  return judged.length < 2 ? 0 : describe(judged).cv;
}

/** The GC-free samples, when the pass measured them (enough for the shape tests) and GC added a significant share. */
export function gcFreeSamples(result: OkResult): { samples: readonly Sample[]; nsPerOp: number } | null {
  const cost = result.memory?.gcCost ?? null;
  if (cost === null || cost.status !== 'measured' || cost.overhead?.significant !== true || cost.noGc === null) return null;
  return cost.samples.length >= SHAPE_MIN_SAMPLES ? { samples: cost.samples, nsPerOp: cost.noGc.nsPerOp } : null;
}

/** The GC-free level, when the GC-free samples show no levels (the levels are GC's cycles); null otherwise. */
export function levelsWithoutGc(result: OkResult): number | null {
  const free = gcFreeSamples(result);
  return free === null || findLevels(perOpValues(free.samples)) !== null ? null : free.nsPerOp;
}

/**
 * Warnings of the code's own spread or clusters (`noisy`, `multimodal` with the host's part taken
 * out) whose GC-free samples spread less than `minCv`, and `levels` the GC-free samples lose, become
 * information that names GC.
 */
export function shapesOfGc(found: Diagnostic[], result: OkResult, minCv: number): Diagnostic[] {
  const free = gcFreeSamples(result);
  if (free === null) return found;
  const freePerOp = perOpValues(free.samples);
  const freeCvOf = (code: string): number => judgedCv(code, freePerOp);
  const ofGc = (d: Diagnostic): boolean => {
    if (d.severity !== 'warning') return false;
    if (d.code === 'levels') return (d.evidence as { gcFreeNsPerOp?: number | null } | undefined)?.gcFreeNsPerOp != null;
    return (d.code === 'noisy' || d.code === 'multimodal') && (d.evidence as { owner?: string } | undefined)?.owner === 'code' && freeCvOf(d.code) < minCv;
  };
  return found.map((d) =>
    ofGc(d)
      ? {
          ...d,
          severity: 'info',
          message:
            d.code === 'levels'
              ? d.message
              : `${d.message}; measured GC-free the samples spread ${(100 * freeCvOf(d.code)).toFixed(0)}% (coefficient of variation): garbage collection's, whose cost gc-heavy gives`,
          evidence: { ...(d.evidence as object), gcFreeCv: freeCvOf(d.code) },
        }
      : d,
  );
}
