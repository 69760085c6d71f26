/**
 * What each chart of the HTML report shows, as plain data: the page generator computes it (bins,
 * fitted line, ratios) and embeds it as JSON; the browser script only maps it onto Chart.js. Every
 * string here is drawn as canvas text, never parsed as HTML.
 */

/** Distribution of per-sample ns/op: histogram bins with the median and its CI marked. */
export interface HistogramSpec {
  kind: 'histogram';
  bins: { from: number; to: number; count: number }[];
  median: number;
  ciLower: number;
  ciUpper: number;
}

/** Per-sample ns/op in the order taken (warm-up leftovers, drift, throttling show as trends). */
export interface RunOrderSpec {
  kind: 'run-order';
  values: number[];
  median: number;
  /** Sample indices where a new process (fork) starts, after the first. */
  forkStarts: number[];
}

/** Elapsed time of each sample against its iteration count, with the least-squares line. */
export interface IterationsSpec {
  kind: 'iterations';
  points: { x: number; y: number }[];
  /** The fitted line at the smallest and largest iteration counts; null without a fit. */
  fit: { x: number; y: number }[] | null;
}

/** Estimates of a group with CI whiskers; `notes` label each bar (relative speed). */
export interface EstimateBarsSpec {
  kind: 'estimate-bars';
  labels: string[];
  values: number[];
  lower: number[];
  upper: number[];
  notes: string[];
}

/** Change of each benchmark against a base run, in percent, with CI whiskers and verdicts. */
export interface ChangeBarsSpec {
  kind: 'change-bars';
  labels: string[];
  values: number[];
  lower: number[];
  upper: number[];
  verdicts: ('faster' | 'slower' | 'same' | 'cant-tell')[];
}

/** One probe series: a curve over sizes/strides/lanes, or bars over categories, with CIs. */
export interface ProbeSeriesSpec {
  kind: 'probe-series';
  xLabel: string;
  yLabel: string;
  /** x values as shown on the axis (formatted sizes or category names). */
  labels: string[];
  values: number[];
  lower: number[];
  upper: number[];
  /** Unit of y for the axis ticks: `ns` values are auto-scaled, others shown as they are. */
  yUnit: string;
  logY: boolean;
  categorical: boolean;
}

/** Several runtimes: each benchmark's time on every runtime after the first, relative to the first (log scale, 1 = same). */
export interface RuntimeBarsSpec {
  kind: 'runtime-bars';
  labels: string[];
  /** The first runtime's label (the reference, drawn as the line at 1). */
  reference: string;
  /** One dataset per runtime after the first; null where a benchmark has no ratio there. */
  runtimes: { label: string; values: (number | null)[]; lower: (number | null)[]; upper: (number | null)[] }[];
}

/** A sweep's estimates against its size on log-log axes, with CI whiskers, the fitted growth law as a curve and cliffs shaded. */
export interface ComplexitySpec {
  kind: 'complexity';
  /** The swept parameter's name (the x axis). */
  xLabel: string;
  points: { x: number; y: number; yMin: number; yMax: number }[];
  /** The fitted model over the measured range (null when no law fits), and its legend label. */
  curve: { x: number; y: number }[] | null;
  curveLabel: string;
  /** Steps where the cost per element jumped, drawn as shaded spans. */
  cliffs: { from: number; to: number }[];
}

export type ChartSpec = HistogramSpec | RunOrderSpec | IterationsSpec | EstimateBarsSpec | ChangeBarsSpec | ProbeSeriesSpec | RuntimeBarsSpec | ComplexitySpec;

/** Id of the `<script type="application/json">` element holding every chart's spec by chart id. */
export const CHART_DATA_ELEMENT_ID = 'ubench-chart-data';
