/**
 * What a benchmark's stop reason says about its precision, in the words the report uses: "precision
 * reached" when sampling stopped at the target, "host's limit reached (±x%, more samples would not
 * narrow it)" when the interval had stopped narrowing; null when the budget or the sample cap ended it.
 */
import { formatPercent } from './format-units.js';
import type { PrecisionInfo } from '../types.js';

export function stopText(precision: PrecisionInfo | null): string | null {
  if (precision === null) return null;
  if (precision.stopReason === 'precision') return 'precision reached';
  if (precision.stopReason !== 'host-limit') return null;
  const reached = precision.reached === null ? '∞' : formatPercent(precision.reached);
  return `host's limit reached (±${reached}, more samples would not narrow it)`;
}
