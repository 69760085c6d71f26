/**
 * `ubench merge <results…> --json <out>`: shard files (and runs of the same suite) → one results
 * file, analysed by today's rules; see analysis/merge-results.ts for what is pooled. A malformed or
 * incompatible input is a one-line error (exit 2) and nothing is written.
 */
import { visibleText } from '../results/text/visible-text.js';
import { mergeResults, MergeError } from '../analysis/merge-results.js';
import { analysedNow } from '../analysis/read-analysed.js';
import { renderTerminalReport } from '../report/terminal-report.js';
import { readResults } from '../results/files/read-results.js';
import type { ResultsFile } from '../results/types.js';
import { writeResultsAtomic } from '../results/files/write-results.js';
import { displayPath } from '../runner/display-path.js';
import { UsageError } from '../runner/usage-error.js';
import type { CliIo } from './cli-io.js';
import { EXIT_OK } from './exit-codes.js';
import { appendStepSummary, EXPORT_FLAGS, exportTargets, writeExports, type ExportTargets } from './export-files.js';
import { resultsMarkdown } from '../export/markdown-export.js';
import { baselineFile, colorChoice, parseOptions, useColor } from './option-values.js';
import path from 'node:path';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';

export interface MergeCommand {
  command: 'merge';
  inputs: string[];
  jsonPath: string;
  exports: ExportTargets;
  quiet: boolean;
  color: boolean | null;
}

/** `ubench merge`'s flags, usage and help. */
export const MERGE_SPEC = {
  name: 'merge',
  summary: 'combine results files (shards of a suite, separate runs) into one',
  synopsis: 'ubench merge <results…> --json <file> [options]',
  usage: ['ubench merge <results…> --json <file> [--quiet] [--markdown <file>] …'],
  about: [
    'Combines results files — shards of one suite, separate runs of it — into one (--json), pooling',
    "the processes of a benchmark measured more than once (like --forks) when their machines'",
    "fingerprints match, keeping each machine's row apart otherwise. A malformed or incompatible file",
    'is a one-line error (exit 2) and nothing is written.',
  ],
  options: {
    json: { type: 'string', value: '<file>', help: ['where the merged results file goes (required)'] },
    quiet: { type: 'boolean', short: 'q', help: ['no report of the merged run'] },
    ...EXPORT_FLAGS,
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench merge shard-*.json --json all.json --markdown -', does: "a CI matrix's shares as one run, and its table" },
  docs: 'docs/comparing.md',
} as const satisfies CommandSpec;

export function parseMergeCommand(argv: readonly string[], cwd: string): MergeCommand {
  const { values, positionals } = parseOptions(argv, MERGE_SPEC);
  if (positionals.length === 0) throw new UsageError('merge: expected results files to merge (ubench merge a.json b.json … --json all.json)');
  if (values.json === undefined) throw new UsageError('merge: --json <file> is required: where the merged results go');
  return {
    command: 'merge',
    inputs: positionals.map((p) => baselineFile(p, cwd, 'merge')),
    jsonPath: path.resolve(cwd, values.json),
    exports: exportTargets(values, cwd),
    quiet: values.quiet === true,
    color: colorChoice(values),
  };
}

/** The inputs merged and analysed; what cannot be merged is a usage error (exit 2). */
function mergedOrUsageError(inputs: Parameters<typeof mergeResults>[0]): ResultsFile {
  try {
    return analysedNow(mergeResults(inputs));
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(`merge: ${error.message}`);
    throw error;
  }
}

export function runMerge(command: MergeCommand, io: CliIo): number {
  const inputs = command.inputs.map((file) => ({ label: displayPath(file, io.cwd), results: readResults(file) }));
  const merged = mergedOrUsageError(inputs);
  writeResultsAtomic(command.jsonPath, merged);
  const runs = merged.merged!.runs.length;
  const machines = merged.merged!.machines.length;
  if (!command.quiet) io.stdout.write(renderTerminalReport(merged, { color: useColor(command.color, io.stdout), width: io.stdout.columns }));
  for (const note of merged.merged!.notes) io.stderr.write(`ubench: merge: ${visibleText(note)}\n`);
  io.stderr.write(
    `merged ${inputs.length} file${inputs.length === 1 ? '' : 's'} (${runs} run${runs === 1 ? '' : 's'} on ${machines} machine${machines === 1 ? '' : 's'}, ${merged.benchmarks.length} benchmarks) into ${displayPath(command.jsonPath, io.cwd)}\n`,
  );
  writeExports(merged, command.exports, io);
  appendStepSummary(() => resultsMarkdown(merged), io);
  return EXIT_OK;
}
