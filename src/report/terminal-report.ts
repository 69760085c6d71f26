/**
 * The human-readable report printed at the end of a run.
 *
 * It reads only the `ResultsFile`, so it renders a saved file exactly as it rendered the live run.
 * Layout: one section per bench file (heading, one table per group, failures, complexity fits and
 * diagnostics under each table, a loop-floor footnote), then a note if the run was interrupted.
 */

import { visibleStrings } from '../results/text/visible-text.js';
import { bytesPerOpText } from '../results/text/bytes-per-op-text.js';
import { hostLine, hostOffUsual } from './host-line.js';
import pc from 'picocolors';
import { isSampleNote, sampleNotesText } from './sample-notes.js';
import type { BenchmarkResult, Diagnostic, ResultsFile, Severity } from '../results/types.js';
import { MISSING_VALUE_TEXT, formatDuration, formatOpsPerSecond, formatPlusMinusPercent } from '../results/text/format-units.js';
import { memoryPassLines } from './memory-report.js';
import { estimateHalfWidth, opsPerSecondOf } from '../results/derived-values.js';
import { profilePassLines } from './profile-report.js';
import { hasInstructions, instructionCell, instructionPassLines } from './instruction-report.js';
import { describeRelative } from './relative-text.js';
import { sectionResults, type FileSection, type GroupSection } from './result-sections.js';
import { renderTable, type TableCell, type TableColumn } from './text-table.js';
import { runtimeTable, runtimesLegend } from './runtime-table.js';
import { unavailableOn } from '../results/runtime-capabilities.js';
import { passFlagsNotOn } from '../runner/passes/pass-registry.js';
import { runtimeDisplay } from '../results/runtime-identity.js';
import type { ComplexityReport } from '../results/complexity-types.js';
import { cliffLines, complexityLine, sweepsAmong } from './complexity-text.js';

export interface TerminalReportOptions {
  /** Emit ANSI colour codes. */
  color: boolean;
  /** Terminal width in columns; when set, benchmark names are shortened so tables fit. */
  width?: number;
}

type Colors = ReturnType<typeof pc.createColors>;

// One indentation step: file contents sit one step in, a named group's table two steps.
const INDENT_STEP = '  ';
// Names are cut no shorter than this to fit the width; beyond that the table is allowed to wrap.
const MIN_NAME_WIDTH = 12;

const FAILURE_MARK = '✖';
/** Marks a sweep's fitted growth law under its group's table. */
const COMPLEXITY_MARK = '∿';
const SEVERITY_MARK: Record<Severity, string> = { error: '✖', warning: '⚠', info: 'ℹ' };

const COLUMNS: readonly TableColumn[] = [
  { align: 'left', shrinkable: true, minWidth: MIN_NAME_WIDTH }, // name
  { align: 'right' }, // time/op
  { align: 'right' }, // ± (relative CI half-width)
  { align: 'right' }, // p75
  { align: 'right' }, // p99
  { align: 'right' }, // ops/s
  { align: 'right' }, // B/op
  { align: 'right' }, // samples
  { align: 'left' }, // relative
];
/** The time/op cell of a spread manual loop whose per-operation slope the fixed cost swamps. */
export const CANNOT_TELL_TEXT = 'cannot tell';
const HEADER_LABELS = ['benchmark', 'time/op', '±', 'p75', 'p99', 'ops/s', 'B/op', 'samples', 'relative'];

/** Where the `instr/op` column goes when a file's benchmarks were counted (`--instructions`): after B/op. */
const INSTRUCTION_COLUMN_AT = HEADER_LABELS.indexOf('B/op') + 1;

function withInstructionColumn<T>(cells: readonly T[], cell: T, shown: boolean): T[] {
  return shown ? [...cells.slice(0, INSTRUCTION_COLUMN_AT), cell, ...cells.slice(INSTRUCTION_COLUMN_AT)] : [...cells];
}

function headerRow(c: Colors, instructions: boolean): TableCell[] {
  return withInstructionColumn(HEADER_LABELS, 'instr/op', instructions).map((text) => ({ text, paint: c.dim }));
}

function dashCells(count: number): TableCell[] {
  return Array.from({ length: count }, () => ({ text: MISSING_VALUE_TEXT }));
}

function failedRow(benchmark: BenchmarkResult, c: Colors): TableCell[] {
  const status = benchmark.status === 'timeout' ? 'timeout' : 'error';
  return [{ text: benchmark.name, paint: c.bold }, { text: status, paint: c.red }, ...dashCells(COLUMNS.length - 2)];
}

