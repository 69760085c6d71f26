/**
 * `ubench export <results|baseline> --markdown|--csv|--benchfmt|--bmf <file|->`: a saved results
 * file in the formats CI tools read (benchstat, Bencher, spreadsheets, pull-request comments).
 */
import { readAnalysed } from '../analysis/read-analysed.js';
import { checkOneStdout, type EXPORT_FLAGS, exportTargets, writeExports, type ExportTargets } from './export-files.js';
import { baselineFile, parseOptions } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import type { CommandSpec, FlagSpec } from './flag-spec.js';

export interface ExportCommand {
  command: 'export';
  resultsPath: string;
  exports: ExportTargets;
}

/** `ubench export`'s flags, usage and help. */
export const EXPORT_SPEC = {
  name: 'export',
  summary: 'write a saved run as Markdown, CSV, Go benchmark format or Bencher JSON',
  synopsis: 'ubench export <results> --markdown|--csv|--benchfmt|--bmf <file>',
  usage: ['ubench export <results> [--markdown <file>] [--csv <file>] [--benchfmt <file>]', '                        [--bmf <file>]    (- for stdout)'],
  about: ['Writes a saved results file (or a baseline, by name) in the formats named, analysed by this', "version's rules; - writes one of them to stdout."],
  options: {
    markdown: { type: 'string', value: '<file>', help: ['the results as Markdown tables (for pull requests)'] },
    csv: { type: 'string', value: '<file>', help: ['one CSV row per benchmark'] },
    benchfmt: { type: 'string', value: '<file>', help: ['Go benchmark format, one line per sample (benchstat reads it)'] },
    bmf: { type: 'string', value: '<file>', help: ['Bencher Metric Format JSON (latency, throughput, bytes/op)'] },
  } satisfies Record<keyof typeof EXPORT_FLAGS, FlagSpec>,
  example: { command: 'ubench export results.json --benchfmt - | benchstat /dev/stdin', does: 'the samples of a saved run, for benchstat' },
  docs: 'docs/comparing.md',
} as const satisfies CommandSpec;

export function parseExportCommand(argv: readonly string[], cwd: string): ExportCommand {
  const { values, positionals } = parseOptions(argv, EXPORT_SPEC);
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
