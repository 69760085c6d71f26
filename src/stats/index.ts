/** Public surface of the pure statistics core. */

export { createRng, randomInt, type Rng } from './random.js';
export { median, quantileSorted, sortAscending } from './quantile.js';
export { histogramBins, MAX_BINS, MIN_BINS, type HistogramBin } from './histogram.js';
export { medianInPlace, selectKth, type NumericBuffer } from './select.js';
export { mean, stddev, variance } from './moments.js';
export { MAD_NORMAL_SCALE, medianAbsoluteDeviation } from './mad.js';
export { describe, type Descriptive } from './describe.js';
export {
  TUKEY_MILD_FACTOR,
  TUKEY_SEVERE_FACTOR,
  tukeyOutliers,
  withinSevereFences,
  type TukeyFences,
  type TukeyOutliers,
} from './tukey-fences.js';
export { interceptStandardError, linearFit, slopeStandardError, type LinearFit } from './regression.js';
export { theilSen, type TheilSenFit } from './theil-sen.js';
export { studentTCdf, studentTCritical, studentTQuantile } from './student-t.js';
export { binomialCdf, binomialLogPmf, binomialPmf } from './binomial.js';
export { DEFAULT_CONFIDENCE } from './confidence.js';
export {
  medianConfidenceInterval,
  medianConfidenceRanks,
  medianWithInterval,
  type MedianConfidenceInterval,
  type MedianRanks,
} from './median-ci.js';
export {
  DEFAULT_BOOTSTRAP_RESAMPLES,
  bootstrapMedianDifference,
  bootstrapMedianRatio,
  twoLevelBootstrapMedian,
  type BootstrapOptions,
  type MedianRatioInterval,
  type TwoLevelMedianInterval,
} from './bootstrap.js';
export { erfc, normalCdf, normalDeviate } from './normal.js';
export {
  MVALUE_BIMODAL,
  MVALUE_MIN_SAMPLES,
  MVALUE_MULTIMODAL,
  MVALUE_POSSIBLY,
  modality,
  mValue,
  type Modality,
  type ModalityVerdict,
} from './mvalue.js';
export {
  DRIFT_MIN_RELATIVE_CHANGE,
  DRIFT_MIN_SAMPLES,
  DRIFT_P_VALUE,
  TREND_MAX_SAMPLES,
  hasDrift,
  trendTest,
  withinTrendLimit,
  type TrendTest,
} from './trend.js';
export { thirdsShift } from './level-shift.js';
