/**
 * The command-line program as a function: arguments and streams in, exit code out. The bin entry
 * calls it with the real process; tests call it with a scripted executor.
 */
import { useColor } from './option-values.js';
import { readFileSync } from 'node:fs';
import { renderTerminalReport } from '../report/terminal-report.js';
import type { Executor } from '../runner/executor.js';
import { measuringDeps } from './measuring-deps.js';
import { displayPath } from '../runner/display-path.js';
import { runBenchmarks } from '../runner/run.js';
import { readResults, ResultsFileError } from '../results/read-results.js';
import { ResultsWriteError, writeResultsAtomic } from '../results/write-results.js';
import type { ResultsFile } from '../results/types.js';
import { parseCommandLine } from './args.js';
import { compareAfterRun, runCompare } from './compare-command.js';
import { HELP } from './help.js';
import { runHistory } from './history-command.js';
import { runAbCommand } from './ab-command.js';
import { appendStepSummary, writeExport, writeExports } from './export-files.js';
import { runExport } from './export-command.js';
import { runCalibration } from './calibration-command.js';
import { runProbeCommand, type OsFactsSource } from './probe-command.js';
import { htmlReportLabel, runReport } from './report-command.js';
import { renderResultsPage } from '../html/results-page.js';
import { resultsMarkdown } from '../export/markdown-export.js';
import { UsageError } from './usage-error.js';
import { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';

export { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  cwd: string;
  /** Replaces the real process executor (tests). */
  executor?: Executor;
  /** Aborting it stops the run and keeps what was measured (Ctrl-C). */
  signal?: AbortSignal;
  /** Environment variables ubench reads (GITHUB_STEP_SUMMARY); the process's by default. */
  env?: NodeJS.ProcessEnv;
  /** Replaces what `ubench probe` reads from sysfs and getconf (tests). */
  osFacts?: () => OsFactsSource;
}

export function ubenchVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
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

export async function cli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const parsed = parseCommandLine(argv, io.cwd, io.env ?? process.env);
    if (parsed.command === 'help') {
      io.stdout.write(HELP);
      return EXIT_OK;
    }
    if (parsed.command === 'version') {
      io.stdout.write(`${ubenchVersion()}\n`);
      return EXIT_OK;
    }
    if (parsed.command === 'compare') return runCompare(parsed, io);
    if (parsed.command === 'history') return runHistory(parsed, io);
    if (parsed.command === 'ab') return await runAbCommand(parsed, io);
    if (parsed.command === 'export') return runExport(parsed, io);
    if (parsed.command === 'probe') return await runProbeCommand(parsed, io, io.osFacts);
    if (parsed.command === 'report') return runReport(parsed, io);
    if (parsed.command === 'calibration') return runCalibration(parsed, io);
    const { options } = parsed;
    const color = useColor(parsed.color, io.stdout);
    // A bad --compare file fails now, before minutes of measuring.
    const compareBase = options.comparePath === null ? null : readResults(options.comparePath);
    const { deps, progress } = measuringDeps(options.quiet, io);
    const outcome = await runBenchmarks(options, deps);
    progress.clear();
    io.stdout.write(renderTerminalReport(outcome.results, { color, width: io.stdout.columns }));
    if (options.jsonPath !== null) io.stderr.write(`results written to ${options.jsonPath}\n`);
    writeExports(outcome.results, parsed.exports, io);
    if (options.saveBaselinePath !== null && !outcome.interrupted) {
      writeResultsAtomic(options.saveBaselinePath, outcome.results);
      io.stderr.write(`baseline saved to ${displayPath(options.saveBaselinePath, io.cwd)}\n`);
    }
    const warnings = warningCount(outcome.results);
    if (options.strict && warnings > 0) io.stderr.write(`ubench: --strict: ${warnings} diagnostic warning${warnings === 1 ? '' : 's'} (see above)\n`);
    const code = exitCodeFor(outcome.results, outcome.interrupted, options.strict);
    const summary = (): string => resultsMarkdown(outcome.results);
    const compared = compareBase === null || outcome.interrupted
      ? null
      : compareAfterRun(outcome.results, compareBase, { basePath: options.comparePath!, noise: options.noise, seed: options.seed, failOnRegression: options.failOnRegression, color }, io);
    if (parsed.htmlPath !== null) {
      const page = renderResultsPage(outcome.results, compared === null ? {} : { compare: { comparison: compared.comparison, baseLabel: compared.baseLabel } });
      writeExport(parsed.htmlPath, page, htmlReportLabel(page), io);
    }
    appendStepSummary(compared === null ? summary : () => `${summary()}\n${compared.markdown()}`, io);
    return Math.max(code, compared?.code ?? EXIT_OK);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ResultsFileError) {
      io.stderr.write(`ubench: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ResultsWriteError) {
      io.stderr.write(`ubench: ${error.message}\n`);
      return EXIT_FAILURES;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`ubench: internal error: ${message.split('\n')[0]}\n`);
    return EXIT_FAILURES;
  }
}
