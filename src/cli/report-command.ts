/**
 * `ubench report <results|probe.json> [--compare <base>] --html <out.html|->`: the HTML report of a
 * saved results file (with a comparison against a base run) or of a probe document. The same page
 * comes from `--html` on a run.
 */
import { compareRuns, DEFAULT_NOISE } from '../analysis/compare-runs.js';
import { renderProbePage } from '../html/probe-page.js';
import { renderResultsPage, type ResultsPageOptions } from '../html/results-page.js';
import { checkProbeDocument, isProbeDocument } from '../probe/read-probe-document.js';
import { readJson, readResults, resultsFromJson } from '../results/read-results.js';
import { displayPath } from '../runner/display-path.js';
import type { CliIo } from './cli.js';
import { EXIT_OK } from './exit-codes.js';
import { outputTarget, writeExport } from './export-files.js';
import { baselineFile, integer, parseOptions, percent } from './option-values.js';
import { UsageError } from './usage-error.js';
import { DEFAULT_COMPARE_SEED } from './compare-args.js';

export interface ReportCommand {
  command: 'report';
  inputPath: string;
  comparePath: string | null;
  htmlPath: string;
  noise: number;
  seed: number;
}

export function parseReportCommand(argv: readonly string[], cwd: string): ReportCommand {
  const { values, positionals } = parseOptions(argv, {
    html: { type: 'string' },
    compare: { type: 'string' },
    noise: { type: 'string' },
    seed: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`report: expected one results file, baseline name or probe document, got ${positionals.length}`);
  if (values.html === undefined) throw new UsageError('report: --html <file> is required (- for stdout)');
  return {
    command: 'report',
    inputPath: baselineFile(positionals[0]!, cwd, 'report'),
    comparePath: values.compare === undefined ? null : baselineFile(values.compare, cwd, '--compare'),
    htmlPath: outputTarget(values.html, cwd),
    noise: values.noise === undefined ? DEFAULT_NOISE : percent(values.noise, '--noise'),
    seed: integer(values.seed, '--seed', DEFAULT_COMPARE_SEED),
  };
}

/** What the "written to" line calls the page: `HTML report (312 KiB)`. */
export function htmlReportLabel(page: string): string {
  return `HTML report (${Math.round(Buffer.byteLength(page) / 1024)} KiB)`;
}

export function runReport(command: ReportCommand, io: CliIo): number {
  const value = readJson(command.inputPath, 'file');
  const label = displayPath(command.inputPath, io.cwd);
  let page: string;
  if (isProbeDocument(value)) {
    if (command.comparePath !== null) throw new UsageError('report: --compare applies to results files, not to a probe document');
    page = renderProbePage(checkProbeDocument(command.inputPath, value));
  } else {
    const results = resultsFromJson(command.inputPath, value);
    const compare: ResultsPageOptions['compare'] = command.comparePath === null ? undefined : {
      comparison: compareRuns(readResults(command.comparePath), results, { noise: command.noise, seed: command.seed }),
      baseLabel: displayPath(command.comparePath, io.cwd),
    };
    page = renderResultsPage(results, compare === undefined ? { label } : { label, compare });
  }
  writeExport(command.htmlPath, page, htmlReportLabel(page), io);
  return EXIT_OK;
}
