/**
 * The terminal report of `ubench probe`: what the OS says about the machine, then per experiment a
 * table of every point with its CI, an ASCII chart of each numeric series, and the inferred values
 * next to the OS's figures (✓ agree, ✗ disagree). Reads only the probe document.
 */
import { runtimeLabel } from '../results/runtime-identity.js';
import pc from 'picocolors';
import type { ProbeDocument, ProbeExperimentResult, ProbeFinding, ProbePoint, ProbeSeries, WithheldFigure } from '../probe/probe-types.js';
import { renderAsciiChart } from './ascii-chart.js';
import { formatDuration, MISSING_VALUE_TEXT } from '../results/text/format-units.js';
import { formatProbeValue, isCategorical, osCachesText, probeAxisLabel } from '../probe/probe-value-text.js';
import { renderTable, type TableCell, type TableColumn } from './text-table.js';

export interface ProbeReportOptions {
  color: boolean;
  /** Terminal width; charts and notes fit it. */
  width?: number;
}

type Colors = ReturnType<typeof pc.createColors>;

const INDENT = '  ';
/** Chart rows: enough to tell plateaus from climbs, short enough to keep a probe report scrollable. */
const CHART_HEIGHT = 10;
/** Width assumed when the output is not a terminal (a file or a pipe). */
const DEFAULT_WIDTH = 100;
/** Bars of the categorical series (branch prediction, data dependency) at most this long. */
const BAR_WIDTH = 30;

function machineLines(doc: ProbeDocument, c: Colors): string[] {
  const env = doc.environment;
  const rows: TableCell[][] = [
    [{ text: 'cpu', paint: c.dim }, { text: `${env.cpu.model} · ${env.cpu.cores} cores · ${env.os.platform} ${env.os.arch}` }],
    [{ text: 'caches', paint: c.dim }, { text: osCachesText(doc) }],
    [{ text: 'line', paint: c.dim }, { text: doc.os.lineBytes === null ? MISSING_VALUE_TEXT : formatProbeValue(doc.os.lineBytes, 'bytes') }],
    [
      { text: 'page', paint: c.dim },
      { text: doc.os.pageBytes === null ? `${MISSING_VALUE_TEXT} (getconf PAGESIZE did not answer)` : `${formatProbeValue(doc.os.pageBytes, 'bytes')} (getconf PAGESIZE)` },
    ],
    [
      { text: 'timer', paint: c.dim },
      {
        text:
          doc.timer === null
            ? `${MISSING_VALUE_TEXT} (no process reported it)`
            : `one clock read costs ${formatDuration(doc.timer.costNs)}; smallest step seen ${formatDuration(doc.timer.resolutionNs)} (as ubench measures them)`,
      },
    ],
  ];
  return [c.bold('Machine (as the OS reports it)'), ...renderTable(rows, [{ align: 'left' }, { align: 'left' }], { indent: INDENT })];
}

function ciText(lower: number, upper: number, s: ProbeSeries): string {
  return `${formatProbeValue(lower, s.yUnit)} … ${formatProbeValue(upper, s.yUnit)}`;
}

/** Text of a withheld figure where its value would stand: the word, never the number (that is in the reason). */
const WITHHELD_TEXT = 'withheld';

