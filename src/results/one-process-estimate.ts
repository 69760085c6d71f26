/**
 * The estimate of one process's samples, as the results file records it for a benchmark measured
 * by one process: the median of the host's quiet rounds where there are enough of them (else of
 * all samples) with its order-statistic interval, or, where the iteration counts were spread
 * because a fixed cost per call dominated (`calibration.spread`), the slope of
 * `elapsed = fixed + perOp · n` fitted by Theil–Sen (analysis/fixed-cost-fit.ts says why). Here, at
 * the bottom of the pipeline, so that the analysis and the benchmark process (which hands a foreign
 * harness's run() ubench's figures, define/foreign/foreign-run.ts) read the same number.
 */
import { theilSen } from '../stats/theil-sen.js';
import { medianWithInterval } from '../stats/median-ci.js';
import { CONFIDENCE, perOpValues } from './derived-values.js';
import { quietSamples } from './quiet-samples.js';
import type { Estimate, Sample } from './sample-types.js';
import type { FixedCostFit } from './fixed-cost-types.js';

export interface SpreadEstimate {
  estimate: Estimate;
  fit: FixedCostFit;
}

/** Median with its distribution-free order-statistic interval (benchstat); [min, max] if n < 6. */
export function singleProcessEstimate(values: number[]): Estimate {
  const { median, lower, upper } = medianWithInterval(values, CONFIDENCE);
  return { nsPerOp: median, ciLower: lower, ciUpper: upper, confidence: CONFIDENCE, method: 'median-order-statistics' };
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

/** The estimate of one process's samples (`spread`: its iteration counts were spread). */
export function oneProcessEstimate(samples: readonly Sample[], spread: boolean): Estimate {
  const fitted = spread ? spreadEstimate(samples) : null;
  return fitted?.estimate ?? singleProcessEstimate(perOpValues(quietSamples(samples) ?? [...samples]));
}
