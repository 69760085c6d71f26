/**
 * What the provider prints to the test's console for each benchmark (vitest shows a test's
 * console output with the test): ubench's estimate with its CI, the loop floor, and every
 * diagnostic with its hint — the part of ubench's report that vitest's table has no column for.
 */
import type { BenchmarkResult } from '../results/types.js';
import { formatDuration, formatPlusMinusPercent } from '../results/text/format-units.js';

const MARK = { error: '✖', warning: '⚠', info: 'ℹ' } as const;

export function benchmarkLines(result: BenchmarkResult): string[] {
  const head = `ubench ${result.name}`;
  const estimate = result.estimate;
  if (estimate === null) return [`${head}: ${result.status}: ${result.error?.message ?? 'no estimate'}`];
  const half = (estimate.ciUpper - estimate.ciLower) / 2;
  const floor = result.floorNsPerOp === null ? '' : `, loop floor ${formatDuration(result.floorNsPerOp)}`;
  const lines = [
    `${head}: ${formatDuration(estimate.nsPerOp)}/op ${formatPlusMinusPercent(estimate.nsPerOp > 0 ? half / estimate.nsPerOp : 0)} (${Math.round(estimate.confidence * 100)}% CI ${formatDuration(estimate.ciLower)}–${formatDuration(estimate.ciUpper)}, ${result.samples.length} samples${floor})`,
  ];
  for (const d of result.diagnostics) lines.push(`  ${MARK[d.severity]} ${d.code}: ${d.message}. ${d.hint}`);
  return lines;
}
