/**
 * The HTML page of `ubench ab --html`: the paired change of every benchmark of B against A (the
 * medians of both sides, the change with its CI, p-value and verdict, the warnings), a bar chart of
 * the changes, the notes (on the sides, and on the evidence runs of `--explain`) and, with `--explain`, why each change called happened.
 */
import { abMethodText, type AbAnalysis } from '../analysis/ab-pairs.js';
import { judgedText } from '../analysis/counted-comparison.js';
import type { AbLabels } from '../export/ab-document.js';
import { formatDuration, formatSignificant } from '../results/text/format-units.js';
import type { Explanation } from '../results/types.js';
import { ChartRegistry } from './chart-registry.js';
import { changeBars, changeText, verdictSummaryHtml } from './compare-section.js';
import { html, num } from './escape-html.js';
import { explainSection } from './explain-section.js';
import { renderPage } from './html-page.js';

function abTable(analysis: AbAnalysis): string {
  if (analysis.rows.length === 0) return '<p>No benchmark was measured on both sides.</p>';
  const value = (v: number): string => (analysis.metric === 'instructions' ? formatSignificant(v, 6, 1) : formatDuration(v));
  const rows = analysis.rows.map(
    (r) =>
      `<tr class="${r.verdict === 'slower' ? 'regression' : ''}"><td>${html(r.name)}</td><td class="num">${html(value(r.aNsPerOp))}</td><td class="num">${html(value(r.bNsPerOp))}</td><td class="num">${changeText(r)}</td><td class="num">${num(r.aEstimates.length)}</td><td class="muted">${html(r.reason ?? r.warning ?? '')}</td></tr>`,
  );
  const level = +(analysis.confidence * 100).toFixed(1);
  return `<table class="compare"><tr><th>benchmark</th><th class="num">A</th><th class="num">B</th><th class="num">B vs A [${num(level)}% CI${analysis.metric === 'instructions' ? ' or counted range' : ''}], p, verdict</th><th class="num">pairs</th><th>why not a change</th></tr>${rows.join('')}</table>`;
}

const listOf = (title: string, items: readonly string[]): string => (items.length === 0 ? '' : `<p><strong>${html(title)}</strong></p><ul>${items.map((i) => `<li>${html(i)}</li>`).join('')}</ul>`);

export function renderAbPage(analysis: AbAnalysis, labels: AbLabels, explanations: readonly Explanation[] | null): string {
  const charts = new ChartRegistry();
  const title = `ubench ab — A = ${labels.a}, B = ${labels.b}`;
  const method = `${abMethodText(analysis)}.`;
  const body = [
    `<header class="page"><h1>${html(title)}</h1><p class="muted">${html(method)}</p></header>`,
    '<main>',
    `<section id="ab"><h2>B against A</h2><p>${verdictSummaryHtml(analysis.rows)}.</p>`,
    abTable(analysis),
    listOf(
      'Warnings',
      analysis.rows.flatMap((r) => (r.warning === null ? [] : [`${r.name}: ${r.warning}`])),
    ),
    listOf(
      'Judged by',
      analysis.rows.flatMap((r) => (r.countSpread === undefined ? [] : [`${r.name}: ${judgedText(r.judgedBy, r.countSpread)}`])),
    ),
    listOf(`Only in A (${analysis.onlyInA.length})`, analysis.onlyInA),
    listOf(`Only in B (${analysis.onlyInB.length})`, analysis.onlyInB),
    listOf('Notes', labels.notes ?? []),
    `<div class="charts">${changeBars(analysis.rows, 'change of B against A (paired ratios), with its CI (red: slower, green: faster)', charts)}</div></section>`,
    explanations === null ? '' : explainSection(explanations),
    '</main>',
  ];
  return renderPage(title, body.join('\n'), charts);
}
