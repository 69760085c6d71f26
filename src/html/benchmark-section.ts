/**
 * One benchmark's block of the report: its figures, the comparison with a base run, diagnostics
 * with hints, memory and GC, its three charts, then what the passes found: allocation sites,
 * deopts, the profile (tier, hot functions, hot lines) and the measured loop's machine code.
 */
import { heapSourceText } from '../results/text/bytes-per-op-text.js';
import { instructionCell } from '../report/instruction-report.js';
import type { CompareRow } from '../analysis/compare-runs.js';
import { estimateHalfWidth } from '../results/derived-values.js';
import type { BenchmarkResult } from '../results/types.js';
import { formatBytes, formatDuration, formatOpsPerSecond, formatPercent, formatPlusMinusPercent } from '../results/text/format-units.js';
import { relativeText } from '../report/relative-text.js';
import { histogramSpec, iterationsSpec, runOrderSpec } from './benchmark-charts.js';
import type { ChartRegistry } from './chart-registry.js';
import { allocSitesSection } from './alloc-sites-section.js';
import { changeText } from './compare-section.js';
import { deoptSection } from './deopt-section.js';
import { disasmSection } from './disasm-section.js';
import { html } from './escape-html.js';
import { profileSection } from './profile-section.js';

function row(label: string, value: string): string {
  return `<tr><th>${html(label)}</th><td class="num">${html(value)}</td></tr>`;
}

function figures(b: BenchmarkResult): string {
  if (b.estimate === null) return '';
  const e = b.estimate;
  const s = b.stats;
  const rows = [
    row('time per operation (median)', formatDuration(e.nsPerOp)),
    row(`${Math.round(e.confidence * 100)}% CI`, `${formatDuration(e.ciLower)} – ${formatDuration(e.ciUpper)} (${formatPlusMinusPercent(estimateHalfWidth(e))})`),
    ...(s === null
      ? []
      : [
          row('p25 · p75 · p99', `${formatDuration(s.p25)} · ${formatDuration(s.p75)} · ${formatDuration(s.p99)}`),
          row('min · max', `${formatDuration(s.min)} · ${formatDuration(s.max)}`),
          row('spread (cv)', formatPercent(s.cv)),
          row('samples', String(s.sampleCount)),
          ...(s.opsPerSecond === null ? [] : [row('operations per second', formatOpsPerSecond(s.opsPerSecond))]),
        ]),
    ...(b.floorNsPerOp === null ? [] : [row('empty-loop floor (not subtracted)', formatDuration(b.floorNsPerOp))]),
    ...(b.relative === null ? [] : [row('relative', relativeText(b))]),
    ...(b.instructions == null
      ? []
      : [row('instructions per operation (callgrind; counts, not time)', b.instructions.status === 'measured' ? instructionCell(b) : `${b.instructions.status}: ${b.instructions.reason ?? ''}`)]),
  ];
  return `<table class="figures">${rows.join('')}</table>`;
}

function memory(b: BenchmarkResult): string {
  const m = b.memory;
  if (m === null) return '';
  const rows = [
    row('heap bytes per operation', formatBytes(m.bytesPerOp)),
    ...(heapSourceText(m) === null ? [] : [row('heap figure', heapSourceText(m)!)]),
    ...(m.externalBytesPerOp === 0
      ? []
      : [row('off-heap bytes per operation', `${formatBytes(m.externalBytesPerOp)}${m.accounting?.externalExact === false ? ' (GCs ran in its regions: a lower bound)' : ''}`)]),
    row(
      'garbage collections while sampling',
      m.gcCount === null || m.gcShare === null ? 'not reported by this runtime' : `${m.gcCount} (${formatPercent(m.samplingGcShare ?? m.gcShare)} of the time)`,
    ),
    ...(m.gcApart == null ? [] : [row('GC share measured apart', `${formatPercent(m.gcApart.share)} over ${m.gcApart.majorGcCount} major-GC cycles (${m.gcApart.gcCount} collections)`)]),
    ...(m.gcCost?.overhead === null || m.gcCost?.overhead === undefined
      ? []
      : [
          row(
            'GC cost by elimination',
            `${formatPercent(m.gcCost.overhead.share)} of the time per operation (${formatPercent(m.gcCost.overhead.shareCiLower)} – ${formatPercent(m.gcCost.overhead.shareCiUpper)})`,
          ),
        ]),
  ];
  return `<h5>Memory</h5><table class="memory">${rows.join('')}</table>`;
}

function diagnostics(b: BenchmarkResult): string {
  if (b.diagnostics.length === 0) return '';
  const items = b.diagnostics.map((d) => `<li class="${html(d.severity)}"><strong>${html(d.code)}</strong> ${html(d.message)}<span class="hint">${html(d.hint)}</span></li>`);
  return `<ul class="diagnostics">${items.join('')}</ul>`;
}

function comparison(row: CompareRow | undefined): string {
  if (row === undefined) return '';
  return `<p class="compare">Against the base run: ${html(formatDuration(row.base.nsPerOp))} → ${html(formatDuration(row.new.nsPerOp))}, ${changeText(row)}</p>`;
}

export function benchmarkSection(b: BenchmarkResult, anchor: string, charts: ChartRegistry, compared?: CompareRow): string {
  const heading = `<h4 id="${anchor}">${html(b.name)}</h4>`;
  if (b.status !== 'ok') {
    const where = b.error?.location === null || b.error?.location === undefined ? '' : ` <span class="mono muted">${html(b.error.location)}</span>`;
    return `<article class="benchmark failed">${heading}<p class="error-text">${html(b.status)}: ${html(b.error?.message ?? 'no result')}${where}</p>${diagnostics(b)}</article>`;
  }
  const specs = [
    [histogramSpec(b), 'distribution of per-sample time per operation; median (line) and its 95% CI (band)'],
    [runOrderSpec(b), 'samples in the order taken: trends show warm-up leftovers, drift or throttling'],
    [iterationsSpec(b), 'sample time against iterations with the least-squares line: its intercept is a fixed cost per sample'],
  ] as const;
  const figuresHtml = specs.filter(([spec]) => spec !== null).map(([spec, caption]) => charts.canvas(spec!, caption));
  const regression = compared?.verdict === 'slower' ? ' regression' : '';
  return `<article class="benchmark${regression}">${heading}${comparison(compared)}${figures(b)}${diagnostics(b)}${memory(b)}<div class="charts">${figuresHtml.join('')}</div>${allocSitesSection(b)}${deoptSection(b)}${profileSection(b)}${disasmSection(b)}</article>`;
}
