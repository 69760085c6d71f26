/**
 * A manual loop whose iteration counts were spread because a fixed cost per call dominated its
 * samples (`calibration.spread`): the estimate is the slope of `elapsed = fixed + perOp · n`, fitted
 * by Theil–Sen over every sample, and the fixed cost is the second figure. The slope is the median
 * of the pairwise slopes and its interval an order-statistic interval of them (Sen's), so the
 * estimate keeps its `median-order-statistics` method. A slope whose interval reaches 0 is not
 * separated from the fixed cost: the per-operation cost cannot be told, and is never replaced by
 * the time per sample over n.
 */
export { spreadEstimate, type SpreadEstimate } from '../results/one-process-estimate.js';

/** Whether a result's samples were spread (its estimate is then the fit's slope). */
export const isSpread = (result: { calibration: { spread?: unknown } | null }): boolean => result.calibration?.spread !== undefined;
