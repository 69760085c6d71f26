/**
 * `ubench ab` in the terminal: per benchmark, A's and B's per-process medians, the paired change of
 * B against A with its CI, the signed-rank p-value and the verdict; then how much the pairing
 * removed (the spread between processes against the spread of the paired ratio) and any order
 * effect.
 */
import { visibleStrings } from '../results/text/visible-text.js';
import pc from 'picocolors';
import { abMethodText, type AbAnalysis, type AbRow } from '../analysis/ab-pairs.js';
import { judgedText } from '../analysis/counted-comparison.js';
import { cantTellLines, pText, signedPercent, verdictCell } from './compare-report.js';
import { formatDuration, formatPercent, formatSignificant, MISSING_VALUE_TEXT } from '../results/text/format-units.js';
import { renderTable, type TableCell, type TableColumn } from './text-table.js';

const INDENT = '  ';
const COLUMNS: readonly TableColumn[] = [
  { align: 'left', shrinkable: true, minWidth: 12 }, // benchmark
  { align: 'right' }, // A
  { align: 'right' }, // B
  { align: 'right' }, // change [CI]
  { align: 'right' }, // p
  { align: 'left' }, // verdict
  { align: 'right' }, // pairs
];

export interface AbReportOptions {
  color: boolean;
  width?: number;
  labelA: string;
  labelB: string;
  /** Lines said of the sides (`ab <rev>`: their dependencies, bench files of one side only). */
  notes?: readonly string[];
}

function changeText(row: AbRow): string {
  if (!Number.isFinite(row.change)) return MISSING_VALUE_TEXT;
  const ci = row.ciLower === null || row.ciUpper === null ? '[no CI]' : `[${signedPercent(row.ciLower)}, ${signedPercent(row.ciUpper)}]`;
  return `${signedPercent(row.change)} ${ci}`;
}

export function renderAbReport(analysis: AbAnalysis, options: AbReportOptions): string {
  return renderAbReportVisible(visibleStrings(analysis), visibleStrings(options));
}

function renderAbReportVisible(analysis: AbAnalysis, options: AbReportOptions): string {
  const c = pc.createColors(options.color);
  const lines = [`${c.bold('ab')} A = ${options.labelA}, B = ${options.labelB} ${c.dim(`(${abMethodText(analysis)}, same when inside it)`)}`];
  const value = (x: number): string => (analysis.metric === 'instructions' ? formatSignificant(x, 6, 1) : formatDuration(x));
  if (analysis.rows.length > 0) {
    const header = [
      'benchmark',
      analysis.metric === 'instructions' ? 'A instr/op' : 'A',
      analysis.metric === 'instructions' ? 'B instr/op' : 'B',
      `B vs A [95% CI${analysis.metric === 'instructions' ? ' or range' : ''}]`,
      'p',
      '',
      'pairs',
    ].map((text) => ({
      text,
      paint: c.dim,
    }));
    const rows = analysis.rows.map((row): TableCell[] => [
      { text: row.name, paint: c.bold },
      { text: value(row.aNsPerOp) },
      { text: value(row.bNsPerOp) },
      { text: changeText(row) },
      { text: pText(row.pValue), paint: c.dim },
      verdictCell(row, c),
      { text: String(row.aEstimates.length), paint: c.dim },
    ]);
    lines.push(...renderTable([header, ...rows], COLUMNS, { indent: INDENT, maxWidth: options.width }));
  }
  lines.push(...cantTellLines(analysis.rows, (i) => analysis.rows[i]!.name, c));
  for (const row of analysis.rows) {
    if (row.warning !== null) lines.push(`${INDENT}${c.yellow(`⚠ ${row.name}: ${row.warning}`)}`);
    if (row.missingPairs > 0) lines.push(`${INDENT}${c.yellow(`⚠ ${row.name}: missing from ${row.missingPairs} pair${row.missingPairs === 1 ? '' : 's'} (failed or not run)`)}`);
  }
  for (const row of analysis.rows) if (row.countSpread !== undefined) lines.push(`${INDENT}${c.dim(`${row.name}: ${judgedText(row.judgedBy, row.countSpread)}`)}`);
  for (const row of analysis.rows) {
    if (row.aEstimates.length < 2) continue;
    const order = row.orderEffect === null ? '' : `; second process of a pair ${signedPercent(row.orderEffect)} against the first (cancelled by ABBA)`;
    lines.push(
      `${INDENT}${c.dim(`${row.name}: spread between processes A ±${formatPercent(row.spread.a)}, B ±${formatPercent(row.spread.b)}; of the paired ratio ±${formatPercent(row.spread.ratio)}${order}`)}`,
    );
  }
  if (analysis.onlyInA.length > 0) lines.push(`${INDENT}${c.dim(`only in A (${analysis.onlyInA.length}): ${analysis.onlyInA.join(', ')}`)}`);
  if (analysis.onlyInB.length > 0) lines.push(`${INDENT}${c.dim(`only in B (${analysis.onlyInB.length}): ${analysis.onlyInB.join(', ')}`)}`);
  for (const note of options.notes ?? []) lines.push(`${INDENT}${c.dim(note)}`);
  return `${lines.join('\n')}\n`;
}
