/**
 * Runs every rule on a benchmark result; the order here is the order shown to the user.
 *
 * Attribute before blaming: a statistical rule that fires on the raw samples is asked again on the
 * samples with the host's movement taken out (each divided by the host factor of its moment). What
 * still fires is the benchmark's, reported with the figures after the host's movement; what does
 * not is the host's, and one `host-moved` finding says so instead.
 */
import type { BenchmarkResult, Diagnostic } from '../../results/types.js';
import { withSamples } from '../build-result.js';
import { hostAdjusted } from '../host-track.js';
import { deoptimized } from './deoptimized.js';
import { drift } from './drift.js';
import { gcHeavy } from './gc-heavy.js';
import { hostMoved } from './host-moved.js';
import { leak } from './leak.js';
import { memoryGrew } from './memory-grew.js';
import { multimodal } from './multimodal.js';
import { noisy } from './noisy.js';
import { notOptimized } from './not-optimized.js';
import { notSteady } from './not-steady.js';
import { optimizedAway } from './optimized-away.js';
import { outliers } from './outliers.js';
import type { OkResult, Rule, RuleContext } from './rule.js';
import { setupOverhead } from './setup-overhead.js';
import { retainsMemory } from './retains-memory.js';
import { throttled } from './throttled.js';
import { timerResolution } from './timer-resolution.js';
import { pct } from './format.js';

export const RULES: readonly Rule[] = [
  optimizedAway,
  setupOverhead,
  timerResolution,
  notOptimized,
  deoptimized,
  notSteady,
  drift,
  multimodal,
  noisy,
  outliers,
  gcHeavy,
  leak,
  retainsMemory,
  memoryGrew,
  throttled,
];

/** Rules that judge the samples' statistics, which the host's movement can fake. */
export const HOST_SENSITIVE_CODES: ReadonlySet<string> = new Set(['drift', 'multimodal', 'noisy', 'outliers']);
/** Below this movement the host cannot explain a finding, and messages need not mention it. */
const HOST_MENTION_MOVEMENT = 0.02;

function isOk(result: BenchmarkResult): result is OkResult {
  return result.status === 'ok' && result.estimate !== null && result.stats !== null;
}

const isAlarm = (d: Diagnostic): boolean => d.severity !== 'info';

export function diagnose(result: BenchmarkResult, context: RuleContext, rules: readonly Rule[] = RULES): Diagnostic[] {
  if (!isOk(result)) return [];
  const factors = context.hostFactors ?? null;
  let adjusted: OkResult | null = null;
  const found: Diagnostic[] = [];
  const attributed: Diagnostic[] = [];
  for (const rule of rules) {
    const raw = rule.check(result, context);
    if (factors === null || !HOST_SENSITIVE_CODES.has(rule.code) || !raw.some(isAlarm)) {
      found.push(...raw);
      continue;
    }
    adjusted ??= withSamples(result, hostAdjusted(result.samples, factors)) as OkResult;
    const remaining = rule.check(adjusted, context);
    if (remaining.some(isAlarm)) {
      const movement = result.host?.movement ?? 0;
      const note = movement >= HOST_MENTION_MOVEMENT ? ` (after the host's own movement of ${pct(movement)} is taken out)` : '';
      found.push(...remaining.map((d) => (isAlarm(d) ? { ...d, message: `${d.message}${note}` } : d)));
    } else {
      attributed.push(...raw.filter(isAlarm));
      found.push(...remaining);
    }
  }
  if (attributed.length > 0) found.push(hostMoved(result, attributed, context.precisionTarget));
  return found;
}
