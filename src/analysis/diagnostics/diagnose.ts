/**
 * Runs every rule on a benchmark result; the order here is the order shown to the user.
 *
 * Attribute before blaming, by one principle: a statistical rule that fires on the raw samples is
 * asked again on the samples with the host's part taken out (each less the time it waited while
 * other programs ran, divided by the host factor of its moment). What no longer fires was the
 * host's — where the host's part is most of the samples' variation (host-share.ts); otherwise the
 * finding stays information, blaming no one — and one `host-moved` finding says so. What still fires is the benchmark's own: a spread
 * or clusters of its own cost is a warning, worded with the figures after the host's part, unless
 * a warning about a cause of the same benchmark already stands (a symptom yields to its cause).
 * Without host tracking nothing can be attributed, and the findings stay information.
 */
import type { BenchmarkResult, Diagnostic } from '../../results/types.js';
import { withSamples } from '../derive-from-samples.js';
import { isSpread } from '../fixed-cost-fit.js';
import { hostAdjusted } from '../host-track.js';
import { pooledTrend } from '../../stats/pooled-trend.js';
import { DRIFT_MIN_SAMPLES, DRIFT_P_VALUE } from '../../stats/trend.js';
import { deoptimized } from './deoptimized.js';
import { drift, isOwnStep } from './drift.js';
import { judgedCv, shapesOfGc } from './gc-attribution.js';
import { shapesOfGcPauses } from './gc-pauses.js';
import { forcedGc } from './bench-forced-gc.js';
import { gcHeavy } from './gc-heavy.js';
import { hostMoved } from './host-moved.js';
import { HOST_EXPLAINS_MIN_SHARE, hostShare } from './host-share.js';
import { leak } from './leak.js';
import { LEVELS_CODE, levels } from './levels.js';
import { loaderTransform } from './loader-transform.js';
import { memoryGrew } from './memory-grew.js';
import { multimodal } from './multimodal.js';
import { neighbourDetached } from './neighbour-detached.js';
import { noisy } from './noisy.js';
import { notOptimized } from './not-optimized.js';
import { notSteady } from './not-steady.js';
import { optimizedAway } from './optimized-away.js';
import { outliers } from './outliers.js';
import { perSampleNs, type OkResult, type Rule, type RuleContext } from './rule.js';
import { setupOverhead } from './setup-overhead.js';
import { shapeUndecided } from './shape-undecided.js';
import { stateChanged } from './state-changed.js';
import { perCallState } from './per-call-state.js';
import { retainsMemory } from './retains-memory.js';
import { throttled } from './throttled.js';
import { timerResolution } from './timer-resolution.js';
import { pct } from './format.js';

export const RULES: readonly Rule[] = [
  loaderTransform,
  neighbourDetached,
  optimizedAway,
  stateChanged,
  perCallState,
  setupOverhead,
  timerResolution,
  notOptimized,
  deoptimized,
  notSteady,
  levels,
  drift,
  multimodal,
  noisy,
  outliers,
  shapeUndecided,
  gcHeavy,
  forcedGc,
  leak,
  retainsMemory,
  memoryGrew,
  throttled,
];

/** Rules that judge the samples' statistics, which the host's movement can fake. */
export const HOST_SENSITIVE_CODES: ReadonlySet<string> = new Set(['drift', 'multimodal', 'noisy', 'outliers']);
/**
 * Rules that judge the spread, clusters and trend of per-sample ns/op: a manual loop's spread
 * samples (`calibration.spread`) differ in ns/op by design (their counts span 64×), so these are
 * not asked of it; its fit's interval says how precise it is.
 */
const PER_OP_SHAPE_CODES: ReadonlySet<string> = new Set(['drift', 'multimodal', 'noisy', 'outliers', 'levels']);
/** Below this movement the host cannot explain a finding, and messages need not mention it. */
const HOST_MENTION_MOVEMENT = 0.02;

function isOk(result: BenchmarkResult): result is OkResult {
  return result.status === 'ok' && result.estimate !== null && result.stats !== null;
}

/** A finding the state probe proved the benchmark's own (its setup's values differ in cost). */
const provenOwn = (d: Diagnostic): boolean => (d.evidence as { setupDependence?: { material?: boolean } | null } | undefined)?.setupDependence?.material === true;

