/**
 * The plain run, `ubench [files…] [options]`: flags → validated run options, then measure, report,
 * export, save the baseline and compare with `--compare`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CompareMetric } from '../analysis/compare-runs.js';
import { defaultNoise, metricOption } from './compare-args.js';
import { readAnalysed } from '../analysis/read-analysed.js';
import { resultsMarkdown } from '../export/markdown-export.js';
import { renderResultsPage } from '../html/results-page.js';
import { renderTerminalReport } from '../report/terminal-report.js';
import type { ResultsFile } from '../results/types.js';
import { resultsText, writeResultsAtomic } from '../results/files/write-results.js';
import { displayPath } from '../runner/display-path.js';
import { runBenchmarks } from '../runner/run.js';
import type { RunOptions } from '../runner/run-options.js';
import { UsageError } from '../runner/usage-error.js';
import type { CliIo } from './cli-io.js';
import { compareAfterRun } from './compare-command.js';
import { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK } from './exit-codes.js';
import { appendStepSummary, checkOneStdout, exportTargets, outputTarget, reportStream, STDOUT, writeExport, writeExports, type ExportTargets } from './export-files.js';
import { inputOfFlags, runOptionsOf } from './run-input.js';
import { measuringDeps } from './measuring-deps.js';
import { baselineFile, colorChoice, parseOptions, percent, useColor } from './option-values.js';
import { htmlReportLabel } from './report-command.js';
import { COMMAND_NAMES } from './command-names.js';
import { RUN_SPEC } from './run-spec.js';
import { waitForQuietNs } from './wait-for-quiet-option.js';

/** What the plain run does with its results, beside measuring them. */
export interface RunOutputs {
  /** No progress line and no output from the benchmarks. */
  quiet: boolean;
  /** Warnings fail the run (exit 1), for CI. */
  strict: boolean;
  /** Where to save the results as a baseline (`--save-baseline`), or null. */
  saveBaselinePath: string | null;
  /** A saved results file to compare the run with (`--compare`), or null. */
  comparePath: string | null;
  /** Noise band of that comparison. */
  noise: number;
  /** What that comparison calls changes on (`--metric`). */
  metric: CompareMetric;
  /** Exit 1 when the comparison finds a benchmark significantly slower by more than this fraction. */
  failOnRegression: number | null;
  /** Explain every change the comparison calls (`--explain`, with `--compare`). */
  explain: boolean;
  /** Wait up to this long for a quiet host before measuring (`--wait-for-quiet`), or null. */
  waitForQuietNs: number | null;
  /** `--json -`: the results go to stdout at the end, alone there (the tables go to stderr), and to no file. */
  jsonToStdout: boolean;
}

export interface RunCommand {
  command: 'run';
  options: RunOptions;
  outputs: RunOutputs;
  color: boolean | null;
  exports: ExportTargets;
  htmlPath: string | null;
}

export type RunCommandOrFlag = RunCommand | { command: 'version' };

export function parseRunCommand(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): RunCommandOrFlag {
  const { values, positionals } = parseOptions(argv, RUN_SPEC);
  if (values.version) return { command: 'version' };
  const misplaced = positionals.find((p) => (COMMAND_NAMES as readonly string[]).includes(p) && !existsSync(path.resolve(cwd, p)));
  if (misplaced !== undefined) throw new UsageError(`"${misplaced}" is a command: write it first, before any option (ubench ${misplaced} …)`);
  const color = colorChoice(values);
  if (values.explain === true && values.compare === undefined) throw new UsageError('--explain needs --compare <results file> (or use ubench compare --explain)');
  if (values['fail-on-regression'] !== undefined && values.compare === undefined) throw new UsageError('--fail-on-regression needs --compare <results file> (or use ubench compare)');
  const metric = metricOption(values.metric);
  const input = inputOfFlags(values, positionals);
  const jsonToStdout = values.json === STDOUT;
  const options = runOptionsOf(jsonToStdout ? { ...input, json: undefined } : input, cwd, env);
  if (metric === 'instructions' && !options.passes.instructions) throw new UsageError('--metric instructions needs --instructions (the run must count instructions to be compared on them)');
  const exports = exportTargets(values, cwd);
  checkOneStdout('run', { json: values.json, ...exports, html: values.html });
  return {
    command: 'run',
    color,
    exports,
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    options,
    outputs: {
      quiet: values.quiet === true,
      waitForQuietNs: waitForQuietNs(values['wait-for-quiet']),
      jsonToStdout,
      strict: values.strict === true,
      saveBaselinePath: values['save-baseline'] === undefined ? null : baselineFile(values['save-baseline'], cwd, '--save-baseline'),
      comparePath: values.compare === undefined ? null : baselineFile(values.compare, cwd, '--compare'),
      metric,
      explain: values.explain === true,
      noise: values.noise === undefined ? defaultNoise(metric) : percent(values.noise, '--noise'),
      failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
    },
  };
}

