/**
 * The comparison with a base run (`--compare`): a table of every benchmark's change with its CI,
 * p-value and verdict (regressions highlighted), the sweeps whose growth law changed, and a bar
 * chart of the changes.
 */
import { formatThresholdPercent } from '../results/text/format-units.js';
import { verdictCounts, verdictText, type CompareRow, type Comparison } from '../analysis/compare-runs.js';
import { formatDuration } from '../results/text/format-units.js';
import { pText, signedPercent } from '../report/compare-report.js';
import { complexityChangeText } from '../report/complexity-text.js';
import type { ChartRegistry } from './chart-registry.js';
import { html, num } from './escape-html.js';

/** What a change row shows, of a comparison or of an A/B (whose CI is null with too few pairs). */
export interface ChangeRow {
  name: string;
  change: number;
  ciLower: number | null;
  ciUpper: number | null;
  /** null: an A/B row decided from repeating counts, not tested (analysis/counted-comparison.ts). */
  pValue: number | null;
  verdict: CompareRow['verdict'];
}

/** "<span class=verdict-slower>1 slower</span>, 2 same" as HTML: how many rows got each verdict, each in its colour. */
export function verdictSummaryHtml(rows: readonly Pick<ChangeRow, 'verdict'>[]): string {
  const parts = verdictCounts(rows).map(([v, count]) => `<span class="verdict-${html(v)}">${num(count)} ${html(verdictText(v))}</span>`);
  return parts.length === 0 ? 'No rows' : parts.join(', ');
}

/** `+5.3% [+3.1%, +7.5%], p = 0.004, <span>slower</span>` as HTML (`[no CI]` without one). */
export function changeText(row: ChangeRow): string {
  const verdict = `<span class="verdict-${html(row.verdict)}">${html(verdictText(row.verdict))}</span>`;
  const ci = row.ciLower === null || row.ciUpper === null ? 'no CI' : `${signedPercent(row.ciLower)}, ${signedPercent(row.ciUpper)}`;
  const tested = row.pValue === null ? 'counted range' : `p = ${pText(row.pValue)}`;
  return `${html(signedPercent(row.change))} [${html(ci)}], ${html(tested)}, ${verdict}`;
}

/** The bar chart of the rows' changes with their CIs (a row without a CI shows its change alone); none without rows. */
export function changeBars(rows: readonly ChangeRow[], caption: string, charts: ChartRegistry): string {
  if (rows.length === 0) return '';
  return charts.canvas(
    {
      kind: 'change-bars',
      labels: rows.map((r) => r.name),
      values: rows.map((r) => r.change * 100),
      lower: rows.map((r) => (r.ciLower ?? r.change) * 100),
      upper: rows.map((r) => (r.ciUpper ?? r.change) * 100),
      verdicts: rows.map((r) => r.verdict),
    },
    caption,
    'wide',
  );
}

/** `newLabel` heads the new run's column: `this run` on a run's own page, the file's name on the compare page. */
export function compareSection(comparison: Comparison, baseLabel: string, charts: ChartRegistry, anchorOf: (id: string) => string | undefined, newLabel = 'this run'): string {
  const rows = comparison.rows.map((r) => {
    const anchor = anchorOf(r.id);
    const name = anchor === undefined ? html(r.name) : `<a href="#${anchor}">${html(r.name)}</a>`;
    return `<tr class="${r.verdict === 'slower' ? 'regression' : ''}"><td>${name}</td><td class="num">${html(formatDuration(r.base.nsPerOp))}</td><td class="num">${html(formatDuration(r.new.nsPerOp))}</td><td class="num">${changeText(r)}</td><td class="muted">${html(r.reason ?? r.warning ?? '')}</td></tr>`;
  });
  const chart = changeBars(comparison.rows, 'change of each median against the base run, with its 95% CI (red: slower, green: faster)', charts);
  const laws = comparison.complexity ?? [];
  const lawList = laws.length === 0 ? '' : `<p><strong>Growth law changed</strong></p><ul>${laws.map((c) => `<li class="verdict-slower">${html(complexityChangeText(c))}</li>`).join('')}</ul>`;
  const only = [
    ...(comparison.onlyInBase.length === 0 ? [] : [`<p class="muted">Only in the base run: ${comparison.onlyInBase.map((id) => html(id)).join(', ')}</p>`]),
    ...(comparison.onlyInNew.length === 0 ? [] : [`<p class="muted">Only in this run: ${comparison.onlyInNew.map((id) => html(id)).join(', ')}</p>`]),
  ];
  return `<section id="comparison"><h2>Against ${html(baseLabel)}</h2>
<p>${verdictSummaryHtml(comparison.rows)} (a change is called when p &lt; ${num(comparison.alpha)} and its whole CI lies beyond the band, ±${html(formatThresholdPercent(comparison.noise))} or wider; same when the whole CI lies inside it; can't tell otherwise).</p>
<table class="compare"><tr><th>benchmark</th><th class="num">base</th><th class="num">${html(newLabel)}</th><th class="num">change [95% CI], p, verdict</th><th>why not a change</th></tr>${rows.join('')}</table>
${lawList}${only.join('')}<div class="charts">${chart}</div></section>`;
}
