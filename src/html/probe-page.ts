/**
 * The HTML report of a probe document (`ubench probe --json`): the machine as the OS reports it,
 * then per experiment its status, a chart per series with CI whiskers, the findings beside the
 * OS's figures, and the notes.
 */
import { runtimeLabel } from '../results/runtime-identity.js';
import type { ProbeDocument, ProbeExperimentResult, ProbeSeries } from '../probe/probe-types.js';
import { formatProbeValue, isCategorical, osCachesText, probeAxisLabel } from '../probe/probe-value-text.js';
import { ChartRegistry } from './chart-registry.js';
import { environmentRows } from './environment-section.js';
import { html } from './escape-html.js';
import { renderPage } from './html-page.js';

/** Axis units the browser script prints after tick values (ns ticks are auto-scaled there). */
const Y_UNIT_TEXT: Record<ProbeSeries['yUnit'], string> = { ns: 'ns', 'GB/s': 'GB/s', ratio: '×', bytes: 'B', lanes: 'lanes', label: '' };

function seriesChart(s: ProbeSeries, charts: ChartRegistry): string {
  if (s.points.length === 0) return '';
  return charts.canvas(
    {
      kind: 'probe-series',
      xLabel: s.xLabel,
      yLabel: s.yLabel,
      labels: s.points.map((p) => probeAxisLabel(p.x, s.xUnit)),
      values: s.points.map((p) => p.y),
      lower: s.points.map((p) => p.yLower),
      upper: s.points.map((p) => p.yUpper),
      yUnit: Y_UNIT_TEXT[s.yUnit],
      logY: s.logY,
      categorical: isCategorical(s),
    },
    `${s.name}: ${s.description}`,
    s.points.length > 4 ? 'wide' : 'small',
  );
}

function findingsTable(e: ProbeExperimentResult): string {
  if (e.findings.length === 0) return '';
  const rows = e.findings.map((f) => {
    const mark = f.agrees === true ? '<span class="agree">✓ agrees</span>' : f.agrees === false ? '<span class="differ">✗ differs</span>' : '';
    const value = f.withheld === undefined ? `<strong>${html(formatProbeValue(f.value, f.unit))}</strong>` : '<span class="differ">withheld</span>';
    const how = f.withheld === undefined ? html(f.note ?? '') : html(`withheld: ${f.withheld}`);
    return `<tr><td>${html(f.name)}</td><td class="num">${value}</td><td class="num">${html(f.os === null ? '' : formatProbeValue(f.os, f.unit))}</td><td>${mark}</td><td class="muted">${how}</td></tr>`;
  });
  return `<table class="findings"><tr><th>inferred</th><th class="num">value</th><th class="num">OS</th><th></th><th>how</th></tr>${rows.join('')}</table>`;
}

function experimentSection(e: ProbeExperimentResult, charts: ChartRegistry): string {
  const status = e.status === 'ok' ? '' : `<p class="status-${e.status}">${html(e.status)}: ${html(e.reason ?? '')}</p>`;
  const figures = e.series.map((s) => seriesChart(s, charts)).join('');
  const notes = e.notes.map((n) => `<p class="muted">Note: ${html(n)}</p>`).join('');
  // Withheld points are out of the charts; findings say why in their own row.
  const withheld = (e.withheld ?? [])
    .filter((w) => w.series !== null)
    .map((w) => `<p class="status-skipped">${html(w.figure)} withheld: ${html(w.reason)}</p>`)
    .join('');
  return `<section class="experiment"><h2 id="${html(e.id)}">${html(e.title)} <span class="muted mono">${html(e.file)}</span></h2>${status}${findingsTable(e)}<div class="charts">${figures}</div>${withheld}${notes}</section>`;
}

function machineTable(doc: ProbeDocument): string {
  const rows = [
    ['caches', osCachesText(doc)],
    ['line', formatProbeValue(doc.os.lineBytes, 'bytes')],
    ['page', formatProbeValue(doc.os.pageBytes, 'bytes')],
  ];
  return `<table class="machine">${rows.map(([k, v]) => `<tr><th>${html(k!)}</th><td>${html(v!)}</td></tr>`).join('')}${environmentRows(doc.environment).join('')}</table>`;
}

export function renderProbePage(doc: ProbeDocument): string {
  const charts = new ChartRegistry();
  const title = 'ubench probe';
  const mode = doc.quick ? 'quick mode (smaller sizes)' : 'full sizes';
  const body = [
    `<header class="page"><h1>${title}</h1><p class="muted">${html(mode)} · ${html(doc.complete ? 'complete' : 'interrupted')} · ${html(runtimeLabel(doc.environment))} · ${html(doc.environment.startedAt)}</p></header>`,
    '<main>',
    `<nav class="toc"><ul>${doc.experiments.map((e) => `<li><a href="#${html(e.id)}">${html(e.title)}</a> (${html(e.status)})</li>`).join('')}</ul></nav>`,
    `<section id="machine"><h2>Machine</h2>${machineTable(doc)}</section>`,
    ...doc.experiments.map((e) => experimentSection(e, charts)),
    '</main>',
  ];
  return renderPage(title, body.join('\n'), charts);
}
