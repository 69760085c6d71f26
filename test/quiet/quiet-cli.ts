/**
 * Shared helpers of the quiet tests: they run the real CLI on fixture corpora and measure, so they
 * run one file at a time, after every other test (see package.json's "test" script).
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchmarkResult, DeoptEvent, Diagnostic, ResultsFile } from '../../src/results/types.js';
import { describeRun, readResults, REPO_ROOT, runCli } from '../helpers/e2e-cli.js';

/** The issue asks for every corpus to be run this many times. */
export const RUNS = 3;

/** Where the Markdown tables go (gitignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts');

/** A fresh folder under test-artifacts for the results files of a test, kept for inspection. */
export function resultsDir(name: string): string {
  const dir = path.join(ARTIFACTS_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs the CLI with `--quiet --json <jsonPath>` and returns the (schema-checked) results file.
 * Exit code 1 (a benchmark failed; its result says why) is accepted only when `allowFailures`.
 */
export async function runToResults(args: readonly string[], jsonPath: string, allowFailures = false): Promise<ResultsFile> {
  const run = await runCli([...args, '--quiet', '--json', jsonPath], { killAfterMs: 180_000 });
  const expected = allowFailures ? [0, 1] : [0];
  assert.ok(expected.includes(run.code ?? -1), `ubench ${args.join(' ')}\n${describeRun(run)}`);
  const results = readResults(jsonPath);
  assert.equal(results.complete, true, `incomplete results from ubench ${args.join(' ')}`);
  assert.deepEqual(results.fileErrors, [], `file errors from ubench ${args.join(' ')}`);
  return results;
}

/**
 * `code` for warnings and errors, `code (info)` for information; a `deoptimized` diagnostic also
 * names where the deoptimizations happened, since they may be in code other than the benchmark's.
 */
export function formatCode(d: Diagnostic): string {
  if (d.severity === 'info') return `${d.code} (info)`;
  if (d.code === 'deoptimized') {
    const deopts = (d.evidence?.['deopts'] ?? []) as DeoptEvent[];
    const where = [...new Set(deopts.map((e) => `${e.reason} @ ${e.location ?? '?'}`))];
    if (where.length > 0) return `${d.code} [${where.join('; ')}]`;
  }
  return d.code;
}

/** What one run said about one benchmark, as a table cell. */
export function describeBenchmark(b: BenchmarkResult | undefined): string {
  if (b === undefined) return 'missing';
  if (b.status !== 'ok') return `${b.status}: ${b.error?.message ?? '?'}`;
  return b.diagnostics.length === 0 ? '—' : b.diagnostics.map(formatCode).join(', ');
}

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A Markdown table. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Writes `test-artifacts/<name>` and prints it. */
export function publish(name: string, markdown: string): void {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(path.join(ARTIFACTS_DIR, name), `${markdown}\n`);
  console.log(`\n${markdown}\n(written to test-artifacts/${name})\n`);
}
