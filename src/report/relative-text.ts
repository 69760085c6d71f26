/**
 * Wording of a benchmark's speed relative to its group's reference (the baseline, else the fastest).
 *
 * `BenchmarkResult.relative.ratio` is this / reference, so > 1 means slower. People read "2× faster"
 * more easily than "0.49×", so faster results are stated with the ratio and its interval inverted.
 */

import type { BenchmarkResult } from '../results/types.js';
import { RATIO_SIGNIFICANT_DIGITS, significantDecimals } from '../results/text/format-units.js';

// Extra decimals may be added until the interval bounds read differently; this caps the digit hunt.
const MAX_RATIO_DECIMALS = 4;

export type RelativeKind = 'baseline' | 'fastest' | 'slower' | 'faster' | 'same' | 'none';

export interface RelativeDescription {
  kind: RelativeKind;
  /** Text for the relative column; empty when `kind` is `none`. */
  text: string;
}

const NONE: RelativeDescription = { kind: 'none', text: '' };

/** Formats `value` and the bounds with one shared decimal count, enough to tell the bounds apart. */
export function formatWithInterval(value: number, lower: number, upper: number, boundsMustExceedOne: boolean): { value: string; interval: string } {
  // Digits follow the largest number shown, so 0.998 and 1.004 get the same treatment.
  let decimals = Math.min(significantDecimals(Math.max(value, upper), RATIO_SIGNIFICANT_DIGITS), MAX_RATIO_DECIMALS);
  const readable = (d: number): boolean => {
    const low = lower.toFixed(d);
    if (low === upper.toFixed(d)) return false;
    // "1.00× slower (1.00–1.01)" would contradict itself: show enough digits for the bound to read > 1.
    return !boundsMustExceedOne || (Number(low) > 1 && Number(value.toFixed(d)) > 1);
  };
  while (decimals < MAX_RATIO_DECIMALS && !readable(decimals)) decimals += 1;
  return {
    value: value.toFixed(decimals),
    interval: `(${lower.toFixed(decimals)}–${upper.toFixed(decimals)})`,
  };
}

/** Describes `result`'s speed relative to its reference, with its kind for colouring. */
export function describeRelative(result: BenchmarkResult): RelativeDescription {
  const relative = result.relative;
  if (relative === null || !Number.isFinite(relative.ratio) || relative.ratio <= 0) return NONE;
  if (relative.referenceId === result.id) {
    return result.baseline ? { kind: 'baseline', text: 'baseline' } : { kind: 'fastest', text: 'fastest' };
  }

  const { ratio, ciLower, ciUpper } = relative;
  const intervalKnown = Number.isFinite(ciLower) && Number.isFinite(ciUpper) && ciLower > 0 && ciUpper >= ciLower;
  if (!intervalKnown) {
    if (ratio === 1) return { kind: 'same', text: '≈ same' };
    const slower = ratio > 1;
    const shown = slower ? ratio : 1 / ratio;
    const decimals = significantDecimals(shown, RATIO_SIGNIFICANT_DIGITS);
    return slower ? { kind: 'slower', text: `${shown.toFixed(decimals)}× slower` } : { kind: 'faster', text: `${shown.toFixed(decimals)}× faster` };
  }

  if (ciLower <= 1 && ciUpper >= 1) {
    const { interval } = formatWithInterval(ratio, ciLower, ciUpper, false);
    return { kind: 'same', text: `≈ same ${interval}` };
  }
  if (ciLower > 1) {
    const shown = formatWithInterval(ratio, ciLower, ciUpper, true);
    return { kind: 'slower', text: `${shown.value}× slower ${shown.interval}` };
  }
  // Faster: invert the ratio; the interval's bounds swap places when inverted.
  const shown = formatWithInterval(1 / ratio, 1 / ciUpper, 1 / ciLower, true);
  return { kind: 'faster', text: `${shown.value}× faster ${shown.interval}` };
}

/** Text for the relative column: `fastest`, `baseline`, `1.31× slower (1.29–1.33)`, `≈ same (0.99–1.02)`, or ``. */
export function relativeText(result: BenchmarkResult): string {
  return describeRelative(result).text;
}
