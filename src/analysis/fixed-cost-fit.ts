/**
 * A manual loop whose iteration counts were spread because a fixed cost per call dominated its
 * samples (`calibration.spread`): the estimate is the slope of `elapsed = fixed + perOp · n`, fitted
 * by Theil–Sen over every sample, and the fixed cost is the second figure. The slope is the median
 * of the pairwise slopes and its interval an order-statistic interval of them (Sen's), so the
 * estimate keeps its `median-order-statistics` method. A slope whose interval reaches 0 is not
 * separated from the fixed cost: the per-operation cost cannot be told, and is never replaced by
 * the time per sample over n.
 */
import type { Estimate, FixedCostFit, Sample } from '../results/types.js';
import { CONFIDENCE } from '../results/derived-values.js';
import { theilSen } from '../stats/theil-sen.js';

export interface SpreadEstimate {
  estimate: Estimate;
  fit: FixedCostFit;
}

/** The slope estimate and the fit, or null when the samples cannot be fitted (fewer than 3, one count). */
export function spreadEstimate(samples: readonly Sample[]): SpreadEstimate | null {
  const fit = theilSen(
    samples.map((s) => s.iterations),
    samples.map((s) => s.elapsedNs),
    CONFIDENCE,
  );
  if (fit === null) return null;
  return {
    // A time is not negative: a slope the noise took below 0 reads 0 (with `separated` false).
    estimate: { nsPerOp: Math.max(0, fit.slope), ciLower: Math.max(0, fit.slopeLower), ciUpper: Math.max(0, fit.slopeUpper), confidence: CONFIDENCE, method: 'median-order-statistics' },
    fit: {
      perOpNs: fit.slope,
      perOpLower: fit.slopeLower,
      perOpUpper: fit.slopeUpper,
      fixedNs: fit.intercept,
      fixedLower: fit.interceptLower,
      fixedUpper: fit.interceptUpper,
      separated: fit.slopeLower > 0,
    },
  };
}

/** Whether a result's samples were spread (its estimate is then the fit's slope). */
export const isSpread = (result: { calibration: { spread?: unknown } | null }): boolean => result.calibration?.spread !== undefined;
