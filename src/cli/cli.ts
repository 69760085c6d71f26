/**
 * The command-line program as a function: arguments and streams in, exit code out. The bin entry
 * calls it with the real process; tests call it with a scripted executor.
 */
import { ResultsFileError } from '../results/read-results.js';
import { ResultsWriteError } from '../results/write-results.js';
import { ubenchVersion } from '../results/ubench-version.js';
import { visibleText } from '../results/visible-text.js';
import { UsageError } from '../runner/usage-error.js';
import { runAbCommand } from './ab-command.js';
import { parseCommandLine } from './args.js';
import { runCalibration } from './calibration-command.js';
import type { CliIo } from './cli-io.js';
import { runCompare } from './compare-command.js';
import { EXIT_FAILURES, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { runExport } from './export-command.js';
import { HELP } from './help.js';
import { runHistory } from './history-command.js';
import { runMerge } from './merge-command.js';
import { runProbeCommand } from './probe-command.js';
import { runReport } from './report-command.js';
import { runRunCommand } from './run-command.js';

export type { CliIo } from './cli-io.js';
export { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';

export async function cli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const parsed = parseCommandLine(argv, io.cwd, io.env ?? process.env);
    switch (parsed.command) {
      case 'help':
        io.stdout.write(HELP);
        return EXIT_OK;
      case 'version':
        io.stdout.write(`${ubenchVersion()}\n`);
        return EXIT_OK;
      case 'compare':
        return runCompare(parsed, io);
      case 'history':
        return runHistory(parsed, io);
      case 'ab':
        return await runAbCommand(parsed, io);
      case 'export':
        return runExport(parsed, io);
      case 'probe':
        return await runProbeCommand(parsed, io, io.osFacts);
      case 'report':
        return runReport(parsed, io);
      case 'calibration':
        return runCalibration(parsed, io);
      case 'merge':
        return runMerge(parsed, io);
      case 'run':
        return await runRunCommand(parsed, io);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ResultsFileError) {
      io.stderr.write(`ubench: ${visibleText(error.message)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ResultsWriteError) {
      io.stderr.write(`ubench: ${visibleText(error.message)}\n`);
      return EXIT_FAILURES;
    }
    if (process.env['UBENCH_DEBUG'] !== undefined) io.stderr.write(`${(error as Error).stack}\n`);
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`ubench: internal error: ${visibleText(message.split('\n')[0] ?? '')}\n`);
    return EXIT_FAILURES;
  }
}
