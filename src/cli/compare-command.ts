/**
 * `ubench compare`: reads two results files, compares them, prints the table and, with `--json`,
 * writes the rows for CI tools (`--markdown`, `--csv`, `--html`: the same comparison as a document).
 */
import { visibleText } from '../results/text/visible-text.js';
import { useColor } from './option-values.js';
import { displayPath } from '../runner/display-path.js';
import { compareRuns, type CompareMetric, type Comparison } from '../analysis/compare-runs.js';
import { renderCompareReport } from '../report/compare-report.js';
import { readAnalysed } from '../analysis/read-analysed.js';
import { withEstimatesNow } from '../analysis/derive-from-samples.js';
import type { CompareCommand } from './compare-args.js';
import { regressionMessage, slowerRows, undecidedMessage, undecidedRows } from '../analysis/regression-gate.js';
import type { Explanation, ResultsFile } from '../results/types.js';
import path from 'node:path';
import { readHistory, RUNS_DIR } from '../results/files/history-folder.js';
import { UsageError } from '../runner/usage-error.js';
import { comparisonMarkdown } from '../export/markdown-export.js';
import { comparisonCsv } from '../export/csv-export.js';
import { compareDocument } from '../export/compare-document.js';
import { renderComparePage } from '../html/compare-page.js';
import { htmlReportLabel } from './report-command.js';
import pc from 'picocolors';
import { explainComparison } from '../analysis/explain/explain-comparison.js';
import { renderExplanations } from '../report/explain-report.js';
import { explanationsMarkdown } from '../export/explain-markdown.js';
import { appendStepSummary, reportStream, writeExport, writeJsonOutput } from './export-files.js';

interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * The kept runs of the working directory's history (`.ubench/runs/`), each single-process estimate
 * derived as this version derives it: each benchmark's band is learned from them (unreadable ones
 * are left out).
 */
function keptRuns(cwd: string, seed: number): ResultsFile[] {
  return readHistory(path.resolve(cwd, RUNS_DIR)).runs.map((r) => withEstimatesNow(r.results, seed));
}

export function runCompare(command: CompareCommand, io: Io): number {
  const base = readAnalysed(command.basePath);
  const next = readAnalysed(command.newPath);
  const comparison = compareRuns(base, next, { noise: command.noise, seed: command.seed, metric: command.metric, history: keptRuns(io.cwd, command.seed) });
  const baseLabel = displayPath(command.basePath, io.cwd);
  const newLabel = displayPath(command.newPath, io.cwd);
  if (comparison.rows.length === 0 && comparison.skipped.length === 0) {
    throw new UsageError(`compare: ${baseLabel} and ${newLabel} have no benchmarks in common`);
  }
  const report = reportStream(io, [command.jsonPath, command.markdownPath, command.csvPath, command.htmlPath]);
  const color = useColor(command.color, report);
  report.write(renderCompareReport(comparison, { color, width: report.columns, baseLabel, newLabel }));
  const explanations = command.explain ? explainComparison(comparison, base, next) : null;
  if (explanations !== null) report.write(renderExplanations(explanations, pc.createColors(color)));
  if (command.jsonPath !== null) writeJsonOutput(command.jsonPath, compareDocument(comparison, baseLabel, newLabel, explanations), 'comparison', io);
  const markdown = (): string => comparisonMarkdown(comparison, { base: baseLabel, new: newLabel }) + explanationsMarkdown(explanations ?? []);
  if (command.markdownPath !== null) writeExport(command.markdownPath, markdown(), 'markdown', io);
  if (command.csvPath !== null) writeExport(command.csvPath, comparisonCsv(comparison), 'csv', io);
  if (command.htmlPath !== null) {
    const page = renderComparePage(comparison, { base: baseLabel, new: newLabel }, explanations);
    writeExport(command.htmlPath, page, htmlReportLabel(page), io);
  }
  appendStepSummary(markdown, io);
  return gate(comparison, command.failOnRegression, io);
}

/** Exit code of the CI gate: 1 with a message naming the regressions, else 0. */
export function gate(comparison: Comparison, threshold: number | null, io: Pick<Io, 'stderr'>): number {
  if (threshold === null) return 0;
  const unsure = undecidedRows(comparison, threshold);
  if (unsure.length > 0) io.stderr.write(`ubench: ${visibleText(undecidedMessage(unsure, threshold))}\n`);
  const slower = slowerRows(comparison, threshold);
  if (slower.length === 0) return 0;
  io.stderr.write(`ubench: ${visibleText(regressionMessage(slower, threshold))}\n`);
  return 1;
}

/** `ubench --compare <file>`: the comparison of a finished run against a saved one, the gate, and its Markdown (for the job summary). */
export function compareAfterRun(
  results: ResultsFile,
  base: ResultsFile,
  options: { basePath: string; noise: number; seed: number; failOnRegression: number | null; color: boolean; metric: CompareMetric; explain?: boolean },
  io: Io,
): { code: number; markdown: () => string; comparison: Comparison; baseLabel: string; explanations: Explanation[] | null } {
  const comparison = compareRuns(base, results, { noise: options.noise, seed: options.seed, metric: options.metric, history: keptRuns(io.cwd, options.seed) });
  const baseLabel = displayPath(options.basePath, io.cwd);
  io.stdout.write(`\n${renderCompareReport(comparison, { color: options.color, width: io.stdout.columns, baseLabel, newLabel: 'this run' })}`);
  const explanations = options.explain === true ? explainComparison(comparison, base, results) : null;
  io.stdout.write(renderExplanations(explanations ?? [], pc.createColors(options.color)));
  const markdown = (): string => comparisonMarkdown(comparison, { base: baseLabel, new: 'this run' }) + explanationsMarkdown(explanations ?? []);
  return { code: gate(comparison, options.failOnRegression, io), markdown, comparison, baseLabel, explanations };
}
