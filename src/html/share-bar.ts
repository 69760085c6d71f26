/**
 * A share of samples or bytes as text with a small bar behind it, drawn by CSS alone (the cell's
 * class `s<0–100>` sets `--share`, its length in whole percent of the largest share in its table),
 * for the profiling sections. A class, not a style attribute: the page's Content-Security-Policy
 * allows its one stylesheet and no inline style attributes.
 */
import { html } from './escape-html.js';

/** Shares below this print as `<0.1%` (a share that rounds to 0.0% but is not 0). */
const SMALLEST_SHOWN_PERCENT = 0.05;

/** A percentage as the terminal report prints it: one decimal, `<0.1%` for a small non-zero share. */
export function percentText(percent: number): string {
  return percent > 0 && percent < SMALLEST_SHOWN_PERCENT ? '<0.1%' : `${percent.toFixed(1)}%`;
}

/**
 * A table cell with `percent` as text and a bar as long as `percent / largest` of the cell;
 * an empty cell for null (not annotated).
 */
export function shareCell(percent: number | null, largest: number): string {
  if (percent === null) return '<td class="share"></td>';
  const width = largest > 0 ? Math.min(100, Math.max(0, Math.round((100 * percent) / largest))) : 0;
  return `<td class="share s${Number.isFinite(width) ? width : 0}">${html(percentText(percent))}</td>`;
}

/** The stylesheet's rules giving each `s<n>` class its bar length (101 rules, about 2 KiB). */
export function shareBarCss(): string {
  return Array.from({ length: 101 }, (_, n) => `td.share.s${n}{--share:${n}%}`).join('\n');
}

/** The largest of the shares (0 when none), the full length of their bars. */
export function largestShare(percents: readonly (number | null)[]): number {
  return percents.reduce<number>((max, p) => Math.max(max, p ?? 0), 0);
}
