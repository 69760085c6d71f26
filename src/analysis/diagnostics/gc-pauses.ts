/**
 * The attribution principle applied to the GC pauses inside the samples: a warning about the
 * samples' shape — levels, a step, a spread or clusters of the code's own — that the samples less
 * the pauses of the GCs that started inside each (`Sample.gcNs`) no longer show is garbage
 * collection's. GC is the body's own cost (its allocation causes it; `gc-heavy` gives its share),
 * so the finding stays, as information that names it, not as different work the body does. The
 * pauses are read in every run, `--quick` included, where the GC-free pass (gc-attribution.ts)
 * does not run. What the collector does without stopping the main thread is not in them, so a
 * shape it makes stays the warning it was.
 */
import type { Diagnostic, Sample } from '../../results/types.js';
import { judgedCv } from './gc-attribution.js';
import { withSamples } from '../derive-from-samples.js';
import { hostAdjusted, MIN_RUNNING_SHARE } from '../host-track.js';
import { pct } from './format.js';
import { perSampleNs, type OkResult, type Rule, type RuleContext } from './rule.js';

/** Shape findings whose warning the pauses can explain; `noisy` and `multimodal` warn only as the code's own spread. */
const SHAPE_CODES: ReadonlySet<string> = new Set(['levels', 'drift', 'noisy', 'multimodal']);

const HINT =
  "The steps or spread come with garbage collection's pauses inside the samples, not with different work: the body's allocation causes them, and a pause lands in some samples and not in others. Allocate less per call (reuse buffers, move allocation into setup), or give it more --time so each sample holds its share of them; --gc-cost measures the body GC-free.";

/** The samples less the GC pauses inside each, never below a tenth of their time; null when no sample carries a pause. */
export function lessGcPauses(samples: readonly Sample[]): Sample[] | null {
  if (!samples.some((s) => (s.gcNs ?? 0) > 0)) return null;
  return samples.map((s) => (s.gcNs === undefined ? s : { ...s, elapsedNs: Math.max(s.elapsedNs - s.gcNs, MIN_RUNNING_SHARE * s.elapsedNs) }));
}

/**
 * Shape warnings that the samples less their GC pauses no longer show, as information naming GC.
 * `levels` and `drift` are asked again of those samples (each reads the host itself); a spread or
 * clusters of the code's own is judged as diagnose.ts judged it — the coefficient of variation of the
 * host-adjusted samples (of the bulk within the severe fences for a spread) against `minCv`.
 */
export function shapesOfGcPauses(found: Diagnostic[], result: OkResult, context: RuleContext, rules: readonly Rule[], minCv: number): Diagnostic[] {
  const less = lessGcPauses(result.samples);
  if (less === null) return found;
  const gcLess = withSamples(result, less) as OkResult;
  const factors = context.hostFactors ?? null;
  const adjusted = factors === null ? null : perSampleNs(withSamples(result, hostAdjusted(less, factors)));
  const ofGc = (d: Diagnostic): boolean => {
    if (d.severity !== 'warning' || !SHAPE_CODES.has(d.code)) return false;
    if (d.code === 'levels' || d.code === 'drift') {
      const rule = rules.find((r) => r.code === d.code);
      return rule !== undefined && !rule.check(gcLess, context).some((again) => again.severity === 'warning');
    }
    if ((d.evidence as { owner?: string } | undefined)?.owner !== 'code' || adjusted === null) return false;
    return judgedCv(d.code, adjusted) < minCv;
  };
  const paying = result.samples.filter((s) => (s.gcNs ?? 0) > 0);
  const share = paying.reduce((sum, s) => sum + s.gcNs!, 0) / result.samples.reduce((sum, s) => sum + s.elapsedNs, 0);
  const said = `less the GC pauses inside each sample (${paying.length} of ${result.samples.length} samples paid them, ${pct(share)} of the sampled time), the samples do not show it: it is garbage collection's pauses, which the body's allocation causes`;
  return found.map((d) =>
    ofGc(d) ? { ...d, severity: 'info', message: `${d.message}; ${said}`, hint: HINT, evidence: { ...(d.evidence as object), gcPausesExplain: true, gcPauseShare: share } } : d,
  );
}
