/**
 * Why one benchmark's time changed: its evidence on both sides (function-terms.ts,
 * evidence-facts.ts) made into causes, ranked by how much of the change each accounts for. A
 * function whose self time grew is the cause's place; what changed in kind there (a new deopt in it,
 * a new allocation site of it, the collector's time with more bytes/op) names the cause. Facts the
 * profiles cannot size (no profile on both sides) follow the sized ones, a change in how the code
 * runs (tier, deopt) before one in what it allocates. When no evidence differs, no cause is claimed.
 */
import type { BenchmarkResult, ExplainCause, Explanation } from '../../results/types.js';
import { formatDuration, formatSignedPercent } from '../../results/text/format-units.js';
import { allocationChange, codeSizeChange, missingEvidence, newDeopts, tierChange, workChange, workText } from './evidence-facts.js';
import { claimed, profileTerms, shareMoved, type Term } from './function-terms.js';

/** Hot lines listed under a function cause. */
const LINES_PER_CAUSE = 2;
const GC_FUNCTION = '(garbage collector)';

const pct = (share: number): string => `${Math.round(share * 100)}%`;
const signedNs = (ns: number): string => `${ns >= 0 ? '+' : '-'}${formatDuration(Math.abs(ns))}`;

/** `lexer.ts:88:3` lies in the function starting at `lexer.ts:80:1` (the nearest start above it in the file). */
function containing(location: string | null, functions: readonly Term[]): Term | null {
  const at = /^(.*?):(\d+)(?::\d+)?$/.exec(location ?? '');
  if (at === null) return null;
  let best: Term | null = null;
  let bestLine = -1;
  for (const f of functions) {
    const start = /^(.*?):(\d+)(?::\d+)?$/.exec(f.location ?? '');
    if (start === null || start[1] !== at[1]) continue;
    const line = Number(start[2]);
    if (line <= Number(at[2]) && line > bestLine) [best, bestLine] = [f, line];
  }
  return best;
}

const RANK: Record<ExplainCause['kind'], number> = { tier: 0, deopt: 1, allocation: 2, function: 3, 'code-size': 4 };

