/**
 * A line chart in text (asciichart draws it) with the x labels written underneath: points are laid
 * out evenly in their order, which is a log scale for the doubling sizes and strides the probe uses.
 */
import asciichart from 'asciichart';

export interface ChartOptions {
  /** Rows of the plot area. */
  height: number;
  /** Widest line allowed, indent included. */
  maxWidth: number;
  indent: string;
  /** Plot log2(y): for latencies spanning orders of magnitude. */
  logY: boolean;
  formatY(value: number): string;
}

/** Columns one point may take at most: wider steps add no information. */
const MAX_COLUMNS_PER_POINT = 6;
/** Gap between x labels, so `16 KiB` and `32 KiB` never run together. */
const LABEL_GAP = 2;

/** The chart's lines; empty with fewer than two points or no room. */
export function renderAsciiChart(points: readonly { xLabel: string; y: number }[], options: ChartOptions): string[] {
  const usable = points.filter((p) => Number.isFinite(p.y) && (!options.logY || p.y > 0));
  if (usable.length < 2) return [];
  const toPlot = (y: number): number => (options.logY ? Math.log2(y) : y);
  const fromPlot = (v: number): number => (options.logY ? 2 ** v : v);
  const values = usable.map((p) => toPlot(p.y));
  const [min, max] = [Math.min(...values), Math.max(...values)];
  // The labels asciichart will ask for (one per row): pad all of them to the widest.
  const rowValues = Array.from({ length: options.height + 1 }, (_, i) => max - (i * (max - min)) / options.height);
  const labelWidth = Math.max(...rowValues.map((v) => options.formatY(fromPlot(v)).length)) + 1;
  const room = options.maxWidth - options.indent.length - labelWidth - 1;
  const perPoint = Math.min(MAX_COLUMNS_PER_POINT, Math.floor(room / usable.length));
  if (perPoint < 1) return [];
  const series = values.flatMap((v) => Array<number>(perPoint).fill(v));
  const plot = asciichart.plot(series, {
    height: options.height,
    offset: 2,
    format: (v: number) => options.formatY(fromPlot(v)).padStart(labelWidth),
  });
  const lines = plot.split('\n').map((line) => options.indent + line.trimEnd());
  // x labels: point i starts at the column of its first plotted value; a label that would touch the previous one is left out.
  let axis = '';
  usable.forEach((p, i) => {
    const column = labelWidth + i * perPoint;
    const gap = axis === '' ? 0 : LABEL_GAP;
    if (column >= axis.length + gap) axis = axis.padEnd(column) + p.xLabel;
  });
  return [...lines, options.indent + axis];
}
