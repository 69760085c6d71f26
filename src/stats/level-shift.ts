/**
 * Level shift between the start and the end of a series taken in order: the median of the last
 * third minus the median of the first third, relative to the median of all values. Unlike Sen's
 * slope, which reads a step (a tier change, a GC policy flip) as almost no trend when most pairs
 * lie on one side of it, this sees a step and a ramp alike.
 */
import { median } from './quantile.js';
import { requireSample } from './validate.js';

/** Fewer than three values per third make the thirds' medians meaningless. */
const MIN_VALUES = 9;

/** Relative shift from the first to the last third; 0 for fewer than 9 values or a zero median. */
export function thirdsShift(values: readonly number[]): number {
  requireSample(values, 'thirdsShift');
  if (values.length < MIN_VALUES) return 0;
  const third = Math.floor(values.length / 3);
  const center = median(values);
  if (center === 0) return 0;
  return (median(values.slice(-third)) - median(values.slice(0, third))) / center;
}