function measuredRow(benchmark: BenchmarkResult, c: Colors): TableCell[] {
  const { estimate, stats } = benchmark;
  const name: TableCell = { text: benchmark.name, paint: c.bold };
  if (estimate === null) return [name, ...dashCells(COLUMNS.length - 1)];

  const halfWidth = estimateHalfWidth(estimate);
  const opsPerSecond = opsPerSecondOf(stats, estimate);
  const sampleCount = stats !== null ? stats.sampleCount : benchmark.samples.length;
  const relative = describeRelative(benchmark);
  const isReference = relative.kind === 'baseline' || relative.kind === 'fastest';
  const spread = benchmark.fixedCost;
  return [
    name,
    // A spread manual loop whose slope is not told from 0 has no per-operation figure to show.
    benchmark.fixedCost?.separated === false ? { text: CANNOT_TELL_TEXT, paint: c.yellow } : { text: formatDuration(estimate.nsPerOp) },
    { text: benchmark.fixedCost?.separated === false ? MISSING_VALUE_TEXT : formatPlusMinusPercent(halfWidth), paint: c.dim },
    // Spread samples' ns/op differ by design (their counts span 64×): their percentiles say nothing of an operation.
    { text: stats !== null && spread === undefined ? formatDuration(stats.p75) : MISSING_VALUE_TEXT },
    { text: stats !== null && spread === undefined ? formatDuration(stats.p99) : MISSING_VALUE_TEXT },
    { text: formatOpsPerSecond(opsPerSecond) },
    { text: bytesText(benchmark) },
    { text: String(sampleCount) },
    isReference ? { text: relative.text, paint: c.green } : { text: relative.text },
  ];
}

/** Heap bytes per operation, with off-heap ArrayBuffer bytes added when there are any. */
function bytesText(benchmark: BenchmarkResult): string {
  const memory = benchmark.memory;
  if (memory === null) return MISSING_VALUE_TEXT;
  return bytesPerOpText(memory);
}

function withLocation(message: string, location: string | null, c: Colors): string {
  return location === null ? message : `${message} ${c.dim(`(${location})`)}`;
}

function failureLines(benchmarks: readonly BenchmarkResult[], indent: string, c: Colors): string[] {
  const lines: string[] = [];
  for (const benchmark of benchmarks) {
    if (benchmark.status === 'ok') continue;
    const fallback = benchmark.status === 'timeout' ? 'timed out' : 'failed (no error details recorded)';
    const message = benchmark.error?.message ?? fallback;
    const location = benchmark.error?.location ?? null;
    lines.push(`${indent}${c.red(FAILURE_MARK)} ${c.bold(benchmark.name)}: ${withLocation(c.red(message), location, c)}`);
  }
  return lines;
}

function paintSeverity(severity: Severity, c: Colors): (text: string) => string {
  if (severity === 'error') return c.red;
  if (severity === 'warning') return c.yellow;
  return c.dim;
}

function diagnosticLines(benchmark: BenchmarkResult, diagnostic: Diagnostic, indent: string, c: Colors): string[] {
  const paint = paintSeverity(diagnostic.severity, c);
  const lines = [`${indent}${paint(`${SEVERITY_MARK[diagnostic.severity]} ${benchmark.name}: ${diagnostic.message}`)}`];
  if (diagnostic.hint !== '') lines.push(`${indent}${INDENT_STEP}${c.dim(`hint: ${diagnostic.hint}`)}`);
  return lines;
}

/** The complexity fits and cliffs of the section's sweeps, one line each. */
function sweepLines(section: GroupSection, complexity: ComplexityReport | undefined, indent: string, c: Colors): string[] {
  const lines: string[] = [];
  for (const group of sweepsAmong(section.benchmarks, complexity)) {
    const paint = group.status === 'clear' ? c.cyan : c.yellow;
    lines.push(`${indent}${paint(`${COMPLEXITY_MARK} ${complexityLine(group, complexity?.caches ?? null)}`)}`);
    for (const cliff of cliffLines(group, complexity?.caches ?? null)) lines.push(`${indent}${c.yellow(`${SEVERITY_MARK.warning} ${cliff}`)}`);
  }
  return lines;
}

