/**
 * Selection (k-th smallest) without a full sort, for the bootstrap's hot loops.
 *
 * Quickselect with a median-of-three pivot and Hoare-style partitioning that stops on keys equal
 * to the pivot, so inputs with many ties (common with coarse timers) still split evenly. After a
 * bounded number of partitioning rounds the remaining range is sorted outright, which caps the
 * worst case at O(n log n) even for adversarial orderings (the introselect idea, Musser 1997).
 */

import { interpolateOrdered } from './interpolate.js';

/** A mutable numeric buffer: plain arrays in general, typed arrays in hot loops. */
export type NumericBuffer = number[] | Float64Array;

/** Ranges this short are finished by insertion sort, cheaper than partitioning (Sedgewick's usual 10–20). */
const INSERTION_SORT_MAX = 16;
/** Partition rounds allowed per log2(n) before falling back to sorting (introsort uses 2·log2 n). */
const PARTITION_ROUNDS_PER_LOG2 = 2;

function requireCount(values: NumericBuffer, count: number, caller: string): void {
  if (!Number.isInteger(count) || count < 1 || count > values.length) {
    if (values.length === 0 || count === 0) {
      throw new RangeError(`${caller}: expected at least one value, got an empty array`);
    }
    throw new RangeError(`${caller}: count must be an integer in [1, ${values.length}], got ${count}`);
  }
}

function insertionSort(a: NumericBuffer, lo: number, hi: number): void {
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= lo && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}

function sortRange(a: NumericBuffer, lo: number, hi: number): void {
  const tmp = new Float64Array(hi - lo + 1);
  for (let i = lo; i <= hi; i++) tmp[i - lo] = a[i]!;
  tmp.sort();
  for (let i = lo; i <= hi; i++) a[i] = tmp[i - lo]!;
}

function swap(a: NumericBuffer, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** Rearranges a[lo..hi] so that a[k] holds its sorted value, smaller-or-equal before, larger-or-equal after. */
function selectInRange(a: NumericBuffer, k: number, left: number, right: number): number {
  let lo = left;
  let hi = right;
  let roundsLeft = PARTITION_ROUNDS_PER_LOG2 * Math.ceil(Math.log2(right - left + 2));
  while (hi > lo) {
    if (hi - lo < INSERTION_SORT_MAX) {
      insertionSort(a, lo, hi);
      return a[k]!;
    }
    if (roundsLeft-- === 0) {
      sortRange(a, lo, hi);
      return a[k]!;
    }
    // Median of three: afterwards a[lo] ≤ a[mid] ≤ a[hi], which also bounds the scans below.
    const mid = lo + ((hi - lo) >> 1);
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // Now a[lo..j] ≤ pivot, a[i..hi] ≥ pivot, and anything strictly between equals the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * Returns the k-th smallest of the first `count` entries of `values` (k is a 0-based index into
 * the sorted order: k = 0 is the minimum), rearranging those entries in place.
 *
 * Afterwards `values[k]` holds the result, every entry at a lower index (below `count`) is ≤ it
 * and every entry at a higher index (below `count`) is ≥ it. Entries at `count` and beyond are
 * untouched. Expected O(count) time, O(count log count) worst case.
 *
 * Assumes no NaN (NaN breaks the ordering; this hot-path function does not scan for it).
 *
 * @param values - Buffer to partially reorder (mutated).
 * @param k - 0-based rank, an integer in [0, count − 1].
 * @param count - How many leading entries to consider; defaults to all of them.
 * @throws RangeError on an empty range or when k or count is out of range.
 */
export function selectKth(values: NumericBuffer, k: number, count: number = values.length): number {
  requireCount(values, count, 'selectKth');
  if (!Number.isInteger(k) || k < 0 || k >= count) {
    throw new RangeError(`selectKth: k must be an integer in [0, ${count - 1}], got ${k}`);
  }
  return selectInRange(values, k, 0, count - 1);
}

/**
 * Median (R type 7 / numpy default, i.e. the mean of the two middle values for even counts) of
 * the first `count` entries of `values`, found by selection in expected O(count) time. Reorders
 * those entries in place; intended for reused scratch buffers in resampling loops.
 *
 * Gives exactly the same number as `median()` and `quantileSorted(sorted, 0.5)`.
 * Assumes no NaN (not checked here).
 *
 * @param values - Buffer to partially reorder (mutated).
 * @param count - How many leading entries to consider; defaults to all of them.
 * @throws RangeError when the range is empty or `count` exceeds the buffer.
 */
export function medianInPlace(values: NumericBuffer, count: number = values.length): number {
  requireCount(values, count, 'medianInPlace');
  const upper = count >> 1;
  if (count % 2 === 1) return selectInRange(values, upper, 0, count - 1);
  const low = selectInRange(values, upper - 1, 0, count - 1);
  // Everything at index ≥ upper is ≥ low, so the next order statistic is their minimum.
  let high = values[upper]!;
  for (let i = upper + 1; i < count; i++) {
    const v = values[i]!;
    if (v < high) high = v;
  }
  return interpolateOrdered(low, high, 0.5);
}
