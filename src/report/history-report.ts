/**
 * `ubench history` in the terminal: per benchmark, a sparkline of its estimate over the runs, then
 * one row per run with the estimate, its CI, and the change against the previous run with the
 * verdict, so a real step stands out from run-to-run noise.
 */
import { visibleStrings } from '../results/text/visible-text.js';
import pc from 'picocolors';
import type { BenchmarkHistory, HistoryPoint, HistoryRunInfo, RunHistoryAnalysis } from '../analysis/history-changes.js';
import { pText, signedPercent, verdictCell } from './compare-report.js';
import { isChange } from '../analysis/compare-runs.js';
import { MISSING_VALUE_TEXT, formatDuration, formatSignificant } from '../results/text/format-units.js';
import { renderTable, type TableCell, type TableColumn } from './text-table.js';

const INDENT = '  ';
/** Eight block heights: the usual sparkline alphabet. */
const SPARK_BLOCKS = '▁▂▃▄▅▆▇█';
/** Characters of a commit id shown, as `git log --oneline` does. */
const SHORT_COMMIT = 7;

const COLUMNS: readonly TableColumn[] = [
  { align: 'left' }, // when
  { align: 'left' }, // commit
  { align: 'right' }, // time/op
  { align: 'right' }, // CI
  { align: 'right' }, // change [CI]
  { align: 'right' }, // p
  { align: 'left' }, // verdict
];

export interface HistoryReportOptions {
  color: boolean;
  width?: number;
  /** Rows shown per benchmark: its last `last` points. */
  last: number;
}

/** One block per value, scaled between the smallest and largest; a flat series is all low blocks. */
export function sparkline(values: readonly number[]): string {
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  return values.map((v) => SPARK_BLOCKS[span > 0 ? Math.round(((v - min) / span) * (SPARK_BLOCKS.length - 1)) : 0]).join('');
}

/** `YYYY-MM-DD hh:mm:ssZ`: the run's start, UTC, to the second. */
function when(run: HistoryRunInfo): string {
  return `${run.startedAt.slice(0, 10)} ${run.startedAt.slice(11, 19)}Z`;
}

function commit(run: HistoryRunInfo): string {
  return run.commit === null ? MISSING_VALUE_TEXT : `${run.commit.slice(0, SHORT_COMMIT)}${run.dirty ? '*' : ''}`;
}

function pointRow(point: HistoryPoint, run: HistoryRunInfo, c: ReturnType<typeof pc.createColors>): TableCell[] {
  const runCells: TableCell[] = [
    { text: when(run), paint: run.complete ? undefined : c.dim },
    { text: commit(run), paint: c.dim },
  ];
  const counts = point.instructions !== undefined;
  if (point.nsPerOp === null || point.instructions === null) {
    return [...runCells, { text: point.nsPerOp === null ? point.status : 'not counted', paint: c.red }, { text: '' }, { text: '' }, { text: '' }, { text: '' }];
  }
  const value = (x: number): string => (counts ? formatSignificant(x, 6, 1) : formatDuration(x));
  const [mid, low, high] = counts ? [point.instructions!.perOp, point.instructions!.ciLower, point.instructions!.ciUpper] : [point.nsPerOp, point.ciLower, point.ciUpper];
  const ci = low === null || high === null ? '' : `[${value(low)}, ${value(high)}]`;
  const change = point.change;
  return [
    ...runCells,
    { text: value(mid), paint: c.bold },
    { text: ci, paint: c.dim },
    { text: change === null ? '' : `${signedPercent(change.change)} [${signedPercent(change.ciLower)}, ${signedPercent(change.ciUpper)}]` },
    { text: change === null ? '' : pText(change.pValue), paint: c.dim },
    change === null ? { text: '' } : verdictCell(change, c),
  ];
}

function benchmarkLines(history: BenchmarkHistory, analysis: RunHistoryAnalysis, options: HistoryReportOptions): string[] {
  const c = pc.createColors(options.color);
  const shown = history.points.slice(-options.last);
  const counts = analysis.metric === 'instructions';
  const values = shown.flatMap((p) => (counts ? (p.instructions == null ? [] : [p.instructions.perOp]) : p.nsPerOp === null ? [] : [p.nsPerOp]));
  const changes = history.points.filter((p) => p.change !== null && isChange(p.change.verdict)).length;
  const summary = `${history.points.length} run${history.points.length === 1 ? '' : 's'}${changes > 0 ? `, ${changes} significant change${changes === 1 ? '' : 's'}` : ''}${shown.length < history.points.length ? `, last ${shown.length} shown` : ''}`;
  const lines = [`${c.bold(history.id)}  ${values.length > 1 ? `${sparkline(values)}  ` : ''}${c.dim(`(${summary})`)}`];
  const header = ['run (UTC)', 'commit', counts ? 'instr/op' : 'time/op', '95% CI', 'vs previous [95% CI]', 'p', ''].map((text) => ({ text, paint: c.dim }));
  const rows = shown.map((p) => pointRow(p, analysis.runs[p.run]!, c));
  lines.push(...renderTable([header, ...rows], COLUMNS, { indent: INDENT, maxWidth: options.width }));
  const latest = [...shown].reverse().find((p) => p.change?.bandText !== undefined)?.change?.bandText;
  if (latest !== undefined) lines.push(`${INDENT}${c.dim(`latest change judged with ${latest}`)}`);
  return lines;
}

export function renderHistoryReport(analysis: RunHistoryAnalysis, options: HistoryReportOptions): string {
  return renderHistoryReportVisible(visibleStrings(analysis), visibleStrings(options));
}

function renderHistoryReportVisible(analysis: RunHistoryAnalysis, options: HistoryReportOptions): string {
  const c = pc.createColors(options.color);
  const sections = analysis.benchmarks.map((b) => benchmarkLines(b, analysis, options).join('\n'));
  const notes: string[] = [];
  const bySamples = analysis.benchmarks.some((b) => b.points.some((p) => p.change?.unit === 'samples'));
  if (bySamples)
    notes.push(
      `${INDENT}${c.dim('note: runs of one process each are compared by their samples, which miss the few percent by which processes differ on a busy machine: confirm a marked change with --forks 5 runs')}`,
    );
  for (const note of analysis.notes ?? []) notes.push(`${INDENT}${c.dim(`note: ${note}`)}`);
  if (analysis.runs.some((r) => !r.complete)) notes.push(`${INDENT}${c.dim('dim dates: runs that did not finish (interrupted or still running); * after a commit: uncommitted changes')}`);
  else if (analysis.runs.some((r) => r.dirty)) notes.push(`${INDENT}${c.dim('* after a commit: the run had uncommitted changes')}`);
  return `${[...sections, ...notes].join('\n\n')}\n`;
}
