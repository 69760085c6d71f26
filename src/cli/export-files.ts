/**
 * Exports for CI: the `--markdown`, `--csv`, `--benchfmt` and `--bmf` files of a run (and of
 * `ubench export`), written atomically, `-` meaning stdout; and the Markdown appended to GitHub
 * Actions' job summary when `$GITHUB_STEP_SUMMARY` names one.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { resultsBenchfmt } from '../export/benchfmt-export.js';
import { resultsBmf } from '../export/bmf-export.js';
import { resultsCsv } from '../export/csv-export.js';
import { resultsMarkdown } from '../export/markdown-export.js';
import { oneLineMessage } from '../results/text/one-line-message.js';
import type { ResultsFile } from '../results/types.js';
import { writeTextAtomic } from '../results/files/write-results.js';
import { displayPath } from '../runner/display-path.js';
import { UsageError } from '../runner/usage-error.js';
import type { FlagSpecs } from './flag-spec.js';

/** The flags, for parseArgs, with their help. */
export const EXPORT_FLAGS = {
  markdown: { type: 'string', value: '<file>', help: ['also write the results as a Markdown table (for pull requests)'] },
  csv: { type: 'string', value: '<file>', help: ['also write one CSV row per benchmark'] },
  benchfmt: { type: 'string', value: '<file>', help: ['also write Go benchmark format, one line per sample (benchstat reads it)'] },
  bmf: { type: 'string', value: '<file>', help: ['also write Bencher Metric Format JSON (latency, throughput, bytes/op)'] },
} as const satisfies FlagSpecs;

export type ExportFormat = keyof typeof EXPORT_FLAGS;

export const EXPORTERS: Record<ExportFormat, (results: ResultsFile) => string> = {
  markdown: resultsMarkdown,
  csv: resultsCsv,
  benchfmt: resultsBenchfmt,
  bmf: resultsBmf,
};

/** Where each export goes: a resolved path, `-` for stdout; formats not asked for are absent. */
export type ExportTargets = Partial<Record<ExportFormat, string>>;

/** Conventional name of standard output in file arguments. */
export const STDOUT = '-';

/**
 * The outputs (`{ json: values.json, … }`) asked to go to stdout: at most one, or a usage error —
 * two documents on one stream cannot be told apart.
 */
export function checkOneStdout(command: string, outputs: Record<string, string | undefined>): void {
  const toStdout = Object.entries(outputs)
    .filter(([, value]) => value === STDOUT)
    .map(([flag]) => `--${flag} -`);
  if (toStdout.length > 1) throw new UsageError(`${command}: only one output can go to stdout (-): ${toStdout.join(' and ')}`);
}

/**
 * Where a command's report (its tables) goes: stderr when one of its outputs is stdout, so that
 * document is alone there; stdout otherwise.
 */
export function reportStream<S>(io: { stdout: S; stderr: S }, outputs: readonly (string | null | undefined)[]): S {
  return outputs.includes(STDOUT) ? io.stderr : io.stdout;
}

/** A JSON document as ubench writes it: indented, with a final newline. */
export function jsonText(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** A JSON document to its file (atomically), or to stdout for `-`; says where it went on stderr. */
export function writeJsonOutput(target: string, document: object, what: string, io: Pick<Io, 'stdout' | 'stderr' | 'cwd'>): void {
  const text = jsonText(document);
  if (target === STDOUT) {
    io.stdout.write(text);
    return;
  }
  writeTextAtomic(target, text);
  io.stderr.write(`${what} written to ${displayPath(target, io.cwd)}\n`);
}

/** An output file argument: `-` stays stdout, anything else is resolved against `cwd`. */
export function outputTarget(value: string, cwd: string): string {
  return value === STDOUT ? STDOUT : path.resolve(cwd, value);
}

export function exportTargets(values: Partial<Record<ExportFormat, string>>, cwd: string): ExportTargets {
  const targets: ExportTargets = {};
  for (const format of Object.keys(EXPORT_FLAGS) as ExportFormat[]) {
    const value = values[format];
    if (value !== undefined) targets[format] = outputTarget(value, cwd);
  }
  return targets;
}

interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  cwd: string;
  /** Environment variables (GITHUB_STEP_SUMMARY); the process's by default. */
  env?: NodeJS.ProcessEnv;
}

/** Writes one export to its target (`-`: stdout) and says where; throws ResultsWriteError (one line, naming the file) on failure. */
export function writeExport(target: string, text: string, format: string, io: Io): void {
  if (target === STDOUT) io.stdout.write(text);
  else {
    writeTextAtomic(target, text);
    io.stderr.write(`${format} written to ${displayPath(target, io.cwd)}\n`);
  }
}

/** Writes every export asked for (see writeExport). */
export function writeExports(results: ResultsFile, targets: ExportTargets, io: Io): void {
  for (const [format, target] of Object.entries(targets) as [ExportFormat, string][]) writeExport(target, EXPORTERS[format](results), format, io);
}

/**
 * Appends Markdown to the GitHub Actions job summary when `GITHUB_STEP_SUMMARY` is set (Actions
 * creates the file per step and documents appending to it). The Markdown is made only then. A
 * failure is a warning, not an error: the measurements are already out.
 */
export function appendStepSummary(markdown: () => string, io: Pick<Io, 'stderr' | 'env'>): void {
  const file = (io.env ?? process.env)['GITHUB_STEP_SUMMARY'];
  if (file === undefined || file === '') return;
  try {
    appendFileSync(file, `${markdown()}\n`);
  } catch (error) {
    io.stderr.write(`ubench: warning: cannot append to $GITHUB_STEP_SUMMARY (${file}): ${oneLineMessage(error)}\n`);
  }
}
