/**
 * The comparison with a base run (`--compare`): a table of every benchmark's change with its CI,
 * p-value and verdict (regressions highlighted), the sweeps whose growth law changed, and a bar
 * chart of the changes.
 */
import { formatThresholdPercent } from '../results/format-units.js';
import type { CompareRow, Comparison } from '../analysis/compare-runs.js';
import { formatDuration } from '../results/format-units.js';
import { pText, signedPercent } from '../report/compare-report.js';
import { complexityChangeText } from '../report/complexity-text.js';
import type { ChartRegistry } from './chart-registry.js';
import { html, num } from './escape-html.js';

/** `+5.3% [+3.1%, +7.5%], p = 0.004, <span>slower</span>` as HTML. */
export function changeText(row: CompareRow): string {
  const verdict = row.verdict === '~' ? '<span class="muted">no significant change</span>' : `<span class="verdict-${html(row.verdict)}">${html(row.verdict)}</span>`;
  return `${html(signedPercent(row.change))} [${html(signedPercent(row.ciLower))}, ${html(signedPercent(row.ciUpper))}], p = ${html(pText(row.pValue))}, ${verdict}`;
}

/** `newLabel` heads the new run's column: `this run` on a run's own page, the file's name on the compare page. */
export function compareSection(comparison: Comparison, baseLabel: string, charts: ChartRegistry, anchorOf: (id: string) => string | undefined, newLabel = 'this run'): string {
  const rows = comparison.rows.map((r) => {
    const anchor = anchorOf(r.id);
    const name = anchor === undefined ? html(r.name) : `<a href="#${anchor}">${html(r.name)}</a>`;
    return `<tr class="${r.verdict === 'slower' ? 'regression' : ''}"><td>${name}</td><td class="num">${html(formatDuration(r.base.nsPerOp))}</td><td class="num">${html(formatDuration(r.new.nsPerOp))}</td><td class="num">${changeText(r)}</td><td class="muted">${html(r.reason ?? r.warning ?? '')}</td></tr>`;
  });
  const slower = comparison.rows.filter((r) => r.verdict === 'slower').length;
  const faster = comparison.rows.filter((r) => r.verdict === 'faster').length;
  const chart =
    comparison.rows.length === 0
      ? ''
      : charts.canvas(
          {
            kind: 'change-bars',
            labels: comparison.rows.map((r) => r.name),
            values: comparison.rows.map((r) => r.change * 100),
            lower: comparison.rows.map((r) => r.ciLower * 100),
            upper: comparison.rows.map((r) => r.ciUpper * 100),
            verdicts: comparison.rows.map((r) => r.verdict),
          },
          'change of each median against the base run, with its 95% CI (red: slower, green: faster)',
          'wide',
        );
  const laws = comparison.complexity ?? [];
  const lawList = laws.length === 0 ? '' : `<p><strong>Growth law changed</strong></p><ul>${laws.map((c) => `<li class="verdict-slower">${html(complexityChangeText(c))}</li>`).join('')}</ul>`;
  const only = [
    ...(comparison.onlyInBase.length === 0 ? [] : [`<p class="muted">Only in the base run: ${comparison.onlyInBase.map((id) => html(id)).join(', ')}</p>`]),
    ...(comparison.onlyInNew.length === 0 ? [] : [`<p class="muted">Only in this run: ${comparison.onlyInNew.map((id) => html(id)).join(', ')}</p>`]),
  ];
  return `<section id="comparison"><h2>Against ${html(baseLabel)}</h2>
<p>${slower === 0 ? 'No regression' : `<span class="verdict-slower">${slower} slower</span>`}, ${faster} faster, ${comparison.rows.length - slower - faster} without a significant change (p &lt; ${num(comparison.alpha)} and the CI beyond ±${html(formatThresholdPercent(comparison.noise))}).</p>
<table class="compare"><tr><th>benchmark</th><th class="num">base</th><th class="num">${html(newLabel)}</th><th class="num">change [95% CI], p, verdict</th><th>why no verdict</th></tr>${rows.join('')}</table>
${lawList}${only.join('')}<div class="charts">${chart}</div></section>`;
}
