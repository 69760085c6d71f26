import { readFileSync, statSync } from 'node:fs';
import { compileSchemaCheck, type SchemaCheck } from './schema-check.js';
import { oneLineMessage } from '../text/one-line-message.js';
import { SCHEMA_VERSION } from '../types.js';
import { upgradeV1 } from './upgrade-v1.js';
import { upgradeV2 } from './upgrade-v2.js';
import type { ResultsFile } from '../types.js';

/** Schema versions this build can read (older ones are upgraded on reading); see docs/results-format.md. */
export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [1, 2, 3, SCHEMA_VERSION];

/**
 * Largest file read: V8 cannot hold a longer string (2^29 - 24 characters on 64-bit Node 20), so
 * a larger file could not be parsed anyway; it is refused before reading it.
 */
export const MAX_RESULTS_FILE_BYTES = 512 * 1024 * 1024;

/** The schema of each readable version, checked before a file is upgraded; see schema/. */
const SCHEMA_FILES: Readonly<Record<number, string>> = { 1: 'results-v1.schema.json', 2: 'results-v2.schema.json', 3: 'results-v3.schema.json', [SCHEMA_VERSION]: 'results.schema.json' };
const schemaChecks = new Map<number, SchemaCheck>();

/** A readable version's schema, as the package's schema/ folder holds it. */
export function resultsSchema(version: number): Record<string, unknown> {
  // Both src/results and dist/results sit two levels below the package root.
  const file = new URL(`../../../schema/${SCHEMA_FILES[version]!}`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The compiled check of a version's schema (read once). */
function schemaCheck(version: number): SchemaCheck {
  let check = schemaChecks.get(version);
  if (check === undefined) {
    check = compileSchemaCheck(resultsSchema(version), { ignoreUnknownProperties: true });
    schemaChecks.set(version, check);
  }
  return check;
}

/** Longest rendering of an unexpected schemaVersion value kept in a message. */
const MAX_VALUE_CHARS = 40;

/** A results file that cannot be used; the message is one line and names the file. */
export class ResultsFileError extends Error {
  override readonly name = 'ResultsFileError';
  readonly path: string;

  constructor(path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.path = path;
  }
}

/**
 * Reads and parses a results file and checks it: that it is a ubench results file of a supported
 * version, valid against that version's schema (schema/results*.schema.json, see schema-check.ts),
 * then upgrades it to the current version. Anything else is a one-line ResultsFileError naming the
 * file and, for a schema violation, the first one with its JSON path.
 */
export function readResults(path: string): ResultsFile {
  return resultsFromJson(path, readJson(path));
}

/** The checks of {@link readResults} on a value already parsed from `path`. */
export function resultsFromJson(path: string, value: unknown): ResultsFile {
  if (!isObject(value)) {
    throw new ResultsFileError(path, `${path} is not a ubench results file (top level is ${kindOf(value)}, expected an object)`);
  }
  if (!('schemaVersion' in value)) {
    throw new ResultsFileError(path, `${path} is not a ubench results file (no schemaVersion)`);
  }
  checkVersion(path, value['schemaVersion']);
  checkOutline(path, value);
  const version = value['schemaVersion'] as number;
  const problem = schemaCheck(version)(value);
  if (problem !== null) throw new ResultsFileError(path, `${path}: ${problem}`);
  if (version === SCHEMA_VERSION) return value as unknown as ResultsFile;
  // Version 4 only added the stop reason `host-limit`: a version 3 file is a version 4 file as it is.
  const v3 = version === 3 ? value : upgradeV2(version === 1 ? upgradeV1(value) : value);
  return { ...v3, schemaVersion: SCHEMA_VERSION } as unknown as ResultsFile;
}

/**
 * Reads and parses any ubench JSON document (a results file, a probe document): a read failure or
 * malformed JSON is a one-line ResultsFileError naming the file and, for JSON, the line and column.
 */
export function readJson(path: string, what = 'results file'): unknown {
  return parseJson(path, readText(path, what));
}

function readText(path: string, what: string): string {
  let text: string;
  try {
    const size = statSync(path).isFile() ? statSync(path).size : 0;
    if (size > MAX_RESULTS_FILE_BYTES) throw new ResultsFileError(path, `${path} is ${Math.round(size / 2 ** 20)} MiB, more than the ${MAX_RESULTS_FILE_BYTES / 2 ** 20} MiB a ${what} can be`);
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (err instanceof ResultsFileError) throw err;
    throw new ResultsFileError(path, `cannot read ${what} ${path}: ${describeReadError(err)}`, { cause: err });
  }
  // Editors on some systems prepend a byte order mark, which JSON.parse rejects.
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function describeReadError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return oneLineMessage(err);
  }
}

function parseJson(path: string, text: string): unknown {
  if (text.trim() === '') {
    throw new ResultsFileError(path, `malformed JSON in ${path}: the file is empty`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const where = locate(text, raw);
    const at = where === null ? '' : ` at line ${where.line}, column ${where.column}`;
    throw new ResultsFileError(path, `malformed JSON in ${path}${at}: ${parserDetail(raw)}`, { cause: err });
  }
}

/** Line and column (1-based) of the parser's reported offset, when it reports one. */
function locate(text: string, parserMessage: string): { line: number; column: number } | null {
  const match = /at position (\d+)/.exec(parserMessage);
  if (match?.[1] === undefined) return null;
  const offset = Math.min(Number(match[1]), text.length);
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The parser's complaint without the position (reported separately) or a quote of the input. */
function parserDetail(parserMessage: string): string {
  // V8: `Unexpected token 'x', "<excerpt of the input>" is not valid JSON`; the excerpt may span lines.
  const withoutQuote = parserMessage.replace(/^(Unexpected token '[\s\S]'), [\s\S]* is not valid JSON$/, '$1');
  const withoutPosition = withoutQuote.replace(/ in JSON at position \d+.*$/s, '');
  return oneLineMessage(withoutPosition);
}

function checkVersion(path: string, version: unknown): void {
  if (typeof version === 'number' && SUPPORTED_SCHEMA_VERSIONS.includes(version)) return;
  const supported = `version${SUPPORTED_SCHEMA_VERSIONS.length > 1 ? 's' : ''} ${SUPPORTED_SCHEMA_VERSIONS.join(', ')}`;
  const newest = Math.max(...SUPPORTED_SCHEMA_VERSIONS);
  const isNewer = typeof version === 'number' && Number.isInteger(version) && version > newest;
  const advice = isNewer ? ' (written by a newer ubench: upgrade ubench to read it)' : '';
  throw new ResultsFileError(path, `${path} has results schema version ${render(version)}; this ubench reads ${supported}${advice}`);
}

function checkOutline(path: string, file: Record<string, unknown>): void {
  const problem = outlineProblem(file);
  if (problem !== null) {
    throw new ResultsFileError(path, `${path} is not a valid ubench results file: ${problem}`);
  }
}

function outlineProblem(file: Record<string, unknown>): string | null {
  if (!isObject(file['environment'])) return '"environment" is not an object';
  if (!isObject(file['settings'])) return '"settings" is not an object';
  const benchmarks = file['benchmarks'];
  if (!Array.isArray(benchmarks)) return '"benchmarks" is not an array';
  const badIndex = benchmarks.findIndex((b) => !isObject(b));
  if (badIndex !== -1) return `"benchmarks[${badIndex}]" is not an object`;
  if (!Array.isArray(file['fileErrors'])) return '"fileErrors" is not an array';
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function render(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}
