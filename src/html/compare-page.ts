/**
 * The HTML page of `ubench compare --html`: the comparison of two results files (the table, the
 * growth laws that changed, the chart of the changes) and, with `--explain`, why each change called
 * happened.
 */
import type { Comparison } from '../analysis/compare-runs.js';
import type { Explanation } from '../results/types.js';
import { ChartRegistry } from './chart-registry.js';
import { compareSection } from './compare-section.js';
import { html } from './escape-html.js';
import { explainSection } from './explain-section.js';
import { renderPage } from './html-page.js';

export function renderComparePage(comparison: Comparison, labels: { base: string; new: string }, explanations: readonly Explanation[] | null): string {
  const charts = new ChartRegistry();
  const title = `ubench compare — ${labels.base} → ${labels.new}`;
  const why = explanations === null ? '' : explainSection(explanations);
  const body = [
    `<header class="page"><h1>${html(title)}</h1><p class="muted">${html(labels.new)} against ${html(labels.base)}</p></header>`,
    '<main>',
    compareSection(comparison, labels.base, charts, () => undefined, labels.new),
    why,
    '</main>',
  ];
  return renderPage(title, body.join('\n'), charts);
}