export function diagnose(result: BenchmarkResult, context: RuleContext, rules: readonly Rule[] = RULES): Diagnostic[] {
  if (!isOk(result)) return [];
  const factors = context.hostFactors ?? null;
  const movement = result.host?.movement ?? 0;
  const note = movement >= HOST_MENTION_MOVEMENT ? ` (the host's speed moved ${pct(movement)} meanwhile; taking it out does not explain this)` : '';
  let adjusted: OkResult | null = null;
  let share: number | null = null;
  const found: Diagnostic[] = [];
  const attributed: Diagnostic[] = [];
  const spread = isSpread(result);
  for (const rule of rules) {
    if (spread && PER_OP_SHAPE_CODES.has(rule.code)) continue;
    // A slope not told from 0 reads 0: not code V8 removed, but a cost the fixed part hides (setup-overhead says so).
    if (spread && result.fixedCost?.separated === false && rule.code === optimizedAway.code) continue;
    const raw = rule.check(result, context);
    if (factors === null || !HOST_SENSITIVE_CODES.has(rule.code) || raw.length === 0 || raw.every(provenOwn)) {
      found.push(...raw);
      continue;
    }
    // Asked again with the host's part taken out: what no longer fires was the host's.
    adjusted ??= withSamples(result, hostAdjusted(result.samples, factors)) as OkResult;
    const still = rule.check(adjusted, context);
    // Credited to the host only where its part is most of the variation the finding saw: a finding
    // near its threshold can stop firing on a host factor that is only the references' noise.
    share ??= hostShare(perSampleNs(result), perSampleNs(adjusted));
    // Where the host's part is too small a share, the finding stays, as information: neither the
    // host's (it does not explain it) nor surely the code's (without that part it does not fire).
    if (still.length === 0 && share >= HOST_EXPLAINS_MIN_SHARE) attributed.push(...raw);
    else if (still.length === 0) found.push(...raw.map((d): Diagnostic => ({ ...d, severity: 'info' })));
    else found.push(...raw.map((d) => (provenOwn(d) || isOwnStep(d) ? d : (ownSpread(d, still, movement, adjusted!) ?? { ...d, message: `${d.message}${note}` }))));
  }
  if (attributed.length > 0) found.push(hostMoved(result, attributed, share ?? 0));
  const ofGc = shapesOfGcPauses(shapesOfGc(neighbourSteps(found, result, context), result, OWN_SPREAD_MIN_CV), result, context, rules, OWN_SPREAD_MIN_CV);
  return withoutRepeats(symptomsYieldToCauses(ofGc));
}

/**
 * A spread or clusters outlasting the host's part are the code's when this wide (coefficient of
 * variation of the adjusted samples): memory-bound lookups beside a neighbour that rebuilt a 24 MiB
 * table each sample spread by 12% with no wait and a level throughput reference (the caches and the
 * memory bus the references do not see), where the code's own phases spread by 40–70%. Narrower
 * spreads stay information; their structure, if any, is `levels`' and `drift`'s to find.
 */
const OWN_SPREAD_MIN_CV = 0.25;

/** The shape findings whose spread or clusters, when they outlast the host's part, are the code's own cost varying. */
const OWN_SPREAD_CODES: ReadonlySet<string> = new Set(['noisy', 'multimodal']);

/**
 * A spread (noisy) or clusters (multimodal) still there with the host's part taken out: the
 * benchmark's own cost varies, a warning worded with the figures after the host's part. A precision
 * target missed without a wide spread stays information: the interval beside the estimate says it.
 */
function ownSpread(raw: Diagnostic, still: readonly Diagnostic[], movement: number, adjusted: OkResult): Diagnostic | null {
  if (!OWN_SPREAD_CODES.has(raw.code) || raw.severity !== 'info') return null;
  const after = still.find((d) => d.code === raw.code && (d.code !== 'noisy' || d.message.startsWith('samples spread')));
  if (after === undefined || judgedCv(raw.code, perSampleNs(adjusted)) < OWN_SPREAD_MIN_CV) return null;
  const host = movement >= HOST_MENTION_MOVEMENT ? `the host's speed moved ${pct(movement)}, and ` : '';
  return {
    ...after,
    severity: 'warning',
    message: `the benchmark's own cost varies: with the host's part taken out (${host}the time other programs held the CPU removed from each sample), ${after.message.replace(/^samples spread widely: /, 'the samples still spread: ')}`,
    hint: OWN_SPREAD_HINT,
    evidence: { ...(after.evidence as object), owner: 'code', raw: raw.message },
  };
}

const OWN_SPREAD_HINT =
  'The body does different work from one sample to the next: an input, a cache or a state that changes with time or with the call count, a path taken in phases, or garbage collection that some samples pay and others do not. Find what varies and benchmark each case on its own (a fixed input per benchmark); with fewer than 30 samples `levels` cannot name the levels, so give it more --time.';

/** Codes that describe the samples' shape: what a cause does to them, not a cause. */
const SYMPTOM_CODES: ReadonlySet<string> = new Set(['noisy', 'multimodal', 'outliers']);