/** Diagnostics that `--strict` turns into a failure. */
function warningCount(results: ResultsFile): number {
  return results.benchmarks.reduce((sum, b) => sum + b.diagnostics.filter((d) => d.severity !== 'info').length, 0);
}

function exitCodeFor(results: ResultsFile, interrupted: boolean, strict: boolean): number {
  if (interrupted) return EXIT_INTERRUPTED;
  const failed = results.fileErrors.length > 0 || results.benchmarks.some((b) => b.status !== 'ok');
  return failed || (strict && warningCount(results) > 0) ? EXIT_FAILURES : EXIT_OK;
}

export async function runRunCommand(parsed: RunCommand, io: CliIo): Promise<number> {
  const { options, outputs } = parsed;
  const color = useColor(parsed.color, io.stdout);
  // A bad --compare file fails now, before minutes of measuring.
  const compareBase = outputs.comparePath === null ? null : readAnalysed(outputs.comparePath);
  const { deps, progress } = measuringDeps(outputs.quiet, io, outputs.waitForQuietNs);
  const outcome = await runBenchmarks(options, deps);
  progress.clear();
  // The tables and the comparison after the run both go to the report stream.
  const tables = reportStream(io, [outputs.jsonToStdout ? STDOUT : null, parsed.htmlPath, ...Object.values(parsed.exports)]);
  tables.write(renderTerminalReport(outcome.results, { color, width: tables.columns }));
  if (options.jsonPath !== null) io.stderr.write(`results written to ${options.jsonPath}\n`);
  if (outputs.jsonToStdout) io.stdout.write(resultsText(outcome.results));
  writeExports(outcome.results, parsed.exports, io);
  if (outputs.saveBaselinePath !== null && !outcome.interrupted) {
    writeResultsAtomic(outputs.saveBaselinePath, outcome.results);
    io.stderr.write(`baseline saved to ${displayPath(outputs.saveBaselinePath, io.cwd)}\n`);
  }
  const warnings = warningCount(outcome.results);
  if (outputs.strict && warnings > 0) io.stderr.write(`ubench: --strict: ${warnings} diagnostic warning${warnings === 1 ? '' : 's'} (see above)\n`);
  const code = exitCodeFor(outcome.results, outcome.interrupted, outputs.strict);
  const summary = (): string => resultsMarkdown(outcome.results);
  const compared =
    compareBase === null || outcome.interrupted
      ? null
      : compareAfterRun(
          outcome.results,
          compareBase,
          { basePath: outputs.comparePath!, noise: outputs.noise, seed: options.seed, failOnRegression: outputs.failOnRegression, color, metric: outputs.metric, explain: outputs.explain },
          { ...io, stdout: tables },
        );
  if (parsed.htmlPath !== null) {
    const page = renderResultsPage(
      outcome.results,
      compared === null ? {} : { compare: { comparison: compared.comparison, baseLabel: compared.baseLabel, ...(compared.explanations === null ? {} : { explanations: compared.explanations }) } },
    );
    writeExport(parsed.htmlPath, page, htmlReportLabel(page), io);
  }
  appendStepSummary(compared === null ? summary : () => `${summary()}\n${compared.markdown()}`, io);
  return Math.max(code, compared?.code ?? EXIT_OK);
}
