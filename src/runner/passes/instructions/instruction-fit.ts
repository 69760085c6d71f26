/**
 * Instructions per operation from the regions every counting process ran: the least-squares slope of
 * instructions against iterations over all of them, with Student's t interval. The intercept takes
 * what each region pays once (the loop's entry, the clock reads, the markers); a process whose count
 * differed would show in the residuals and widen the interval.
 */
import { CONFIDENCE } from '../../../results/derived-values.js';
import { linearFit, slopeStandardError, studentTCritical } from '../../../stats/index.js';

export interface RegionCount {
  iterations: number;
  /** The program's events in the region (collections' apart): `Ir` (instructions), and the cache simulator's misses when asked for. */
  events: Record<string, number>;
  /** Instructions of the garbage collections that ran in the region. */
  collectionInstructions: number;
}

export interface SlopeEstimate {
  perOp: number;
  ciLower: number;
  ciUpper: number;
}

/** The slope of one event over the regions; the interval collapses to the slope when the counts lie on a line exactly. */
export function eventSlope(regions: readonly Pick<RegionCount, 'iterations' | 'events'>[], event: string): SlopeEstimate | null {
  const xs = regions.map((r) => r.iterations);
  const ys = regions.map((r) => r.events[event] ?? 0);
  const fit = linearFit(xs, ys);
  if (fit === null) return null;
  const se = slopeStandardError(xs, ys);
  const half = se === null ? 0 : studentTCritical(CONFIDENCE, xs.length - 2) * se;
  return { perOp: fit.slope, ciLower: fit.slope - half, ciUpper: fit.slope + half };
}
