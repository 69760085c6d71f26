/**
 * `ubench ab`: measures two bench files in alternating fresh processes and reports the paired
 * change of B against A; `--json` writes the rows (after every pair, so an interrupted run keeps
 * them); `--fail-on-regression` gates on B being slower.
 */
import { visibleText } from '../results/visible-text.js';
import { useColor } from './option-values.js';
import { analyseAb, type AbAnalysis, type AbPair } from '../analysis/ab-pairs.js';
import { regressionMessage, regressions } from '../analysis/regression-gate.js';
import { renderAbReport } from '../report/ab-report.js';
import { abMarkdown } from '../export/ab-markdown.js';
import { abDocument } from '../export/ab-document.js';
import { appendStepSummary, jsonText, reportStream, STDOUT, writeExport, writeJsonOutput } from './export-files.js';
import { writeTextAtomic } from '../results/write-results.js';
import { measuringDeps } from './measuring-deps.js';
import { displayPath } from '../runner/display-path.js';
import { runAb } from '../runner/run-ab.js';
import type { AbCommand } from './ab-args.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK } from './exit-codes.js';

export async function runAbCommand(command: AbCommand, io: CliIo): Promise<number> {
  const report = reportStream(io, [command.jsonPath, command.markdownPath]);
  const color = useColor(command.color, report);
  const labels = { a: displayPath(command.fileA, io.cwd), b: displayPath(command.fileB, io.cwd) };
  const analyse = (pairs: readonly AbPair[]): AbAnalysis => analyseAb(pairs, command.noise, command.metric);
  // A file is rewritten after every pair, so an interrupted run keeps them; stdout gets the last one only.
  const onPair = (pairs: readonly AbPair[]): void => {
    if (command.jsonPath !== null && command.jsonPath !== STDOUT) writeTextAtomic(command.jsonPath, jsonText(abDocument(analyse(pairs), labels, false)));
  };
  const { deps, progress } = measuringDeps(command.quiet, io);
  const outcome = await runAb(command, { ...deps, onPair });
  progress.clear();
  const analysis = analyse(outcome.pairs);
  if (outcome.pairs.length > 0) report.write(renderAbReport(analysis, { color, width: report.columns, labelA: labels.a, labelB: labels.b }));
  if (command.jsonPath !== null) writeJsonOutput(command.jsonPath, abDocument(analysis, labels, !outcome.interrupted && outcome.fileErrors.length === 0), 'ab results', io);
  if (outcome.pairs.length > 0) {
    const markdown = (): string => abMarkdown(analysis, labels);
    if (command.markdownPath !== null) writeExport(command.markdownPath, markdown(), 'markdown', io);
    appendStepSummary(markdown, io);
  }
  for (const e of outcome.fileErrors) io.stderr.write(`ubench: ab: ${visibleText(`${e.file}: ${e.error.message}`)}\n`);
  if (outcome.interrupted) return EXIT_INTERRUPTED;
  const failed = outcome.fileErrors.length > 0 || outcome.pairs.some((p) => [p.a!, p.b!].some((r) => r.benchmarks.some((b) => b.status !== 'ok')));
  if (command.failOnRegression !== null) {
    const slower = regressions(
      analysis.rows.map((r) => ({ ...r, label: r.name })),
      command.failOnRegression,
    );
    if (slower.length > 0) {
      io.stderr.write(`ubench: ${visibleText(regressionMessage(slower, command.failOnRegression, 'benchmark of B'))}\n`);
      return EXIT_FAILURES;
    }
  }
  return failed ? EXIT_FAILURES : EXIT_OK;
}