/** The explanation of a change from `base` to `next` (both analysed results of the same benchmark). */
export function explainChange(base: BenchmarkResult, next: BenchmarkResult, change: { change: number; ciLower: number; ciUpper: number }): Explanation {
  const baseNs = base.estimate?.nsPerOp ?? Number.NaN;
  const newNs = next.estimate?.nsPerOp ?? Number.NaN;
  const changeNs = newNs - baseNs;
  const work = workChange(base, next, change.change);
  const deopts = newDeopts(base, next);
  const tier = tierChange(base, next);
  const allocation = allocationChange(base, next);
  const codeSize = codeSizeChange(base, next);
  const terms = profileTerms(base, next);
  const causes: ExplainCause[] = [];
  /** Each function term's cause, largest term first, with its facts apart from its self time. */
  const termCauses: { name: string; cause: ExplainCause; facts: string[]; self: string }[] = [];
  const placed = { deopts: new Set<number>(), sites: new Set<number>() };
  // Without more work in the change's direction, only a function whose share moved is a cause (shareMoved).
  const workExplains = work.verdict !== 'same' && work.withTime !== false;
  for (const term of terms?.functions.filter((t) => claimed(t, changeNs) && (workExplains || shareMoved(t))) ?? []) {
    const facts: string[] = [];
    let kind: ExplainCause['kind'] = 'function';
    deopts.forEach((d, i) => {
      if (containing(d.location, terms!.functions) !== term) return;
      placed.deopts.add(i);
      kind = 'deopt';
      facts.push(`new deopt '${d.reason}' at ${d.location}`);
    });
    allocation?.newSites.forEach((s, i) => {
      if (s.function !== term.name || s.location?.replace(/:\d+(?::\d+)?$/, '') !== term.file) return;
      placed.sites.add(i);
      if (kind === 'function') kind = 'allocation';
      facts.push(`new allocation site ${s.function}${s.location === null ? '' : ` ${s.location}`}`);
    });
    if (term.name === GC_FUNCTION && allocation !== null) {
      kind = 'allocation';
      facts.push(allocation.text);
    }
    const self = `self time of ${term.name} ${pct(term.baseShare)} → ${pct(term.newShare)} of the op (${signedNs(term.deltaNs)} of ${signedNs(changeNs)})`;
    const lines = (terms?.lines ?? []).filter((l) => l.file === term.file && claimed(l, changeNs)).slice(0, LINES_PER_CAUSE);
    const cause: ExplainCause = {
      kind,
      text: [...facts, self].join('; '),
      share: changeNs === 0 ? null : term.deltaNs / changeNs,
      deltaNs: term.deltaNs,
      location: term.location,
      details: lines.map((l) => `${l.location}: ${pct(l.baseShare)} → ${pct(l.newShare)} (${signedNs(l.deltaNs)}) ${l.name}`),
    };
    causes.push(cause);
    termCauses.push({ name: term.name, cause, facts, self });
  }
  // Bytes/op that moved with the time where no function took the new sites (they were inlined into the
  // measured loop, which the allocation profiler names as the loop): the largest function term of the
  // change other than the collector allocates them — the collector's term, if any, is what collecting
  // them costs. A new deopt there keeps its name: the allocation is what the code optimized again
  // after it does (a generic operation boxing its numbers), so it follows the deopt in the text.
  const largest = termCauses.find((t) => t.name !== GC_FUNCTION);
  let allocationTold = false;
  if (allocation !== null && placed.sites.size === 0 && largest !== undefined && Math.sign(allocation.newBytes - allocation.baseBytes) === Math.sign(changeNs)) {
    if (largest.cause.kind === 'function') largest.cause.kind = 'allocation';
    largest.cause.text = [...largest.facts, allocation.text, largest.self].join('; ');
    allocationTold = true;
  }
  const unsized = (kind: ExplainCause['kind'], text: string, location: string | null = null): ExplainCause => ({ kind, text, share: null, deltaNs: null, location, details: [] });
  if (tier !== null) causes.push(unsized('tier', tier));
  deopts.forEach((d, i) => {
    if (!placed.deopts.has(i)) causes.push(unsized('deopt', `new deopt '${d.reason}' at ${d.location ?? 'an unknown position'}`, d.location));
  });
  if (allocation !== null && !allocationTold && !causes.some((c) => c.kind === 'allocation')) causes.push(unsized('allocation', allocation.text));
  if (codeSize !== null) causes.push(unsized('code-size', codeSize));
  causes.sort((a, b) => ((a.share === null) !== (b.share === null) ? (a.share === null ? 1 : -1) : a.share !== null ? b.share! - a.share : RANK[a.kind] - RANK[b.kind]));
  const missing = missingEvidence(base, next);
  return {
    id: next.id,
    name: next.name,
    ...change,
    baseNs,
    newNs,
    work,
    causes,
    covered: terms?.covered ?? null,
    note: noteOf(causes.length, work.verdict, missing, change.change),
    missing,
  };
}

function noteOf(causes: number, work: Explanation['work']['verdict'], missing: readonly string[], change: number): string | null {
  if (causes > 0) return missing.length === 0 ? null : `without ${missing.join(', ')} on both sides, part of the evidence is missing`;
  if (work === 'same' && missing.length === 0) return 'no evidence differs: the same instructions, allocation and profile — layout, alignment or the machine, not the code';
  if (work === 'same') return `the same instructions per op and no other difference seen (without ${missing.join(', ')} on both sides): layout, alignment or the machine, not the code`;
  const direction = change > 0 ? 'slower' : 'faster';
  return missing.length === 0 ? `no evidence tells why it ran ${direction}` : `no cause found (${missing.join(', ')} missing on a side)`;
}

/** `tokenize +12.1% [+9.4%, +15.0%]`. */
export const explanationHead = (e: Explanation): string => `${e.name} ${formatSignedPercent(e.change)} [${formatSignedPercent(e.ciLower)}, ${formatSignedPercent(e.ciUpper)}]`;

/** The explanation in one line: the change, the work verdict and the causes, most first. */
export function explanationLine(e: Explanation): string {
  const head = explanationHead(e);
  const parts = [workText(e.work), ...e.causes.map((c) => c.text), e.note].filter((p): p is string => p !== null);
  return `${head}: ${parts.join('; ')}`;
}
