/**
 * The evidence of the two sides other than the profile's shares, diffed: instructions per op (does
 * the code do more work?), deoptimizations new in the new run, the measured code's JIT tier,
 * bytes/op and the allocation sites behind them, the measured loop's machine code size.
 */
import type { AllocationSite, BenchmarkResult, DeoptEvent, WorkChange } from '../../results/types.js';
import { formatBytes, formatSignedPercent } from '../../results/text/format-units.js';

/** Instruction counts closer than this are the same work: callgrind counts repeat to well within 0.2% (the `--metric instructions` noise band, docs/comparing.md). */
export const SAME_WORK_BAND = 0.002;
/** Bytes/op that moved by less than this fraction (or 8 B, one word) did not change: bytes/op is exact to the byte (docs/memory.md) but a pointer's worth is layout. */
const ALLOCATION_CHANGE = 0.05;
const ALLOCATION_MIN_BYTES = 8;
/** The measured loop's code grew or shrank by this fraction: inlining or unrolling decided differently. */
const CODE_SIZE_CHANGE = 0.1;

/** Instructions per op on both sides, where counted: the work verdict. */
export function workChange(base: BenchmarkResult, next: BenchmarkResult, timeChange: number): WorkChange {
  const a = base.instructions?.status === 'measured' ? base.instructions.perOp : null;
  const b = next.instructions?.status === 'measured' ? next.instructions.perOp : null;
  if (a === null || b === null || a <= 0) return { verdict: 'unknown', base: a, new: b, change: null, withTime: null };
  const change = b / a - 1;
  if (Math.abs(change) <= SAME_WORK_BAND) return { verdict: 'same', base: a, new: b, change, withTime: null };
  return { verdict: change > 0 ? 'more' : 'less', base: a, new: b, change, withTime: Math.sign(change) === Math.sign(timeChange) };
}

export function workText(work: WorkChange): string | null {
  if (work.verdict === 'unknown' || work.change === null) return null;
  const counts = `instructions/op ${formatSignedPercent(work.change)}`;
  if (work.verdict === 'same') return `${counts}: the same work (within ±${SAME_WORK_BAND * 100}%)`;
  if (work.withTime === false) return `${counts} (the code does ${work.verdict} work, yet the time moved the other way: the machine or the layout outweighed it)`;
  return `${counts} (the code does ${work.verdict} work, not the machine)`;
}

const deoptKey = (d: DeoptEvent): string => `${d.reason}\u0000${d.location?.replace(/:\d+(?::\d+)?$/, '') ?? ''}`;

/** Deoptimizations of the new run whose reason and file the base run never showed. */
export function newDeopts(base: BenchmarkResult, next: BenchmarkResult): DeoptEvent[] {
  const known = new Set(base.profile.deopts.map(deoptKey));
  const seen = new Set<string>();
  return next.profile.deopts.filter((d) => {
    const key = deoptKey(d);
    if (known.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const OPTIMIZED = new Set(['turbofan', 'maglev', 'dfg']);

/** The measured code ran optimized at the end of sampling in the base run and not in the new one (or back). */
export function tierChange(base: BenchmarkResult, next: BenchmarkResult): string | null {
  const a = base.profile.tier?.afterSampling.tier;
  const b = next.profile.tier?.afterSampling.tier;
  if (a === undefined || b === undefined || OPTIMIZED.has(a) === OPTIMIZED.has(b)) return null;
  const what = next.profile.tier!.target === 'loop' ? 'the measured loop' : 'the benchmark function';
  return `${what} ran ${b} at the end of sampling (${a} before)`;
}

export interface AllocationChange {
  baseBytes: number;
  newBytes: number;
  /** Sites of the new run whose function and file the base run did not list. */
  newSites: AllocationSite[];
  text: string;
}

const siteKey = (s: AllocationSite): string => `${s.function}\u0000${s.location?.replace(/:\d+(?::\d+)?$/, '') ?? ''}`;

/** Bytes/op that changed, with the allocation sites new in the new run (where `--alloc-sites` ran on both sides). */
export function allocationChange(base: BenchmarkResult, next: BenchmarkResult): AllocationChange | null {
  const a = base.memory?.bytesPerOp;
  const b = next.memory?.bytesPerOp;
  if (a == null || b == null) return null;
  if (Math.abs(b - a) < Math.max(ALLOCATION_MIN_BYTES, ALLOCATION_CHANGE * Math.max(a, b))) return null;
  const known = new Set((base.memory?.allocationSites?.sites ?? []).map(siteKey));
  const newSites = (next.memory?.allocationSites?.sites ?? []).filter((s) => !s.harness && !known.has(siteKey(s)));
  const sites = newSites.map((s) => `new allocation site ${s.function}${s.location === null ? '' : ` ${s.location}`}`);
  return { baseBytes: a, newBytes: b, newSites, text: [`bytes/op ${formatBytes(a)} → ${formatBytes(b)}`, ...sites].join('; ') };
}

/** The measured loop's machine code changed size (`--disasm` on both sides). */
export function codeSizeChange(base: BenchmarkResult, next: BenchmarkResult): string | null {
  const a = base.profile.disasm?.status === 'done' ? base.profile.disasm.instructions.length : null;
  const b = next.profile.disasm?.status === 'done' ? next.profile.disasm.instructions.length : null;
  if (a === null || b === null || a === 0 || Math.abs(b / a - 1) < CODE_SIZE_CHANGE) return null;
  return `the measured loop's machine code: ${a} → ${b} instructions`;
}

/** The evidence flags a side lacks, for the note. */
export function missingEvidence(base: BenchmarkResult, next: BenchmarkResult): string[] {
  const lacks = (has: (b: BenchmarkResult) => boolean): boolean => !has(base) || !has(next);
  return [
    lacks((b) => b.profile.cpu?.status === 'measured') ? '--profile' : null,
    lacks((b) => b.instructions?.status === 'measured') ? '--instructions' : null,
    lacks((b) => b.memory?.allocationSites != null) ? '--alloc-sites' : null,
    lacks((b) => b.profile.disasm?.status === 'done') ? '--disasm' : null,
  ].filter((flag): flag is string => flag !== null);
}
