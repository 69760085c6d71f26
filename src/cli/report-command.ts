/**
 * `ubench report <results|probe.json> [--compare <base> [--explain]] [--html <out.html|->] [--as-recorded]`:
 * the report of a saved results file, analysed by today's rules — the terminal table and
 * diagnostics, or with `--html` the HTML page (with a comparison against a base run, and with
 * `--explain` why each change called happened) — or the HTML page of a probe document.
 * `--as-recorded` shows the analysis the file was written with.
 */
import { compareRuns, DEFAULT_NOISE } from '../analysis/compare-runs.js';
import { explainComparison } from '../analysis/explain/explain-comparison.js';
import type { ResultsFile } from '../results/types.js';
import { renderProbePage } from '../html/probe-page.js';
import { renderResultsPage, type ResultsPageOptions } from '../html/results-page.js';
import { checkProbeDocument, isProbeDocument } from '../probe/read-probe-document.js';
import { readJson, resultsFromJson } from '../results/files/read-results.js';
import { analysedNow, readAnalysed } from '../analysis/read-analysed.js';
import { renderTerminalReport } from '../report/terminal-report.js';
import { displayPath } from '../runner/display-path.js';
import type { CliIo } from './cli-io.js';
import { EXIT_OK } from './exit-codes.js';
import { outputTarget, writeExport } from './export-files.js';
import { baselineFile, colorChoice, integer, parseOptions, percent, useColor } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';
import { DEFAULT_COMPARE_SEED } from './compare-args.js';

export interface ReportCommand {
  command: 'report';
  inputPath: string;
  comparePath: string | null;
  /** With `--compare`: why each change called happened, from the evidence both files carry. */
  explain: boolean;
  /** Where the HTML page goes; null: the terminal report on stdout. */
  htmlPath: string | null;
  noise: number;
  seed: number;
  /** Show the analysis the file was written with rather than today's. */
  asRecorded: boolean;
  color: boolean | null;
}

/** `ubench report`'s flags, usage and help. */
export const REPORT_SPEC = {
  name: 'report',
  summary: "print a saved run's report again, analysed by this version's rules, or its HTML page",
  synopsis: 'ubench report <results|baseline|probe.json> [options]',
  usage: ['ubench report <results|baseline|probe.json> [--html <file> [--compare <base> [--explain]]] [--as-recorded]'],
  about: [
    "Prints the report of a saved results file, analysed by this version's rules (every command",
    "re-analyses what it reads; --as-recorded shows the file's own analysis); with --html it writes",
    'the HTML report instead (with --compare, its comparison with a base run, and with --explain why',
    'each change called happened, from the evidence both files carry), also of a probe document',
    '(ubench probe --json); - for stdout.',
  ],
  options: {
    html: { type: 'string', value: '<file>', help: ['write the HTML report instead (- for stdout)'] },
    compare: { type: 'string', value: '<base>', help: ['with --html: the comparison with a base run (a results file or', 'baseline name)'] },
    explain: { type: 'boolean', help: ['with --compare: why each change called happened'] },
    noise: { type: 'string', value: '<pct>', help: ['noise band of that comparison (default 1%)'] },
    seed: { type: 'string', value: '<n>', help: [`seed of its bootstrap (default ${DEFAULT_COMPARE_SEED})`] },
    'as-recorded': { type: 'boolean', help: ["the file's own analysis, not this version's"] },
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench report .ubench/baselines/main.json --html main.html', does: 'the HTML page of a saved baseline' },
  docs: 'docs/html-report.md',
} as const satisfies CommandSpec;

export function parseReportCommand(argv: readonly string[], cwd: string): ReportCommand {
  const { values, positionals } = parseOptions(argv, REPORT_SPEC);
  if (positionals.length !== 1) throw new UsageError(`report: expected one results file, baseline name or probe document, got ${positionals.length}`);
  if (values.explain === true && values.compare === undefined) throw new UsageError('report: --explain needs --compare <base> (the run whose evidence the changes are explained against)');
  return {
    command: 'report',
    inputPath: baselineFile(positionals[0]!, cwd, 'report'),
    comparePath: values.compare === undefined ? null : baselineFile(values.compare, cwd, '--compare'),
    explain: values.explain === true,
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    noise: values.noise === undefined ? DEFAULT_NOISE : percent(values.noise, '--noise'),
    seed: integer(values.seed, '--seed', DEFAULT_COMPARE_SEED),
    asRecorded: values['as-recorded'] === true,
    color: colorChoice(values),
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
    if (command.htmlPath === null) throw new UsageError('report: a probe document has an HTML report only: add --html <file> (- for stdout)');
    page = renderProbePage(checkProbeDocument(command.inputPath, value));
  } else {
    const recorded = resultsFromJson(command.inputPath, value);
    const results = command.asRecorded ? recorded : analysedNow(recorded);
    if (command.htmlPath === null) {
      if (command.comparePath !== null) throw new UsageError('report: --compare needs --html <file> (or use ubench compare for the terminal)');
      io.stdout.write(renderTerminalReport(results, { color: useColor(command.color, io.stdout), width: io.stdout.columns }));
      return EXIT_OK;
    }
    page = renderResultsPage(results, { label, ...(command.comparePath === null ? {} : { compare: comparedWith(command, command.comparePath, results, io) }) });
  }
  writeExport(command.htmlPath, page, htmlReportLabel(page), io);
  return EXIT_OK;
}

/** The page's comparison with the base run, and with `--explain` its explanations. */
function comparedWith(command: ReportCommand, basePath: string, results: ResultsFile, io: CliIo): NonNullable<ResultsPageOptions['compare']> {
  const base = readAnalysed(basePath, command.asRecorded);
  const comparison = compareRuns(base, results, { noise: command.noise, seed: command.seed });
  const baseLabel = displayPath(basePath, io.cwd);
  return command.explain ? { comparison, baseLabel, explanations: explainComparison(comparison, base, results) } : { comparison, baseLabel };
}
