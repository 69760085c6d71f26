/**
 * The memory passes in the terminal report, under a file's tables: GC cost by elimination
 * (`--gc-cost`) as a table of normal vs GC-free time with the overhead and its CI, and the top
 * allocation sites (`--alloc-sites`) per benchmark with their callers.
 */
import type pc from 'picocolors';
import { allocates } from '../results/memory-types.js';
import type { BenchmarkResult, GcCost } from '../results/types.js';
import { MISSING_VALUE_TEXT, formatBytes, formatDuration, formatPercent } from '../results/text/format-units.js';
import { renderTable, type TableCell, type TableColumn } from './text-table.js';

type Colors = ReturnType<typeof pc.createColors>;

const INDENT_STEP = '  ';
/** Sites shown per benchmark in the terminal (the JSON keeps the top ten). */
const SITES_SHOWN = 5;

const GC_COLUMNS: readonly TableColumn[] = [
  { align: 'left', shrinkable: true, minWidth: 12 }, // name
  { align: 'right' }, // normal
  { align: 'right' }, // no GC
  { align: 'right' }, // overhead
  { align: 'right' }, // share
  { align: 'left' }, // verdict
];
const GC_HEADER = ['benchmark', 'time/op', 'without GC', 'GC adds', 'share [95% CI]', ''];

function gcVerdict(cost: GcCost, allocating: boolean, c: Colors): TableCell {
  if (cost.overhead === null) return { text: '' };
  if (cost.overhead.significant) return { text: 'significant', paint: c.yellow };
  return { text: allocating ? '~ (within noise)' : '~ (allocates nothing)', paint: c.dim };
}

function gcRow(benchmark: BenchmarkResult, cost: GcCost, c: Colors): TableCell[] {
  const name = { text: benchmark.name, paint: c.bold };
  const normal = { text: benchmark.estimate === null ? MISSING_VALUE_TEXT : formatDuration(benchmark.estimate.nsPerOp) };
  if (cost.status !== 'measured' || cost.noGc === null || cost.overhead === null) {
    return [name, normal, { text: cost.status === 'impossible' ? 'impossible' : 'failed', paint: c.red }, { text: MISSING_VALUE_TEXT }, { text: MISSING_VALUE_TEXT }, { text: '' }];
  }
  const o = cost.overhead;
  return [
    name,
    normal,
    { text: formatDuration(cost.noGc.nsPerOp) },
    { text: `${formatDuration(o.nsPerOp)} [${formatDuration(o.ciLower)}, ${formatDuration(o.ciUpper)}]` },
    { text: `${formatPercent(o.share)} [${formatPercent(o.shareCiLower)}, ${formatPercent(o.shareCiUpper)}]` },
    gcVerdict(cost, benchmark.memory !== null && allocates(benchmark.memory), c),
  ];
}

function gcCostLines(benchmarks: readonly BenchmarkResult[], indent: string, width: number | undefined, c: Colors): string[] {
  const rows = benchmarks.flatMap((b) => (b.memory?.gcCost == null ? [] : [{ b, cost: b.memory.gcCost }]));
  if (rows.length === 0) return [];
  const semi = rows.find((r) => r.cost.semiSpaceMiB !== null)?.cost.semiSpaceMiB;
  const lines = ['', `${indent}${c.bold('GC cost by elimination')} ${c.dim(`(each benchmark again in a process with ${semi ?? '?'} MiB semi-spaces, every sample GC-free)`)}`];
  const table = [GC_HEADER.map((text) => ({ text, paint: c.dim })), ...rows.map(({ b, cost }) => gcRow(b, cost, c))];
  lines.push(...renderTable(table, GC_COLUMNS, width === undefined ? { indent: indent + INDENT_STEP } : { indent: indent + INDENT_STEP, maxWidth: width }));
  for (const { b, cost } of rows) {
    if (cost.reason !== null) lines.push(`${indent}${INDENT_STEP}${c.dim(`${b.name}: ${cost.reason}`)}`);
  }
  return lines;
}

function allocSiteLines(benchmarks: readonly BenchmarkResult[], indent: string, c: Colors): string[] {
  const withSites = benchmarks.filter((b) => b.memory?.allocationSites != null && b.memory.allocationSites.status !== 'skipped');
  if (withSites.length === 0) return [];
  const lines = ['', `${indent}${c.bold('allocation sites')} ${c.dim('(sampling heap profiler, code as timed: inlined callees count as their caller; bytes per operation)')}`];
  for (const b of withSites) {
    const sites = b.memory!.allocationSites!;
    const inner = indent + INDENT_STEP;
    if (sites.status === 'failed') {
      lines.push(`${inner}${c.bold(b.name)}: ${c.red(sites.reason ?? 'failed')}`);
      continue;
    }
    lines.push(`${inner}${c.bold(b.name)} ${c.dim(`${formatBytes(sites.sampledBytesPerOp)}/op sampled, ${formatBytes(b.memory!.bytesPerOp)}/op measured`)}`);
    for (const site of sites.sites.slice(0, SITES_SHOWN)) {
      const where = site.location === null ? '' : ` ${c.dim(site.location)}`;
      const callers = site.callers.length === 0 ? '' : c.dim(` ← ${site.callers.join(' ← ')}`);
      lines.push(`${inner}${INDENT_STEP}${formatPercent(site.share).padStart(6)}  ${formatBytes(site.bytesPerOp).padStart(9)}  ${site.function}${where}${callers}`);
    }
  }
  return lines;
}

export function memoryPassLines(benchmarks: readonly BenchmarkResult[], indent: string, width: number | undefined, c: Colors): string[] {
  return [...gcCostLines(benchmarks, indent, width, c), ...allocSiteLines(benchmarks, indent, c)];
}
