/**
 * The HTML report of a results file: summary, comparison with a base run (when given), then per
 * file and group a bar chart of the estimates with CI whiskers and relative speed, the complexity
 * of swept benchmarks (a log-log chart with the fitted curve), and every
 * benchmark with its figures, diagnostics and charts; the environment last. One self-contained page.
 */
import { runtimeLabel } from '../results/runtime-identity.js';
import type { Comparison } from '../analysis/compare-runs.js';
import { estimateHalfWidth } from '../results/derived-values.js';
import type { BenchmarkResult, Explanation, ResultsFile } from '../results/types.js';
import { formatDuration, formatPlusMinusPercent } from '../results/text/format-units.js';
import { relativeText } from '../report/relative-text.js';
import { sectionResults, type GroupSection } from '../report/result-sections.js';
import { benchmarkSection } from './benchmark-section.js';
import { ChartRegistry } from './chart-registry.js';
import { compareSection } from './compare-section.js';
import { complexitySection } from './complexity-section.js';
import { environmentSection } from './environment-section.js';
import { explainSection } from './explain-section.js';
import { html } from './escape-html.js';
import { renderPage } from './html-page.js';
import { runtimeSection } from './runtime-section.js';

export interface ResultsPageOptions {
  /** A comparison with a base run, and how to name that run; with `--explain`, why each change called happened. */
  compare?: { comparison: Comparison; baseLabel: string; explanations?: readonly Explanation[] };
  /** Shown in the title and header (e.g. the results file's name). */
  label?: string;
}

function groupSummary(g: GroupSection, anchors: Map<string, string>, charts: ChartRegistry): string {
  const measured = g.benchmarks.filter((b): b is BenchmarkResult & { estimate: NonNullable<BenchmarkResult['estimate']> } => b.estimate !== null);
  const rows = g.benchmarks.map((b) => {
    const e = b.estimate;
    const cells =
      e === null
        ? `<td class="num error-text">${html(b.status)}</td><td></td><td></td>`
        : `<td class="num">${html(formatDuration(e.nsPerOp))}</td><td class="num muted">${html(formatPlusMinusPercent(estimateHalfWidth(e)))}</td><td>${html(relativeText(b))}</td>`;
    return `<tr><td><a href="#${anchors.get(b.id)}">${html(b.name)}</a></td>${cells}</tr>`;
  });
  const chart =
    measured.length === 0
      ? ''
      : charts.canvas(
          {
            kind: 'estimate-bars',
            labels: measured.map((b) => b.name),
            values: measured.map((b) => b.estimate.nsPerOp),
            lower: measured.map((b) => b.estimate.ciLower),
            upper: measured.map((b) => b.estimate.ciUpper),
            notes: measured.map((b) => relativeText(b)),
          },
          "time per operation with 95% CI whiskers; the label under each bar gives its speed relative to the group's reference",
          'wide',
        );
  return `<table class="group"><tr><th>benchmark</th><th class="num">time/op</th><th class="num">±</th><th>relative</th></tr>${rows.join('')}</table><div class="charts">${chart}</div>`;
}

export function renderResultsPage(results: ResultsFile, options: ResultsPageOptions = {}): string {
  const charts = new ChartRegistry();
  const anchors = new Map(results.benchmarks.map((b, i) => [b.id, `b${i + 1}`]));
  const compared = new Map((options.compare?.comparison.rows ?? []).map((r) => [r.id, r]));
  const files = sectionResults(results);
  const failed = results.benchmarks.filter((b) => b.status !== 'ok').length;
  const warned = results.benchmarks.filter((b) => b.diagnostics.some((d) => d.severity !== 'info')).length;
  const title = `ubench report${options.label === undefined ? '' : ` — ${options.label}`}`;
  const toc = files.map((f) => `<li><a href="#f${files.indexOf(f) + 1}">${html(f.file)}</a> (${f.benchmarks.length})</li>`).join('');
  const parts: string[] = [
    `<header class="page"><h1>${html(title)}</h1><p class="muted">${results.benchmarks.length} benchmarks in ${files.length} files · ${failed} failed · ${warned} with warnings · ${html(results.complete ? 'complete run' : 'incomplete run (interrupted)')} · ${html(runtimeLabel(results.environment))} · ${html(results.environment.startedAt)}</p></header>`,
    '<main>',
    `<nav class="toc"><ul>${toc}${(results.runtimes?.length ?? 0) > 1 ? '<li><a href="#runtimes">runtimes side by side</a></li>' : ''}${options.compare === undefined ? '' : '<li><a href="#comparison">comparison</a></li>'}${options.compare?.explanations === undefined ? '' : '<li><a href="#explain">why (--explain)</a></li>'}<li><a href="#environment">environment</a></li></ul></nav>`,
  ];
  const sideBySide = runtimeSection(results, charts);
  if (sideBySide !== '') parts.push(sideBySide);
  if (options.compare !== undefined) parts.push(compareSection(options.compare.comparison, options.compare.baseLabel, charts, (id) => anchors.get(id)));
  if (options.compare?.explanations !== undefined) parts.push(explainSection(options.compare.explanations, (id) => anchors.get(id)));
  files.forEach((f, i) => {
    parts.push(`<section class="file"><h2 id="f${i + 1}">${html(f.file)}</h2>`);
    for (const e of f.fileErrors) parts.push(`<p class="error-text">The file did not load: ${html(e.error.message)}</p>`);
    for (const g of f.groups) {
      parts.push(g.group === null ? '' : `<h3>${html(g.group)}</h3>`, groupSummary(g, anchors, charts), complexitySection(g, results.complexity, charts));
      for (const b of g.benchmarks) parts.push(benchmarkSection(b, anchors.get(b.id)!, charts, compared.get(b.id)));
    }
    parts.push('</section>');
  });
  parts.push(environmentSection(results.environment, results.settings ?? null), '</main>');
  return renderPage(title, parts.join('\n'), charts);
}
