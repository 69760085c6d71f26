/**
 * The search of `ubench bisect`, apart from any measuring: a binary search over the commits after
 * the good end (index 0) up to the bad end (index n), for the first one whose step is called
 * slower. Each step is one of four: slower, not slower, undecided (the measurement could not tell,
 * even after measuring more) or skipped (it could not be measured: no build, no bench file, a
 * benchmark failing). An undecided or skipped commit is set aside as `git bisect skip` does, and the
 * search goes on with the untried commit nearest the middle; where the set-aside commits stand
 * between the last good and the first bad, the answer is that range rather than a guess. The bad end
 * is measured first: when it is not slower (or cannot be told) there is nothing to search for, and
 * the bisect says so after one step instead of converging on a commit the premise does not support.
 */

export type StepVerdict = 'slower' | 'not-slower' | 'undecided' | 'skipped';

/** What a step found; the measuring side fills in the numbers (absent for a skipped step). */
export interface StepResult {
  verdict: StepVerdict;
  /** Why: the benchmark and its change for a measured step, the cause for a skipped one, what would decide an undecided one. */
  reason: string;
  /** The deciding benchmark's change against the good end and its interval (null without one). */
  change?: number | null;
  ciLower?: number | null;
  ciUpper?: number | null;
  benchmark?: string | null;
  /** Pairs measured, and the metric that decided (`time`, or `instructions` after an escalation). */
  pairs?: number;
  metric?: string;
  /** What judged the deciding benchmark under instructions: its repeating counts' range (`counted`), or the signed-rank test. */
  judgedBy?: 'counted' | 'signed-rank';
  /** Wall time of the step, ms. */
  ms?: number;
}

export interface BisectStep {
  /** The commit's index: 1 is the first after the good end, n the bad end. */
  index: number;
  result: StepResult;
  /** Taken from the state of an earlier run (`--resume`), not measured now. */
  resumed: boolean;
}

/** Measures one commit; null when interrupted. `resumed` says the answer came from an earlier run. */
export type Measure = (index: number) => Promise<{ result: StepResult; resumed: boolean } | null>;

export type BisectOutcome =
  /** The first commit slower beyond the threshold, its last good predecessor being `good`. */
  | { kind: 'found'; index: number; good: number; steps: BisectStep[] }
  /** The first slower commit is one of good+1..bad, and the commits between could not be decided or measured. */
  | { kind: 'range'; good: number; bad: number; unresolved: number[]; steps: BisectStep[] }
  /** The bad end itself is not slower than the good end: no regression to find. */
  | { kind: 'nothing'; steps: BisectStep[] }
  /** The bad end could not be decided or measured: no premise to search on. */
  | { kind: 'bad-end-unknown'; good: number; steps: BisectStep[] }
  /** Stopped (Ctrl-C) with good..bad still open; `badConfirmed` says whether bad was measured slower. */
  | { kind: 'interrupted'; good: number; bad: number; badConfirmed: boolean; steps: BisectStep[] };

/** The untried commit strictly between lo and hi nearest the middle (a tie goes to the later one), or null. */
export function nextCandidate(lo: number, hi: number, setAside: ReadonlySet<number>): number | null {
  const mid = Math.floor((lo + hi) / 2);
  for (let d = 0; mid + d < hi || mid - d > lo; d++) {
    for (const c of [mid + d, mid - d]) if (c > lo && c < hi && !setAside.has(c)) return c;
  }
  return null;
}

/** The most measured steps a search over n commits after the good end takes without skips: one for the bad end, ⌈log2 n⌉ between. */
export function maxSteps(n: number): number {
  return n <= 1 ? 1 : Math.ceil(Math.log2(n)) + 1;
}

/** Runs the search over commits 1..n with `measure`; n ≥ 1. */
export async function bisect(n: number, measure: Measure): Promise<BisectOutcome> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`bisect: expected at least one commit after the good end, got ${n}`);
  const steps: BisectStep[] = [];
  // The bad end first: a search on the premise that it is slower is worth nothing when it is not.
  const end = await measure(n);
  if (end === null) return { kind: 'interrupted', good: 0, bad: n, badConfirmed: false, steps };
  steps.push({ index: n, result: end.result, resumed: end.resumed });
  if (end.result.verdict === 'not-slower') return { kind: 'nothing', steps };
  if (end.result.verdict !== 'slower') return { kind: 'bad-end-unknown', good: 0, steps };
  const setAside = new Set<number>();
  let lo = 0;
  let hi = n;
  for (;;) {
    const index = nextCandidate(lo, hi, setAside);
    if (index === null) {
      const unresolved = [...setAside].filter((i) => i > lo && i < hi).sort((a, b) => a - b);
      return unresolved.length === 0 ? { kind: 'found', index: hi, good: lo, steps } : { kind: 'range', good: lo, bad: hi, unresolved, steps };
    }
    const measured = await measure(index);
    if (measured === null) return { kind: 'interrupted', good: lo, bad: hi, badConfirmed: true, steps };
    steps.push({ index, result: measured.result, resumed: measured.resumed });
    const { verdict } = measured.result;
    if (verdict === 'slower') hi = index;
    else if (verdict === 'not-slower') lo = index;
    else setAside.add(index);
  }
}
