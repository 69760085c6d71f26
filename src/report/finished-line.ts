/**
 * The plain line a CI log gets when a benchmark finishes (stderr not a terminal):
 * `[3/12] sort.bench.ts › sort(n=100)  1.23 µs ±0.8%  (CI 1.22 µs – 1.24 µs)  precision reached  2 warnings`
 * (or "host's limit reached (±x%, …)" when sampling stopped there; nothing when the budget ended it), or how the
 * benchmark failed. One line, no colour and no cursor movement, so a log shows the run moving.
 */
import { visibleStrings } from '../results/text/visible-text.js';
import { estimateHalfWidth } from '../results/derived-values.js';
import type { FinishedBenchmark } from '../results/finished-benchmark.js';
import { formatDuration, formatPlusMinusPercent } from '../results/text/format-units.js';
import { oneLineMessage } from '../results/text/one-line-message.js';
import { stopText } from '../results/text/stop-text.js';
import type { BenchmarkResult } from '../results/types.js';

/** `file › group › name [runtime]`, as the terminal tables group them. */
function benchmarkName(b: BenchmarkResult, runtime: string | null): string {
  return [b.file, ...(b.group === null ? [] : [b.group]), b.name].join(' › ') + (runtime === null ? '' : ` [${runtime}]`);
}

function failureText(b: BenchmarkResult): string {
  const how = b.status === 'timeout' ? 'timed out' : b.status === 'error' ? 'failed' : 'no estimate';
  const where = b.error?.location == null ? '' : ` (${b.error.location})`;
  return `${how}: ${oneLineMessage(b.error?.message ?? 'no result')}${where}`;
}

/** The line for a finished benchmark: its estimate with its CI and how many warnings it has, or how it failed. */
export function finishedLine(f: FinishedBenchmark): string {
  return finishedLineVisible(visibleStrings(f));
}

function finishedLineVisible(f: FinishedBenchmark): string {
  const b = f.result;
  const fork = f.fork === null ? '' : ` fork ${f.fork.index}/${f.fork.count}`;
  const head = `${f.label === null ? '' : `${f.label} `}[${f.done}/${Math.max(f.total, f.done)}]${fork} ${benchmarkName(b, f.runtime)}`;
  if (b.status !== 'ok' || b.estimate === null) return `${head}  ${failureText(b)}`;
  const e = b.estimate;
  const warnings = b.diagnostics.filter((d) => d.severity !== 'info').length;
  const warned = warnings === 0 ? '' : `  ${warnings} warning${warnings === 1 ? '' : 's'}`;
  if (b.fixedCost?.separated === false)
    return `${head}  cannot tell the per-operation cost: a fixed cost of ${formatDuration(b.fixedCost.fixedNs)} per sample swamps it (slope at most ${formatDuration(e.ciUpper)})${warned}`;
  const stop = stopText(b.precision);
  return `${head}  ${formatDuration(e.nsPerOp)} ${formatPlusMinusPercent(estimateHalfWidth(e))}  (CI ${formatDuration(e.ciLower)} – ${formatDuration(e.ciUpper)})${stop === null ? '' : `  ${stop}`}${warned}`;
}
