/**
 * `ubench compare` in the terminal: one row per benchmark in both runs with both estimates, the
 * change and its CI, the p-value and the verdict; the geometric mean; what could not be compared;
 * bytes/op changes; and the notes (multiple testing, incomplete runs).
 */
import { visibleStrings } from '../results/text/visible-text.js';
import { groupedName } from '../results/text/grouped-name.js';
import pc from 'picocolors';
import { verdictText, type Comparison, type CompareRow } from '../analysis/compare-runs.js';
import { formatBytes, formatDuration, formatSignedPercent, formatSignificant, formatThresholdPercent } from '../results/text/format-units.js';
import { complexityChangeText } from './complexity-text.js';
import { renderTable, type TableCell, type TableColumn } from './text-table.js';

type Colors = ReturnType<typeof pc.createColors>;

const INDENT = '  ';
const COLUMNS: readonly TableColumn[] = [
  { align: 'left', shrinkable: true, minWidth: 12 }, // benchmark
  { align: 'right' }, // base
  { align: 'right' }, // new
  { align: 'right' }, // change [CI]
  { align: 'right' }, // p
  { align: 'left' }, // verdict
];

export interface CompareReportOptions {
  color: boolean;
  width?: number;
  baseLabel: string;
  newLabel: string;
}

/** A change as a signed percentage (results/text/format-units.ts): +5.20%, -0.31%. */
export const signedPercent = formatSignedPercent;

/** A band as ±n%: ±1%, ±2.5%. */
const percentText = (fraction: number): string => `±${formatThresholdPercent(fraction)}`;

/** A p-value with four decimals, or `<0.0001`; `counted` for an A/B row that has none. */
export function pText(p: number | null): string {
  // A counted A/B row (analysis/counted-comparison.ts) is not tested: it has no p-value.
  if (p === null) return 'counted';
  return p < 0.0001 ? '<0.0001' : p.toFixed(4);
}

/** Benchmark names, with the file when the runs span several. */
function labeller(rows: readonly CompareRow[]): (row: CompareRow) => string {
  const files = new Set(rows.map((r) => r.file));
  return (row) => {
    const name = groupedName(row);
    return files.size > 1 ? `${row.file}#${name}` : name;
  };
}

/** The verdict, coloured: slower red, faster green, same dim, can't tell yellow (it is not "no change"). */
export function verdictCell(row: Pick<CompareRow, 'verdict'>, c: Colors): TableCell {
  if (row.verdict === 'slower') return { text: 'slower', paint: (t) => c.bold(c.red(t)) };
  if (row.verdict === 'faster') return { text: 'faster', paint: (t) => c.bold(c.green(t)) };
  if (row.verdict === 'cant-tell') return { text: verdictText(row.verdict), paint: c.yellow };
  return { text: verdictText(row.verdict), paint: c.dim };
}

/** One line per row the verdict could not call: why, and what would decide it (a `cant-tell` is not "no change"). */
export function cantTellLines(rows: readonly { verdict: CompareRow['verdict']; reason: string | null }[], label: (index: number) => string, c: Colors): string[] {
  return rows.flatMap((row, i) => (row.verdict === 'cant-tell' && row.reason !== null ? [`${INDENT}${c.yellow(`? ${label(i)}: can't tell: ${row.reason}`)}`] : []));
}

export function renderCompareReport(comparison: Comparison, options: CompareReportOptions): string {
  return renderCompareReportVisible(visibleStrings(comparison), visibleStrings(options));
}

function renderCompareReportVisible(comparison: Comparison, options: CompareReportOptions): string {
  const c = pc.createColors(options.color);
  const label = labeller(comparison.rows);
  const bands = [...new Set(comparison.rows.map((r) => r.band))].sort((a, b) => a - b);
  const band = bands.length === 0 ? percentText(comparison.noise) : bands.map(percentText).join(' or ');
  const instructions = comparison.metric === 'instructions';
  const test = instructions ? 'instructions per op, slopes compared on the log scale' : 'Mann–Whitney U';
  const lines = [
    `${c.bold('compare')} ${options.baseLabel} ${c.dim('→')} ${options.newLabel} ${c.dim(`(${test}, p < ${comparison.alpha}; a change is called when its ${comparison.confidence * 100}% CI lies beyond ${band}, same when inside it)`)}`,
  ];
  if (comparison.rows.length > 0) {
    const header = ['benchmark', instructions ? 'base instr/op' : 'base', instructions ? 'new instr/op' : 'new', 'change [95% CI]', 'p', ''].map((text) => ({ text, paint: c.dim }));
    const value = (side: CompareRow['base']): string => (instructions ? formatSignificant(side.perOp ?? Number.NaN, 6, 1) : formatDuration(side.nsPerOp));
    const rows = comparison.rows.map((row): TableCell[] => [
      { text: label(row), paint: c.bold },
      { text: value(row.base) },
      { text: value(row.new) },
      { text: `${signedPercent(row.change)} [${signedPercent(row.ciLower)}, ${signedPercent(row.ciUpper)}]` },
      { text: pText(row.pValue) },
      verdictCell(row, c),
    ]);
    if (comparison.geomean !== null && comparison.rows.length > 1) {
      rows.push([{ text: 'geomean', paint: c.dim }, { text: '' }, { text: '' }, { text: signedPercent(comparison.geomean.change) }, { text: '' }, { text: '' }]);
    }
    lines.push(...renderTable([header, ...rows], COLUMNS, { indent: INDENT, maxWidth: options.width }));
  }
  lines.push(...cantTellLines(comparison.rows, (i) => label(comparison.rows[i]!), c));
  for (const row of comparison.rows) {
    if (row.warning !== null) lines.push(`${INDENT}${c.yellow(`⚠ ${label(row)}: ${row.warning}`)}`);
  }
  const based = comparison.rows.filter((r) => r.bandText !== undefined);
  if (based.length > 0) {
    lines.push('', `${INDENT}${c.bold('bands')} ${c.dim('(what single processes of each benchmark differ by, learned from the kept runs of its code, and the host shift)')}`);
    for (const row of based) lines.push(`${INDENT}${INDENT}${label(row)}: ${row.bandText}`);
  }
  const bytes = comparison.rows.filter((r) => r.bytes?.differs === true);
  if (bytes.length > 0) {
    lines.push('', `${INDENT}${c.bold('bytes/op changed')}`);
    for (const row of bytes) {
      const b = row.bytes!;
      lines.push(`${INDENT}${INDENT}${label(row)}: ${formatBytes(b.base)} → ${formatBytes(b.new)} (${b.difference > 0 ? '+' : '−'}${formatBytes(Math.abs(b.difference))})`);
    }
  }
  const laws = comparison.complexity ?? [];
  if (laws.length > 0) {
    lines.push('', `${INDENT}${c.bold('growth law changed')}`);
    for (const change of laws) lines.push(`${INDENT}${INDENT}${c.yellow(complexityChangeText(change))}`);
  }
  const listed = (title: string, ids: readonly string[]): void => {
    if (ids.length > 0) lines.push(`${INDENT}${c.dim(`${title} (${ids.length}): ${ids.join(', ')}`)}`);
  };
  listed('only in the base run', comparison.onlyInBase);
  listed('only in the new run', comparison.onlyInNew);
  for (const s of comparison.skipped) lines.push(`${INDENT}${c.dim(`not compared: ${s.id}: ${s.reason}`)}`);
  for (const note of comparison.notes) lines.push(`${INDENT}${c.dim(`note: ${note}`)}`);
  return `${lines.join('\n')}\n`;
}
