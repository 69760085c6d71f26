/**
 * GitHub-flavoured Markdown reports, for pasting a run or a comparison into a pull request, an
 * issue or a CI job summary: the same figures as the terminal report, as GFM tables.
 *
 * Every user-provided string goes through `escapeMarkdown`, so names render as text (never as
 * HTML, links or extra table cells).
 */
import { visibleStrings } from '../results/text/visible-text.js';
import { bytesPerOpText } from '../results/text/bytes-per-op-text.js';
import { runtimeTable, runtimesLegend } from '../report/runtime-table.js';
import { CONFIDENCE, estimateHalfWidth, opsPerSecondOf } from '../results/derived-values.js';
import { groupedName } from '../results/text/grouped-name.js';
import { isChange, verdictText, type CompareRow, type Comparison } from '../analysis/compare-runs.js';
import { formatBytes, formatDuration, formatOpsPerSecond, formatPlusMinusPercent, formatRatio, formatThresholdPercent, MISSING_VALUE_TEXT } from '../results/text/format-units.js';
import { describeRelative } from '../report/relative-text.js';
import { sectionResults } from '../report/result-sections.js';
import type { BenchmarkResult, Environment, ErrorInfo, ResultsFile, Severity } from '../results/types.js';
import { escapeMarkdown } from './markdown-escape.js';
import { pText, signedPercent } from '../report/compare-report.js';
import { hasInstructions, instructionCell } from '../report/instruction-report.js';
import { cliffLines, complexityChangeText, complexityLine, sweepsAmong } from '../report/complexity-text.js';
import type { ComplexityReport } from '../results/complexity-types.js';

/** Characters of the commit hash shown: git's own default abbreviation length. */
const SHORT_COMMIT_LENGTH = 7;
/** Diagnostics named in the table: `info` ones are observations, not problems with the number. */
const LISTED_SEVERITIES: ReadonlySet<Severity> = new Set<Severity>(['warning', 'error']);

export type Align = 'left' | 'right';

/** A GFM table: header row, alignment row, body rows (cells already escaped). */
export function table(header: readonly string[], align: readonly Align[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(align.map((a) => (a === 'right' ? '---:' : ':---'))), ...rows.map(line)];
}

/** `- item` lines under a bold title, or nothing when there are no items. */
export function list(title: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : [`**${title}**`, '', ...items.map((item) => `- ${item}`), ''];
}

function environmentLine(env: Environment): string {
  const version = env.runtimeVersion.replace(/^v/, '');
  const parts = [
    `${escapeMarkdown(env.runtime)} v${escapeMarkdown(version)}`,
    `${escapeMarkdown(env.cpu.model)} (${env.cpu.cores} cores)`,
    `${escapeMarkdown(env.os.platform)} ${escapeMarkdown(env.os.arch)}`,
    `ubench ${escapeMarkdown(env.ubenchVersion)}`,
  ];
  if (env.git !== null) {
    parts.push(`commit ${escapeMarkdown(env.git.commit.slice(0, SHORT_COMMIT_LENGTH))}${env.git.dirty ? ' (dirty)' : ''}`);
  }
  return parts.join(' · ');
}

function errorText(error: ErrorInfo | null, fallback: string): string {
  if (error === null) return escapeMarkdown(fallback);
  const where = error.location === null ? '' : ` (${escapeMarkdown(error.location)})`;
  return `${escapeMarkdown(error.message)}${where}`;
}

function relativeCell(benchmark: BenchmarkResult): string {
  const relative = describeRelative(benchmark);
  if (relative.kind === 'baseline' || relative.kind === 'fastest') return `${formatRatio(1)} (${relative.kind})`;
  return escapeMarkdown(relative.text);
}

function bytesCell(benchmark: BenchmarkResult): string {
  const memory = benchmark.memory;
  if (memory === null) return MISSING_VALUE_TEXT;
  return bytesPerOpText(memory);
}

function diagnosticsCell(benchmark: BenchmarkResult): string {
  return benchmark.diagnostics
    .filter((d) => LISTED_SEVERITIES.has(d.severity))
    .map((d) => escapeMarkdown(d.code))
    .join(', ');
}

function benchmarkRow(benchmark: BenchmarkResult, withBytes: boolean, withInstructions: boolean): string[] {
  const name = escapeMarkdown(benchmark.name);
  const bytes = [...(withBytes ? [bytesCell(benchmark)] : []), ...(withInstructions ? [instructionCell(benchmark)] : [])];
  const estimate = benchmark.estimate;
  if (benchmark.status !== 'ok' || estimate === null) {
    const blank = [MISSING_VALUE_TEXT, MISSING_VALUE_TEXT, MISSING_VALUE_TEXT];
    return [name, `**${benchmark.status}**`, ...blank, ...bytes, diagnosticsCell(benchmark)];
  }
  const halfWidth = estimateHalfWidth(estimate);
  const opsPerSecond = opsPerSecondOf(benchmark.stats, estimate);
  return [name, formatDuration(estimate.nsPerOp), formatPlusMinusPercent(halfWidth), formatOpsPerSecond(opsPerSecond), relativeCell(benchmark), ...bytes, diagnosticsCell(benchmark)];
}