function seriesLines(s: ProbeSeries, withheld: readonly WithheldFigure[], width: number, c: Colors): string[] {
  const mine = withheld.filter((w) => w.series === s.name);
  if (s.points.length === 0 && mine.length === 0) return [];
  const categorical = isCategorical(s);
  const top = Math.max(...s.points.map((p) => p.y));
  const header: TableCell[] = [s.xLabel, s.yLabel, '95% CI'].map((text) => ({ text, paint: c.dim }));
  const measured = s.points.map((p): [ProbePoint['x'], TableCell[]] => [
    p.x,
    [
      { text: formatProbeValue(p.x, s.xUnit) },
      { text: formatProbeValue(p.y, s.yUnit) },
      { text: ciText(p.yLower, p.yUpper, s), paint: c.dim },
      { text: categorical && top > 0 ? '█'.repeat(Math.max(1, Math.round((p.y / top) * BAR_WIDTH))) : '', paint: c.cyan },
    ],
  ]);
  const withheldRows = mine.map((w): [ProbePoint['x'], TableCell[]] => [
    w.x ?? '',
    [{ text: formatProbeValue(w.x, s.xUnit) }, { text: '' }, { text: '' }, { text: `${WITHHELD_TEXT}: ${w.reason}`, paint: c.yellow }],
  ]);
  const all = [...measured, ...withheldRows];
  // A withheld point's row stands where its x would be, among the measured ones.
  if (all.every(([x]) => typeof x === 'number')) all.sort(([a], [b]) => (a as number) - (b as number));
  const rows = all.map(([, row]) => row);
  const columns: TableColumn[] = [{ align: 'left' }, { align: 'right' }, { align: 'right' }, { align: 'left' }];
  const lines = [`${INDENT}${c.bold(s.name)} ${c.dim(`— ${s.description}`)}`, ...renderTable([header, ...rows], columns, { indent: INDENT + INDENT })];
  if (!categorical && s.points.length > 0) {
    const chart = renderAsciiChart(
      s.points.map((p) => ({ xLabel: probeAxisLabel(p.x, s.xUnit).replace(' ', ''), y: p.y })),
      { height: CHART_HEIGHT, maxWidth: width, indent: INDENT + INDENT, logY: s.logY, formatY: (v) => formatProbeValue(v, s.yUnit) },
    );
    if (chart.length > 0) lines.push('', ...chart, `${INDENT + INDENT}${c.dim(`x: ${s.xLabel}${s.logY ? ' · y on a log scale' : ''}`)}`);
  }
  return lines;
}

function findingLines(findings: readonly ProbeFinding[], c: Colors): string[] {
  if (findings.length === 0) return [];
  const mark = (f: ProbeFinding): TableCell => (f.agrees === true ? { text: '✓', paint: c.green } : f.agrees === false ? { text: '✗ differs', paint: c.red } : { text: '' });
  const anyOs = findings.some((f) => f.os !== null);
  const rows: TableCell[][] = findings.map((f) => [
    { text: f.name },
    f.withheld === undefined ? { text: formatProbeValue(f.value, f.unit), paint: c.bold } : { text: WITHHELD_TEXT, paint: c.yellow },
    { text: f.os === null ? '' : `OS ${formatProbeValue(f.os, f.unit)}` },
    mark(f),
    f.withheld === undefined ? { text: f.note ?? '', paint: c.dim } : { text: `${WITHHELD_TEXT}: ${f.withheld}`, paint: c.yellow },
  ]);
  const columns: TableColumn[] = [{ align: 'left' }, { align: 'right' }, { align: 'left' }, { align: 'left' }, { align: 'left' }];
  return [`${INDENT}${c.bold(anyOs ? 'inferred, beside the OS' : 'inferred')}`, ...renderTable(rows, columns, { indent: INDENT + INDENT })];
}

function experimentLines(e: ProbeExperimentResult, width: number, c: Colors): string[] {
  const lines = [`${c.bold(e.title)} ${c.dim(e.file)}`];
  if (e.status === 'skipped') lines.push(`${INDENT}${c.yellow(`skipped: ${e.reason ?? ''}`)}`);
  if (e.status === 'failed') lines.push(`${INDENT}${c.red(`failed: ${e.reason ?? ''}`)}`);
  for (const s of e.series) {
    const block = seriesLines(s, e.withheld ?? [], width, c);
    if (block.length > 0) lines.push(...block, '');
  }
  lines.push(...findingLines(e.findings, c));
  for (const note of e.notes) lines.push(`${INDENT}${c.dim(`note: ${note}`)}`);
  return lines;
}

export function renderProbeReport(doc: ProbeDocument, options: ProbeReportOptions): string {
  const c = pc.createColors(options.color);
  const width = options.width ?? DEFAULT_WIDTH;
  const mode = doc.quick ? 'quick mode (smaller sizes)' : 'full sizes';
  const out = [`${c.bold('ubench probe')} ${c.dim(`— ${mode} · ${runtimeLabel(doc.environment)}`)}`, '', ...machineLines(doc, c)];
  for (const e of doc.experiments) out.push('', ...experimentLines(e, width, c));
  if (!doc.complete) out.push('', c.yellow('The probe was interrupted: experiments not reached are marked skipped.'));
  return `${out.join('\n')}\n`;
}
