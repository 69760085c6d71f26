/**
 * `--instructions` in the terminal: the `instr/op` column of a file's tables, and a footnote per file
 * saying how they were counted and what they are not (time), with the simulated cache misses when
 * asked for and why a count failed.
 */
import type pc from 'picocolors';
import { MISSING_VALUE_TEXT, formatPlusMinusPercent, formatSignificant } from '../results/text/format-units.js';
import type { BenchmarkResult, InstructionCount } from '../results/types.js';

type Colors = ReturnType<typeof pc.createColors>;

/** Digits of an instruction count: 5 significant show a 0.01% difference, what the counts resolve. */
const INSTRUCTION_DIGITS = 5;

/** Whether any of the benchmarks was counted (the column shows then). */
export const hasInstructions = (benchmarks: readonly BenchmarkResult[]): boolean => benchmarks.some((b) => b.instructions != null);

/** `1,234.5 ±0.01%` per operation, or a dash. */
export function instructionCell(benchmark: BenchmarkResult): string {
  const count = benchmark.instructions;
  if (count == null || count.status !== 'measured' || count.perOp === null) return MISSING_VALUE_TEXT;
  const halfWidth = count.ciUpper === null || count.perOp === 0 ? 0 : (count.ciUpper - count.perOp) / Math.abs(count.perOp);
  return `${formatCount(count.perOp)} ${formatPlusMinusPercent(halfWidth)}`;
}

function formatCount(value: number): string {
  const text = formatSignificant(value, INSTRUCTION_DIGITS, 1);
  const [whole, decimals] = text.split('.');
  return `${Number(whole).toLocaleString('en-US')}${decimals === undefined ? '' : `.${decimals}`}`;
}

function how(count: InstructionCount): string {
  return `instr/op: machine instructions per operation of the optimized loop, counted by ${count.tool} in ${count.processes} process${count.processes === 1 ? '' : 'es'} × ${count.regions} regions (slope over iterations; V8 ${count.flags.join(' ')}); counts, not time — memory stalls and mispredictions cost nothing here`;
}

/** The footnote under a file's tables. */
export function instructionPassLines(benchmarks: readonly BenchmarkResult[], indent: string, c: Colors): string[] {
  const counted = benchmarks.filter((b) => b.instructions != null);
  if (counted.length === 0) return [];
  const lines: string[] = [''];
  const measured = counted.find((b) => b.instructions!.status === 'measured');
  if (measured !== undefined) lines.push(`${indent}${c.dim(how(measured.instructions!))}`);
  for (const b of counted) {
    const count = b.instructions!;
    if (count.status === 'measured' && (count.collectionPerOp ?? 0) > 0) {
      lines.push(
        `${indent}${c.dim(`${b.name}: garbage collections ran inside the regions: ${formatCount(count.collectionPerOp!)} instr/op of theirs, not in instr/op (where a collection falls depends on the region, not the code)`)}`,
      );
    }
    if (count.status !== 'measured') lines.push(`${indent}${count.status === 'failed' ? c.red(`✖ ${b.name}: ${count.reason}`) : c.dim(`${b.name}: instructions ${count.status}: ${count.reason}`)}`);
    else if (count.simulatedCache !== null) {
      const s = count.simulatedCache;
      lines.push(
        `${indent}${c.dim(`${b.name}: simulated cache misses per op (callgrind's model of a generic cache, not this CPU): L1 data ${formatCount(s.l1DataPerOp)}, last-level data ${formatCount(s.lastLevelDataPerOp)}, L1 instruction ${formatCount(s.l1InstructionPerOp)}`)}`,
      );
    }
  }
  return lines;
}
