/**
 * Equal-width histogram bins by the Freedman–Diaconis rule (bin width 2·IQR·n^(−1/3)), which
 * resists the outliers benchmark samples have, with the bin count clamped so that a tight cluster
 * does not become one bar and a long tail does not become hundreds.
 */
import { quantileSorted, sortAscending } from './quantile.js';
import { requireSample } from './validate.js';

export interface HistogramBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge (inclusive for the last bin). */
  to: number;
  count: number;
}

/** Fewer bars than this cannot show a shape (a second mode, a tail). */
export const MIN_BINS = 5;
/** More bars than this are noise at the sample counts ubench takes (≤ a few hundred). */
export const MAX_BINS = 40;

/**
 * Bins covering [min, max] of `values`; their counts sum to `values.length`. All-equal values give
 * one bin of zero width.
 *
 * @throws RangeError when `values` is empty or holds NaN.
 */
export function histogramBins(values: readonly number[]): HistogramBin[] {
  requireSample(values, 'histogramBins');
  const sorted = sortAscending(values);
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  if (max === min) return [{ from: min, to: max, count: sorted.length }];
  const iqr = quantileSorted(sorted, 0.75) - quantileSorted(sorted, 0.25);
  const fdWidth = (2 * iqr) / Math.cbrt(sorted.length);
  const wanted = fdWidth > 0 ? Math.ceil((max - min) / fdWidth) : MAX_BINS;
  const count = Math.min(MAX_BINS, Math.max(MIN_BINS, wanted));
  const width = (max - min) / count;
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: min + i * width, to: i === count - 1 ? max : min + (i + 1) * width, count: 0 }));
  for (const v of sorted) bins[Math.min(count - 1, Math.floor((v - min) / width))]!.count += 1;
  return bins;
}
