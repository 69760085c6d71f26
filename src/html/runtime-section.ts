/**
 * The HTML report's side-by-side section of a run over several runtimes: per bench file, a table
 * with a column per runtime (estimate ±CI, and after the first, the ratio to it with its CI) and a
 * chart of those ratios on a log scale.
 */
import { runtimeTable, runtimesLegend } from '../report/runtime-table.js';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { runtimeFreeId, runtimeKey } from '../results/runtime-keys.js';
import type { ChartRegistry } from './chart-registry.js';
import { html } from './escape-html.js';

export function runtimeSection(results: ResultsFile, charts: ChartRegistry): string {
  const side = runtimeTable(results);
  if (side === null) return '';
  const [first, ...others] = side.runtimes;
  const byKey = new Map<string, BenchmarkResult>(results.benchmarks.map((b) => [`${runtimeFreeId(b)}\u0000${runtimeKey(b)}`, b]));
  const parts = [
    `<section class="file"><h2 id="runtimes">runtimes side by side</h2><p class="muted">Time per operation ±95% CI; after ${html(first!.label)}, time relative to ${html(first!.label)} (below 1× is faster) with its 95% CI. ${html(runtimesLegend(side.runtimes))}.</p>`,
  ];
  for (const file of [...new Set(side.rows.map((r) => r.file))]) {
    const rows = side.rows.filter((r) => r.file === file);
    const head = `<tr><th>benchmark</th>${side.runtimes.map((r) => `<th class="num">${html(r.label)}</th>`).join('')}</tr>`;
    const body = rows
      .map((r) => {
        const cells = r.cells
          .map(
            (c) =>
              `<td class="num${c.ratioKind === 'faster' ? ' verdict-faster' : c.ratioKind === 'slower' ? ' verdict-slower' : ''}">${html(c.estimate)}${c.ratio === null ? '' : `<br><span class="muted">${html(c.ratio)}</span>`}</td>`,
          )
          .join('');
        return `<tr><td>${html(r.group === null ? r.name : `${r.group} / ${r.name}`)}</td>${cells}</tr>`;
      })
      .join('');
    const ids = results.benchmarks.filter((b) => b.file === file && runtimeKey(b) === first!.label).map(runtimeFreeId);
    const ratios = others.map((runtime) => {
      const relatives = ids.map((id) => byKey.get(`${id}\u0000${runtime.label}`)?.runtimeRelative ?? null);
      return { label: runtime.label, values: relatives.map((r) => r?.ratio ?? null), lower: relatives.map((r) => r?.ciLower ?? null), upper: relatives.map((r) => r?.ciUpper ?? null) };
    });
    const chart = charts.canvas(
      { kind: 'runtime-bars', labels: rows.map((r) => r.name), reference: first!.label, runtimes: ratios },
      `time on each runtime relative to ${first!.label}, with 95% CI whiskers (log scale)`,
      'wide',
    );
    parts.push(`<h3>${html(file)}</h3><table class="group">${head}${body}</table><div class="charts">${chart}</div>`);
  }
  parts.push('</section>');
  return parts.join('\n');
}
