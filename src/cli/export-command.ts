/**
 * `ubench export <results|baseline> --markdown|--csv|--benchfmt|--bmf <file|->`: a saved results
 * file in the formats CI tools read (benchstat, Bencher, spreadsheets, pull-request comments).
 */
import { readAnalysed } from '../analysis/read-analysed.js';
import { checkOneStdout, EXPORT_FLAGS, exportTargets, writeExports, type ExportTargets } from './export-files.js';
import { baselineFile, parseOptions } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';

export interface ExportCommand {
  command: 'export';
  resultsPath: string;
  exports: ExportTargets;
}

export function parseExportCommand(argv: readonly string[], cwd: string): ExportCommand {
  const { values, positionals } = parseOptions(argv, EXPORT_FLAGS);
  if (positionals.length !== 1) throw new UsageError(`export: expected one results file or baseline name, got ${positionals.length}`);
  const exports = exportTargets(values, cwd);
  if (Object.keys(exports).length === 0) throw new UsageError('export: name at least one of --markdown, --csv, --benchfmt, --bmf (a file, or - for stdout)');
  checkOneStdout('export', exports);
  return { command: 'export', resultsPath: baselineFile(positionals[0]!, cwd, 'export'), exports };
}

export function runExport(command: ExportCommand, io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; cwd: string }): number {
  writeExports(readAnalysed(command.resultsPath), command.exports, io);
  return 0;
}
