/**
 * Comparing two runs on instructions per operation (`--metric instructions`): the change of the
 * counts with its interval and test, called by the same rule as time (significant, and the whole
 * interval beyond the noise band). Each side's count is a regression slope with a Student's t
 * interval; the ratio's interval and test combine the two on the log scale (the delta method).
 * Counts do not move with the host, so no band is widened for single processes or host shifts.
 */
import type { BenchmarkResult, InstructionCount } from '../results/types.js';
import { normalCdf } from '../stats/normal.js';
import { studentTCritical } from '../stats/student-t.js';
import { callVerdict, COMPARE_CONFIDENCE, type CompareRow } from './compare-row.js';

/**
 * The noise band of instruction counts: 0.2%. Counts of unchanged code in separate processes agreed
 * within 0.1% here (docs/instructions.md), so a 0.2% band leaves room for that and still calls a 1%
 * change.
 */
export const INSTRUCTION_NOISE = 0.002;

type Measured = InstructionCount & { perOp: number; ciLower: number; ciUpper: number };

/** The benchmark's measured count, or null (not counted, failed, or from a run without `--instructions`). */
export function measuredCount(b: BenchmarkResult): Measured | null {
  const count = b.instructions;
  if (count == null || count.status !== 'measured' || count.perOp === null || count.ciLower === null || count.ciUpper === null || !(count.perOp > 0)) return null;
  return count as Measured;
}

/** Standard error of ln(count): the interval's half-width over its t factor, relative to the count. */
function logStandardError(count: Measured): number {
  const df = Math.max(1, count.processes * count.regions - 2);
  const half = (count.ciUpper - count.ciLower) / 2;
  return half / studentTCritical(COMPARE_CONFIDENCE, df) / count.perOp;
}

export function compareInstructionCounts(base: BenchmarkResult, next: BenchmarkResult, noise: number): CompareRow {
  const [a, b] = [measuredCount(base)!, measuredCount(next)!];
  const ratio = b.perOp / a.perOp;
  const logRatio = Math.log(ratio);
  const se = Math.hypot(logStandardError(a), logStandardError(b));
  // Exact counts on both sides: the change is what it is, with no doubt.
  const z = se > 0 ? logRatio / se : logRatio === 0 ? 0 : Number.POSITIVE_INFINITY;
  const pValue = 2 * (1 - normalCdf(Math.abs(z)));
  const half = se * studentTCritical(COMPARE_CONFIDENCE, Math.max(1, Math.min(a.processes * a.regions, b.processes * b.regions) - 2));
  const change = ratio - 1;
  const ciLower = Math.exp(logRatio - half) - 1;
  const ciUpper = Math.exp(logRatio + half) - 1;
  const called = callVerdict({ pValue, change, ciLower, ciUpper }, noise, { decide: 'more processes counted on both sides (--forks with --instructions)' });
  return {
    id: next.id,
    name: next.name,
    file: next.file,
    group: next.group,
    base: { nsPerOp: base.estimate?.nsPerOp ?? Number.NaN, n: a.processes * a.regions, perOp: a.perOp },
    new: { nsPerOp: next.estimate?.nsPerOp ?? Number.NaN, n: b.processes * b.regions, perOp: b.perOp },
    ratio,
    change,
    ciLower,
    ciUpper,
    pValue,
    unit: 'regions',
    verdict: called.verdict,
    hostShift: null,
    throughputShift: null,
    band: noise,
    reason: called.reason,
    warning: null,
    bytes: null,
  };
}
