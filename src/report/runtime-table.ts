/**
 * Several runtimes side by side: a row per benchmark, a column per runtime with its estimate and
 * interval, and every runtime after the first with its time relative to the first and that ratio's
 * interval (`0.62× (0.60–0.64)`: < 1 is faster). Reads only the results file.
 */
import { estimateHalfWidth } from '../results/derived-values.js';
import { formatDuration, formatPlusMinusPercent, MISSING_VALUE_TEXT } from '../results/text/format-units.js';
import { runtimeDisplay } from '../results/runtime-identity.js';
import { isMultiRuntime, runtimeFreeId, runtimeKey } from '../results/runtime-keys.js';
import type { BenchmarkResult, ResultsFile, RunRuntime } from '../results/types.js';
import { formatWithInterval } from './relative-text.js';

/** One cell's text per runtime, for a benchmark. */
export interface RuntimeRow {
  file: string;
  group: string | null;
  name: string;
  /** Per runtime, in the file's order: the estimate cell and, after the first, the ratio cell. */
  cells: { estimate: string; ratio: string | null; ratioKind: 'faster' | 'slower' | 'same' | 'none' }[];
}

export interface RuntimeTable {
  runtimes: RunRuntime[];
  rows: RuntimeRow[];
}

/** `1.234 µs ±1.2%`, or the status of a benchmark that did not finish. */
function estimateCell(result: BenchmarkResult | undefined): string {
  if (result === undefined) return 'not run';
  if (result.status !== 'ok') return result.status;
  if (result.estimate === null) return MISSING_VALUE_TEXT;
  return `${formatDuration(result.estimate.nsPerOp)} ${formatPlusMinusPercent(estimateHalfWidth(result.estimate))}`;
}

function ratioCell(result: BenchmarkResult | undefined): { ratio: string | null; ratioKind: RuntimeRow['cells'][number]['ratioKind'] } {
  const relative = result?.runtimeRelative;
  if (relative === undefined || relative === null || !(relative.ratio > 0)) return { ratio: null, ratioKind: 'none' };
  const { value, interval } = formatWithInterval(relative.ratio, relative.ciLower, relative.ciUpper, false);
  const kind = relative.ciUpper < 1 ? 'faster' : relative.ciLower > 1 ? 'slower' : 'same';
  return { ratio: `${value}× ${interval}`, ratioKind: kind };
}

/** The side-by-side table of a run with several runtimes; null otherwise. */
export function runtimeTable(results: ResultsFile): RuntimeTable | null {
  if (!isMultiRuntime(results)) return null;
  const runtimes = results.runtimes!;
  const byKey = new Map<string, BenchmarkResult>();
  const order: BenchmarkResult[] = [];
  for (const result of results.benchmarks) {
    const key = runtimeFreeId(result);
    if (!order.some((r) => runtimeFreeId(r) === key)) order.push(result);
    byKey.set(`${key}\u0000${runtimeKey(result)}`, result);
  }
  const rows = order.map((first) => {
    const key = runtimeFreeId(first);
    const cells = runtimes.map((runtime, index) => {
      const result = byKey.get(`${key}\u0000${runtime.label}`);
      return { estimate: estimateCell(result), ...(index === 0 ? { ratio: null, ratioKind: 'none' as const } : ratioCell(result)) };
    });
    return { file: first.file, group: first.group, name: first.name, cells };
  });
  return { runtimes, rows };
}

/** `node = Node 20.20.2 (V8 11.3.244.8), bun = Bun 1.4.5 (JavaScriptCore d6375c7)`. */
export function runtimesLegend(runtimes: readonly RunRuntime[]): string {
  return runtimes.map((r) => `${r.label} = ${runtimeDisplay(r)} (${r.engine} ${r.engine === 'JavaScriptCore' ? r.engineVersion.slice(0, 7) : r.engineVersion})`).join(', ');
}