/** Confidence level of the group's intervals as a header (`95% CI`). */
function ciHeader(benchmarks: readonly BenchmarkResult[]): string {
  const level = benchmarks.find((b) => b.estimate !== null)?.estimate?.confidence ?? CONFIDENCE;
  return `${+(level * 100).toFixed(1)}% CI`;
}

/** The fits and cliffs of the sweeps among these benchmarks, as the terminal says them under the group. */
function sweepItems(benchmarks: readonly BenchmarkResult[], complexity: ComplexityReport | undefined): string[] {
  return sweepsAmong(benchmarks, complexity).flatMap((g) => [
    escapeMarkdown(complexityLine(g, complexity?.caches ?? null)),
    ...cliffLines(g, complexity?.caches ?? null).map((cliff) => `⚠ ${escapeMarkdown(cliff)}`),
  ]);
}

function groupLines(file: string, group: string | null, benchmarks: readonly BenchmarkResult[], complexity?: ComplexityReport): string[] {
  const heading = group === null ? escapeMarkdown(file) : `${escapeMarkdown(file)} — ${escapeMarkdown(group)}`;
  const withBytes = benchmarks.some((b) => b.memory !== null);
  const withInstructions = hasInstructions(benchmarks);
  const extra = [...(withBytes ? ['bytes/op'] : []), ...(withInstructions ? ['instr/op'] : [])];
  const header = ['benchmark', 'time/op', ciHeader(benchmarks), 'ops/s', 'relative', ...extra, 'diagnostics'];
  const align: Align[] = ['left', 'right', 'right', 'right', 'left', ...extra.map(() => 'right' as const), 'left'];
  const failures = benchmarks
    .filter((b) => b.status !== 'ok')
    .map((b) => `**${escapeMarkdown(b.name)}** (${b.status}): ${errorText(b.error, b.status === 'timeout' ? 'timed out' : 'failed (no error details recorded)')}`);
  return [
    `## ${heading}`,
    '',
    ...table(
      header,
      align,
      benchmarks.map((b) => benchmarkRow(b, withBytes, withInstructions)),
    ),
    '',
    ...list('Complexity', sweepItems(benchmarks, complexity)),
    ...list('Failed', failures),
  ];
}

/**
 * A run as GitHub-flavoured Markdown: a heading, the environment (runtime, CPU, ubench version,
 * commit), then one table per file and group with time/op, the CI's relative half-width, ops/s,
 * speed relative to the group's reference, bytes/op (when measured) and the codes of warning and
 * error diagnostics, with the complexity fit and cliffs of each sweep under its table. Failed benchmarks are rows with their status and listed with their error
 * under the table; files that failed to load are listed at the end. An incomplete run says so.
 */
export function resultsMarkdown(results: ResultsFile): string {
  return resultsMarkdownVisible(visibleStrings(results));
}