/**
 * A symptom of the code's own warned beside a warning that names a cause is that cause's
 * consequence: information, so one cause gets one warning. Symptoms are a spread or clusters and a
 * level step (drift); a cause is any other warning — of the code (`deoptimized`, `state-changed`, …)
 * or of the machine (`throttled`: other programs busy on the cores move a sample's time in ways its
 * waits do not all show, caches and memory bandwidth among them); a step of the code's own is the
 * cause of its two levels' spread.
 */
function symptomsYieldToCauses(found: Diagnostic[]): Diagnostic[] {
  const ownSymptom = (d: Diagnostic): boolean => d.severity === 'warning' && ((SYMPTOM_CODES.has(d.code) && (d.evidence as { owner?: string } | undefined)?.owner === 'code') || isOwnStep(d));
  const causes = found.filter((d) => d.severity !== 'info' && !ownSymptom(d));
  const step = found.some((d) => isOwnStep(d) && d.severity === 'warning');
  if (causes.length === 0 && !step) return found;
  return found.map((d) => (ownSymptom(d) && (causes.length > 0 || !isOwnStep(d)) ? { ...d, severity: 'info' } : d));
}

/**
 * A drift that is only steps where the file's other benchmarks left the rounds (their stopping rules
 * said enough) is interleaving's: each sample finds caches and predictors as its neighbours left
 * them, and the neighbours changed. It is the benchmark's when a stretch of the same neighbours, long
 * enough to judge on its own, still drifts, or when the change goes on inside the stretches: the
 * Mann–Kendall test pooled over them, each judged on its own order (the seasonal Kendall test), finds
 * the same direction (p < 0.001, the drift rule's bar); steps at the stretches' borders add nothing
 * to it. Interleaving's otherwise.
 */
function neighbourSteps(found: Diagnostic[], result: OkResult, context: RuleContext): Diagnostic[] {
  const stretches = context.roundStretches ?? null;
  const index = found.findIndex((d) => d.code === drift.code && d.severity === 'warning');
  if (stretches === null || index < 0) return found;
  const original = found[index]!;
  const groups = [...new Set(stretches)].map((id) => result.samples.filter((_, i) => stretches[i] === id));
  const judged = groups.filter((samples) => samples.length >= DRIFT_MIN_SAMPLES);
  if (judged.length === 0 || judged.some((samples) => drift.check(withSamples(result, samples) as OkResult, context).some((d) => d.severity === 'warning'))) return found;
  const within = pooledTrend(groups.map((samples) => perSampleNs(withSamples(result, samples))));
  const direction = (original.evidence as { thirdsShift?: number } | undefined)?.thirdsShift ?? 0;
  if (within.pValue < DRIFT_P_VALUE && Math.sign(within.s) === Math.sign(direction)) return found;
  const info: Diagnostic = {
    ...original,
    severity: 'info',
    message: `${original.message}; but it moved where the file's other benchmarks left the rounds, and within each stretch of the same neighbours it held (${new Set(stretches).size} stretches): interleaving's, not the code's`,
    hint: "Each sample follows its neighbours' in a round and finds caches and branch predictors as they left them. --sequential measures each benchmark alone; --isolate benchmark in a process of its own.",
  };
  return found.map((d, i) => (i === index ? info : d));
}

/** Findings that only describe the samples' shape, which a `levels` warning already explains. */
const SHAPE_CODES: ReadonlySet<string> = new Set(['multimodal', 'noisy', 'drift']);
/** The shape findings a step of the code's own accounts for (two levels: clusters, and the spread between them). */
const STEP_SHAPE_CODES: ReadonlySet<string> = new Set(['multimodal', 'noisy']);

/**
 * One cause, one warning:
 * - when the values from setup make the samples cluster, `multimodal` says so, and `noisy` would
 *   only repeat it (the clusters are its spread);
 * - when `levels` stands, the information findings on the same samples' shape (clusters, spread,
 *   steps) are its consequences, and go;
 * - when `drift` found a step of the code's own, the clusters and the spread of the same samples
 *   are its two levels, and go as information.
 */
function withoutRepeats(found: Diagnostic[]): Diagnostic[] {
  const clustered = found.some((d) => d.code === 'multimodal' && provenOwn(d));
  const kept = clustered ? found.filter((d) => !(d.code === 'noisy' && provenOwn(d))) : found;
  if (kept.some((d) => d.code === LEVELS_CODE)) return kept.filter((d) => !(SHAPE_CODES.has(d.code) && d.severity === 'info'));
  return kept.some(isOwnStep) ? kept.filter((d) => !(STEP_SHAPE_CODES.has(d.code) && d.severity === 'info' && !provenOwn(d))) : kept;
}