function groupLines(section: GroupSection, indent: string, options: TerminalReportOptions, c: Colors, complexity?: ComplexityReport): string[] {
  const lines: string[] = [];
  let tableIndent = indent;
  if (section.group !== null) {
    lines.push(`${indent}${c.bold(c.cyan(section.group))}`);
    tableIndent = indent + INDENT_STEP;
  }
  const counted = hasInstructions(section.benchmarks);
  const row = (b: BenchmarkResult): TableCell[] => withInstructionColumn(b.status === 'ok' ? measuredRow(b, c) : failedRow(b, c), { text: instructionCell(b) }, counted);
  const rows = [headerRow(c, counted), ...section.benchmarks.map(row)];
  const tableOptions = { indent: tableIndent, maxWidth: options.width };
  lines.push(...renderTable(rows, withInstructionColumn(COLUMNS, { align: 'right' }, counted), tableOptions));
  lines.push(...failureLines(section.benchmarks, tableIndent, c));
  lines.push(...sweepLines(section, complexity, tableIndent, c));
  for (const benchmark of section.benchmarks) {
    for (const diagnostic of benchmark.diagnostics) {
      if (!isSampleNote(diagnostic)) lines.push(...diagnosticLines(benchmark, diagnostic, tableIndent, c));
    }
  }
  const notes = sampleNotesText(section.benchmarks);
  if (notes !== null) lines.push(`${tableIndent}${c.dim(`${SEVERITY_MARK.info} about the samples (details in the results file): ${notes}`)}`);
  return lines;
}

/** `loop floor: 392 ps/op (not subtracted)`, or a range when the file's benchmarks differ; null if unknown. */
function loopFloorNote(section: FileSection): string | null {
  const floors = section.benchmarks.filter((b) => b.status === 'ok' && b.floorNsPerOp !== null && Number.isFinite(b.floorNsPerOp)).map((b) => b.floorNsPerOp as number);
  if (floors.length === 0) return null;
  const low = formatDuration(Math.min(...floors));
  const high = formatDuration(Math.max(...floors));
  const range = low === high ? `${low}/op` : `${low}/op to ${high}/op`;
  return `loop floor: ${range} (not subtracted)`;
}

/** `· Bun 1.4.5 (JavaScriptCore)` after the file name, when a runtime other than Node ran it. */
function runtimeHeading(section: FileSection, shown: boolean, c: Colors): string {
  if (section.runtime === null || !shown) return '';
  return c.dim(` · ${runtimeDisplay(section.runtime)} (${section.runtime.engine})`);
}

/** What the section's runtime could not measure, once per section. */
function unavailableLines(section: FileSection, c: Colors): string[] {
  if (section.runtime === null) return [];
  return unavailableOn(section.runtime.name, passFlagsNotOn(section.runtime.name)).map((u) => `${INDENT_STEP}${c.dim(`${u.figure}: not available on ${section.runtime!.label} (${u.why})`)}`);
}

function fileLines(section: FileSection, options: TerminalReportOptions, c: Colors, showRuntime: boolean, complexity?: ComplexityReport): string[] {
  const lines = [`${c.bold(c.underline(section.file))}${runtimeHeading(section, showRuntime, c)}`];
  for (const fileError of section.fileErrors) {
    const { message, location } = fileError.error;
    lines.push(`${INDENT_STEP}${withLocation(c.red(`${FAILURE_MARK} could not load ${section.file}: ${message}`), location, c)}`);
  }
  section.groups.forEach((group, index) => {
    if (index > 0 || section.fileErrors.length > 0) lines.push('');
    lines.push(...groupLines(group, INDENT_STEP, options, c, complexity));
  });
  lines.push(...memoryPassLines(section.benchmarks, INDENT_STEP, options.width, c));
  lines.push(...profilePassLines(section.benchmarks, INDENT_STEP, c));
  lines.push(...instructionPassLines(section.benchmarks, INDENT_STEP, c));
  const floor = loopFloorNote(section);
  const missing = section.benchmarks.length > 0 ? unavailableLines(section, c) : [];
  if (floor !== null || missing.length > 0) lines.push('');
  if (floor !== null) lines.push(`${INDENT_STEP}${c.dim(floor)}`);
  lines.push(...missing);
  return lines;
}