function resultsMarkdownVisible(results: ResultsFile): string {
  const lines = ['# ubench results', '', environmentLine(results.environment), ''];
  if (!results.complete) lines.push('> **Incomplete run:** it was interrupted or is still running; the results below are partial.', '');
  for (const section of sectionResults(results)) {
    for (const group of section.groups) lines.push(...groupLines(section.file, group.group, group.benchmarks, results.complexity));
  }
  if (results.benchmarks.length === 0) lines.push('No benchmark results.', '');
  lines.push(...runtimeLines(results));
  const fileErrors = results.fileErrors.map((f) => `**${escapeMarkdown(f.file)}**: ${errorText(f.error, 'failed to load')}`);
  lines.push(...list('Files that failed to load', fileErrors));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Several runtimes: one table per file, a column per runtime, each after the first with its ratio to the first. */
function runtimeLines(results: ResultsFile): string[] {
  const side = runtimeTable(results);
  if (side === null) return [];
  const first = side.runtimes[0]!.label;
  const lines = [
    '## Runtimes side by side',
    '',
    `Time per operation ±95% CI; after ${escapeMarkdown(first)}, time relative to ${escapeMarkdown(first)} (below 1× is faster) with its 95% CI. ${escapeMarkdown(runtimesLegend(side.runtimes))}.`,
    '',
  ];
  for (const file of [...new Set(side.rows.map((r) => r.file))]) {
    lines.push(`### ${escapeMarkdown(file)}`, '');
    const rows = side.rows
      .filter((r) => r.file === file)
      .map((r) => [escapeMarkdown(r.group === null ? r.name : `${r.group} / ${r.name}`), ...r.cells.map((c) => escapeMarkdown(c.ratio === null ? c.estimate : `${c.estimate} · ${c.ratio}`))]);
    lines.push(...table(['benchmark', ...side.runtimes.map((r) => escapeMarkdown(r.label))], ['left', ...side.runtimes.map(() => 'right' as const)], rows), '');
  }
  return lines;
}

/** A p-value as the terminal shows it, escaped (`<0.0001` would open an HTML tag). */
function pCell(p: number): string {
  return escapeMarkdown(pText(p));
}

/** Benchmark names as `group/name`, prefixed with the file when the rows span several files. */
function labeller(rows: readonly CompareRow[]): (row: CompareRow) => string {
  const files = new Set(rows.map((r) => r.file));
  return (row) => {
    const name = groupedName(row);
    return escapeMarkdown(files.size > 1 ? `${row.file}#${name}` : name);
  };
}

function verdictCell(row: CompareRow): string {
  return isChange(row.verdict) ? `**${row.verdict}**` : verdictText(row.verdict);
}

function compareRows(comparison: Comparison, label: (row: CompareRow) => string): string[][] {
  const rows = comparison.rows.map((row) => [
    label(row),
    formatDuration(row.base.nsPerOp),
    formatDuration(row.new.nsPerOp),
    `${signedPercent(row.change)} [${signedPercent(row.ciLower)}, ${signedPercent(row.ciUpper)}]`,
    pCell(row.pValue),
    verdictCell(row),
  ]);
  if (comparison.geomean !== null && comparison.rows.length > 1) rows.push(['*geomean*', '', '', signedPercent(comparison.geomean.change), '', '']);
  return rows;
}

function bytesChangeItems(rows: readonly CompareRow[], label: (row: CompareRow) => string): string[] {
  return rows.flatMap((row) => {
    const b = row.bytes;
    if (b === null || !b.differs) return [];
    return [`${label(row)}: ${formatBytes(b.base)} → ${formatBytes(b.new)} (${b.difference > 0 ? '+' : '−'}${formatBytes(Math.abs(b.difference))})`];
  });
}

/**
 * A comparison of two runs (`compareRuns`) as GitHub-flavoured Markdown: one row per benchmark
 * with both estimates, the change and its CI, the p-value and the verdict (**slower** /
 * **faster** / `~`), a geomean row when there is more than one row; then the warnings, bytes/op
 * changes, benchmarks in only one run or not comparable, and the notes. `labels` name the runs.
 */
export function comparisonMarkdown(comparison: Comparison, labels: { base: string; new: string }): string {
  return comparisonMarkdownVisible(visibleStrings(comparison), visibleStrings(labels));
}

function comparisonMarkdownVisible(comparison: Comparison, labels: { base: string; new: string }): string {
  const label = labeller(comparison.rows);
  const level = +(comparison.confidence * 100).toFixed(1);
  const lines = [
    `# ubench compare: ${escapeMarkdown(labels.base)} → ${escapeMarkdown(labels.new)}`,
    '',
    `Mann–Whitney U, p &lt; ${comparison.alpha}; a change is called when its ${level}% CI lies beyond ±${formatThresholdPercent(comparison.noise)}.`,
    '',
  ];
  if (comparison.rows.length === 0) lines.push('No benchmark was measured in both runs.', '');
  else
    lines.push(
      ...table(
        ['benchmark', escapeMarkdown(labels.base), escapeMarkdown(labels.new), `change [${level}% CI]`, 'p', 'verdict'],
        ['left', 'right', 'right', 'right', 'right', 'left'],
        compareRows(comparison, label),
      ),
      '',
    );
  const escapedIds = (ids: readonly string[]): string[] => ids.map(escapeMarkdown);
  lines.push(
    ...list(
      'Warnings',
      comparison.rows.flatMap((row) => (row.warning === null ? [] : [`${label(row)}: ${escapeMarkdown(row.warning)}`])),
    ),
    ...list('bytes/op changed', bytesChangeItems(comparison.rows, label)),
    ...list(
      'Growth law changed',
      (comparison.complexity ?? []).map((change) => escapeMarkdown(complexityChangeText(change))),
    ),
    ...list(`Only in the base run (${comparison.onlyInBase.length})`, escapedIds(comparison.onlyInBase)),
    ...list(`Only in the new run (${comparison.onlyInNew.length})`, escapedIds(comparison.onlyInNew)),
    ...list(
      'Not compared',
      comparison.skipped.map((s) => `${escapeMarkdown(s.id)}: ${escapeMarkdown(s.reason)}`),
    ),
    ...list('Notes', comparison.notes.map(escapeMarkdown)),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}
