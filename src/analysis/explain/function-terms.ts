/**
 * The change of ns/op split into each function's self time (`--profile` on both sides): a function
 * holding share s of the op's samples costs s × ns/op, so its term is s_new·ns_new − s_base·ns_base
 * and the terms of every function add up to the change. Hot lines the same way. A term is claimed
 * only when it clears the sampling noise of both shares and is a real part of the change.
 */
import type { BenchmarkResult, HotFunction, HotLine } from '../../results/types.js';

/** A term must exceed this many standard errors of the two shares: ~3σ keeps the chance of a false claim below 5% over the ~20 functions and lines of two top-10 lists (Bonferroni: z for 0.05/20 two-sided is 3.0). */
export const TERM_Z = 3;
/** A term smaller than this share of the change is not named as a cause: a tenth leaves room for the few terms that matter. */
export const MIN_TERM_SHARE = 0.1;

export interface Term {
  /** The function's or line's name as the profiles give it. */
  name: string;
  /** `file:line:column` of the function's start (new side's, else base's), or `file:line` of a line. */
  location: string | null;
  file: string | null;
  baseShare: number;
  newShare: number;
  deltaNs: number;
  /** Standard error of deltaNs from the two sampled shares. */
  seNs: number;
  /** Standard error of newShare − baseShare. */
  shareSe: number;
}

const fileOf = (location: string | null): string | null => (location === null ? null : location.replace(/:\d+(?::\d+)?$/, ''));

/** Functions are matched across the sides by name and file (a change elsewhere in the file moves their line); anonymous ones by where they start, having nothing else. */
const functionKey = (f: HotFunction): string => (f.function === '(anonymous)' ? `${f.function}\u0000${f.location ?? ''}` : `${f.function}\u0000${fileOf(f.location) ?? ''}`);
/** Lines by file and text (their numbers move with any edit above them). */
const lineKey = (l: HotLine): string => `${l.file}\u0000${l.text ?? l.line}`;

/** The binomial standard error of a share estimated from `n` samples. */
const shareSe = (share: number, n: number): number => (n > 0 ? Math.sqrt(Math.max(share * (1 - share), 1 / n) / n) : 1);

function terms<T>(
  base: readonly T[],
  next: readonly T[],
  key: (item: T) => string,
  share: (item: T) => number,
  describe: (item: T) => { name: string; location: string | null; file: string | null },
  sides: { baseNs: number; newNs: number; baseSamples: number; newSamples: number },
): Term[] {
  const byKey = new Map<string, { base: T | null; next: T | null }>();
  for (const item of base) byKey.set(key(item), { base: item, next: null });
  for (const item of next) byKey.set(key(item), { base: byKey.get(key(item))?.base ?? null, next: item });
  return [...byKey.values()].map(({ base: b, next: n }) => {
    const baseShare = b === null ? 0 : share(b) / 100;
    const newShare = n === null ? 0 : share(n) / 100;
    const [newSe, baseSe] = [shareSe(newShare, sides.newSamples), shareSe(baseShare, sides.baseSamples)];
    const seNs = Math.hypot(sides.newNs * newSe, sides.baseNs * baseSe);
    return { ...describe((n ?? b)!), baseShare, newShare, deltaNs: newShare * sides.newNs - baseShare * sides.baseNs, seNs, shareSe: Math.hypot(newSe, baseSe) };
  });
}

/**
 * A line edited between the runs keeps its number but not its text: a base line with no twin by
 * text takes the text of the new line at its number that has none either, so its term is the edit's.
 */
function pairEditedLines(base: readonly HotLine[], next: readonly HotLine[]): HotLine[] {
  const nextKeys = new Set(next.map(lineKey));
  const baseKeys = new Set(base.map(lineKey));
  return base.map((l) => {
    if (nextKeys.has(lineKey(l))) return l;
    const edited = next.find((n) => n.file === l.file && n.line === l.line && !baseKeys.has(lineKey(n)));
    return edited === undefined ? l : { ...l, text: edited.text };
  });
}

export interface ProfileTerms {
  functions: Term[];
  lines: Term[];
  /** The sum of every listed function's term over the change: how much of it the two top lists cover. */
  covered: number;
}

/** Whether both sides carry a measured CPU profile. */
export const profiled = (b: BenchmarkResult): boolean => b.profile.cpu?.status === 'measured' && b.profile.hot !== null;

/** Every function's and line's term, largest first; null unless both sides were profiled. */
export function profileTerms(base: BenchmarkResult, next: BenchmarkResult): ProfileTerms | null {
  if (!profiled(base) || !profiled(next) || base.estimate === null || next.estimate === null) return null;
  const sides = { baseNs: base.estimate.nsPerOp, newNs: next.estimate.nsPerOp, baseSamples: base.profile.cpu!.sampleCount, newSamples: next.profile.cpu!.sampleCount };
  const functions = terms(
    base.profile.hot!,
    next.profile.hot!,
    functionKey,
    (f) => f.selfPercent,
    (f) => ({ name: f.function, location: f.location, file: fileOf(f.location) }),
    sides,
  );
  const lines = terms(
    pairEditedLines(base.profile.lines ?? [], next.profile.lines ?? []),
    next.profile.lines ?? [],
    lineKey,
    (l) => l.percent,
    (l) => ({ name: l.text ?? `line ${l.line}`, location: `${l.file}:${l.line}`, file: l.file }),
    sides,
  );
  const change = sides.newNs - sides.baseNs;
  const byMagnitude = (a: Term, b: Term): number => Math.abs(b.deltaNs) - Math.abs(a.deltaNs);
  return { functions: functions.sort(byMagnitude), lines: lines.sort(byMagnitude), covered: change === 0 ? 0 : functions.reduce((sum, t) => sum + t.deltaNs, 0) / change };
}

/** Whether a term is a cause of a change of `changeNs`: beyond its noise, in the change's direction, and a real part of it. */
export const claimed = (term: Term, changeNs: number): boolean =>
  Math.abs(term.deltaNs) > TERM_Z * term.seNs && Math.sign(term.deltaNs) === Math.sign(changeNs) && Math.abs(term.deltaNs) >= MIN_TERM_SHARE * Math.abs(changeNs);

/**
 * Whether a term's share of the op moved beyond its noise. Where the code does the same work (or
 * less work, yet ran slower), a function that keeps its share only says where the time went: the
 * whole op slowed alike, which is the machine or the layout, not that function; one whose share
 * moved ran slower than the rest of the op.
 */
export const shareMoved = (term: Term): boolean => Math.abs(term.newShare - term.baseShare) > TERM_Z * term.shareSe;
