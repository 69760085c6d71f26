/** Runs every rule on a benchmark result; the order here is the order shown to the user. */
import type { BenchmarkResult, Diagnostic } from '../../results/types.js';
import { deoptimized } from './deoptimized.js';
import { drift } from './drift.js';
import { gcHeavy } from './gc-heavy.js';
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
import { throttled } from './throttled.js';
import { timerResolution } from './timer-resolution.js';

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
  memoryGrew,
  throttled,
];

function isOk(result: BenchmarkResult): result is OkResult {
  return result.status === 'ok' && result.estimate !== null && result.stats !== null;
}

export function diagnose(result: BenchmarkResult, context: RuleContext, rules: readonly Rule[] = RULES): Diagnostic[] {
  if (!isOk(result)) return [];
  return rules.flatMap((rule) => rule.check(result, context));
}