/** The side-by-side table of several runtimes, one table per bench file. */
function runtimeTableLines(results: ResultsFile, options: TerminalReportOptions, c: Colors): string[] {
  const table = runtimeTable(results);
  if (table === null) return [];
  const first = table.runtimes[0]!.label;
  const lines = [
    c.bold(c.underline('runtimes side by side')),
    `${INDENT_STEP}${c.dim(`time per operation ±95% CI; after ${first}, time relative to ${first} (< 1× is faster) with its 95% CI`)}`,
    `${INDENT_STEP}${c.dim(runtimesLegend(table.runtimes))}`,
  ];
  const columns: TableColumn[] = [{ align: 'left', shrinkable: true, minWidth: MIN_NAME_WIDTH }, ...table.runtimes.map(() => ({ align: 'right' as const }))];
  const sections = [...new Set(table.rows.map((r) => JSON.stringify([r.file, r.group])))].map((key) => JSON.parse(key) as [string, string | null]);
  let lastFile: string | null = null;
  for (const [file, group] of sections) {
    if (file !== lastFile) lines.push('', `${INDENT_STEP}${c.bold(file)}`);
    lastFile = file;
    if (group !== null) lines.push(`${INDENT_STEP}${INDENT_STEP}${c.bold(c.cyan(group))}`);
    const header: TableCell[] = [{ text: 'benchmark', paint: c.dim }, ...table.runtimes.map((r) => ({ text: r.label, paint: c.dim }))];
    const rows: TableCell[][] = [header];
    for (const row of table.rows.filter((r) => r.file === file && r.group === group)) {
      rows.push([
        { text: row.name, paint: c.bold },
        ...row.cells.map((cell) => {
          const paint = cell.ratioKind === 'faster' ? c.green : cell.ratioKind === 'slower' ? c.yellow : undefined;
          return { text: cell.ratio === null ? cell.estimate : `${cell.estimate}  ${cell.ratio}`, ...(paint === undefined ? {} : { paint }) };
        }),
      ]);
    }
    lines.push(...renderTable(rows, columns, { indent: INDENT_STEP.repeat(group === null ? 2 : 3), maxWidth: options.width }));
  }
  return lines;
}

/** What a `--quick` run left out, under its report. */
export const QUICK_NOTE =
  "quick run (--quick): time and bytes/op only; the setup and state probes, the GC share apart, the retention and leak checks and the automatic passes did not run, and the tests of the samples' shape need 30 samples where --quick may stop at 15, so no finding that needs them can appear";

/**
 * Under a report with an interval of one process's samples: a reader takes a CI for where the next
 * run will land, and another process of the same code lands outside it more often than not
 * (docs/measuring.md: 3–5 of 14 inside, run against run).
 */
export const WITHIN_PROCESS_NOTE =
  '± and CI: of the samples of one process; another run of the same code often lands outside them (--forks 5 measures across processes; compare and ab judge changes against that spread)';

/** Renders the whole results file as terminal text (ends with a newline). */
export function renderTerminalReport(results: ResultsFile, options: TerminalReportOptions): string {
  return renderTerminalReportVisible(visibleStrings(results), visibleStrings(options));
}

function renderTerminalReportVisible(results: ResultsFile, options: TerminalReportOptions): string {
  const c = pc.createColors(options.color);
  const sections = sectionResults(results);
  const lines: string[] = [];
  if (sections.length === 0) lines.push(c.dim('no benchmarks ran'));
  // The runtime is named when it is not the Node that runs ubench's reports by default, or when several ran.
  const showRuntime = (results.runtimes?.length ?? 0) > 1 || (results.runtimes?.[0]?.name !== undefined && results.runtimes[0].name !== 'node');
  sections.forEach((section, index) => {
    if (index > 0) lines.push('');
    lines.push(...fileLines(section, options, c, showRuntime, results.complexity));
  });
  const sideBySide = runtimeTableLines(results, options, c);
  if (sideBySide.length > 0) lines.push('', ...sideBySide);
  const host = hostLine(results.host ?? null, results.benchmarks);
  if (host !== null) lines.push('', hostOffUsual(results.host ?? null) ? c.yellow(host) : c.dim(host));
  if (results.benchmarks.some((b) => b.status === 'ok' && b.estimate?.method === 'median-order-statistics')) lines.push('', c.dim(WITHIN_PROCESS_NOTE));
  if (results.settings?.quick === true) lines.push('', c.dim(QUICK_NOTE));
  if (results.merged !== undefined) {
    const { runs, machines } = results.merged;
    const shards = new Set(runs.flatMap((r) => (r.shard === null ? [] : [`${r.shard.index}/${r.shard.count}`]))).size;
    const text = `merged: ${runs.length} run${runs.length === 1 ? '' : 's'}${shards > 0 ? ` (${shards} shard${shards === 1 ? '' : 's'})` : ''} on ${machines.length} machine${machines.length === 1 ? '' : 's'}${machines.length > 1 ? ` (${machines.map((m) => m.id).join(', ')}): a benchmark's processes pooled only within one` : ''}`;
    lines.push('', machines.length > 1 ? c.yellow(text) : c.dim(text));
  }
  if (!results.complete) {
    lines.push('', c.yellow(`${SEVERITY_MARK.warning} run interrupted: results are partial`));
  }
  return `${lines.join('\n')}\n`;
}
