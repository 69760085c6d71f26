/**
 * Collects the charts of one report page: each spec gets an id (never derived from user text), the
 * page gets a `<canvas data-chart="id">` in a sized box, and the specs are embedded once as JSON.
 */
import type { ChartSpec } from './chart-spec.js';
import { html } from './escape-html.js';

export class ChartRegistry {
  readonly specs: Record<string, ChartSpec> = {};

  /** A chart box with its caption; `size` picks the CSS height class. */
  canvas(spec: ChartSpec, caption: string, size: 'small' | 'wide' = 'small'): string {
    const id = `c${Object.keys(this.specs).length + 1}`;
    this.specs[id] = spec;
    return `<figure class="chart ${size}"><div class="chart-box"><canvas data-chart="${id}" role="img" aria-label="${html(caption)}"></canvas></div><figcaption>${html(caption)}</figcaption></figure>`;
  }
}
