/**
 * A growth law with level steps: `t(n) ≈ M(n)·(a + c·f(n))`, where the level M is 1 up to the first
 * step and is multiplied by each step's factor (≥ 1) past it. A step sits between two consecutive
 * sizes: the working set leaving a cache raises the cost of every later size by about the same
 * factor, while the law goes on. Fitted by alternating weighted least squares: the law on the times
 * divided by their levels, then each level as the least-squares ratio of the times to the law.
 */
import { nonNegativeLineOn, scaledLineInput } from './non-negative-line.js';

/**
 * A cliff raises the cost 15% beyond the growth law (a fitted level step of at least ×1.15; the
 * consecutive-size rule asks it even at the CIs' edges). Measured on this project's machine, a sequential Float64Array sum's cost per element rose ×1.25 from a
 * 4 MiB to a 16 MiB working set (prefetching hides most of each miss): the mildest cache step to
 * catch; below 15%, a host drifting 2–4% (DESIGN.md §6) and a law slightly off make false cliffs.
 */
export const CLIFF_MIN_JUMP = 1.15;

/**
 * Rounds of alternation. Measured on synthetic sweeps of 11 sizes with two steps: the relative RMS
 * changed by under 1e-6 after 20 rounds; 40 leaves a margin at a cost of microseconds.
 */
const ALTERNATION_ROUNDS = 40;

/** A step of the level between consecutive sizes, after sorting by size. */
export interface LevelStep {
  /** The last size before the step. */
  fromN: number;
  /** The first size past it. */
  toN: number;
  /** The level past the step over the level before it (≥ 1). */
  multiplier: number;
}

export interface SteppedFit {
  a: number;
  c: number;
  steps: LevelStep[];
}

/**
 * Fits `M(n)·(a + c·x(n))` to points sorted by size, with steps after the given indices (a step at
 * index k lies between point k and k + 1). `x` is the law's term at each point (all 1 for O(1): then
 * c is 0 and a alone carries the level).
 */
export function fitSteppedLaw(ns: readonly number[], xs: readonly number[] | null, ys: readonly number[], ws: readonly number[], stepAfter: readonly number[]): SteppedFit {
  const count = ns.length;
  const segmentOf = new Int32Array(count);
  for (let i = 0; i < count; i++) for (const k of stepAfter) if (k < i) segmentOf[i]!++;
  const segments = stepAfter.length + 1;
  const levels = new Float64Array(segments).fill(1);
  // Scratch arrays reused every round: the fit runs for every step set of every model.
  const zs = new Float64Array(count);
  const zw = new Float64Array(count);
  const law = new Float64Array(count);
  const scaled = xs === null ? null : scaledLineInput(xs);
  let a = 0;
  let c = 0;
  for (let round = 0; round < ALTERNATION_ROUNDS; round++) {
    // The law on the times brought back to the first level; a point's weight scales with its level².
    for (let i = 0; i < count; i++) {
      const level = levels[segmentOf[i]!]!;
      zs[i] = ys[i]! / level;
      zw[i] = ws[i]! * level ** 2;
    }
    if (xs === null || scaled === null) {
      let num = 0;
      let den = 0;
      for (let i = 0; i < count; i++) num += zw[i]! * zs[i]!;
      for (let i = 0; i < count; i++) den += zw[i]!;
      a = num / den;
      c = 0;
    } else ({ a, c } = nonNegativeLineOn(scaled, zs, zw));
    for (let i = 0; i < count; i++) law[i] = a + c * (xs === null ? 0 : xs[i]!);
    // Each later level: least squares of y ≈ M·law within its segment, never below the level before.
    let moved = false;
    for (let g = 1; g < segments; g++) {
      let num = 0;
      let den = 0;
      for (let i = 0; i < count; i++) {
        if (segmentOf[i] !== g) continue;
        num += ws[i]! * ys[i]! * law[i]!;
        den += ws[i]! * law[i]! ** 2;
      }
      const level = Math.max(levels[g - 1]!, den > 0 ? num / den : levels[g - 1]!);
      if (level !== levels[g]) moved = true;
      levels[g] = level;
    }
    // Levels that did not move give the next round the same input: every later round repeats this one exactly.
    if (!moved) break;
  }
  const steps = stepAfter.map((k, j) => ({ fromN: ns[k]!, toN: ns[k + 1]!, multiplier: levels[j + 1]! / levels[j]! }));
  return { a, c, steps };
}

/** The level at size n: the product of the multipliers of the steps at or below it. */
export function levelAt(steps: readonly LevelStep[] | undefined, n: number): number {
  return (steps ?? []).reduce((m, s) => (n >= s.toN ? m * s.multiplier : m), 1);
}

/** Every set of at most `most` step positions among `gaps` gaps, as sorted index lists (the empty set first). */
export function stepSets(gaps: number, most: number): number[][] {
  const sets: number[][] = [[]];
  const extend = (set: number[], from: number): void => {
    if (set.length === most) return;
    for (let k = from; k < gaps; k++) {
      const next = [...set, k];
      sets.push(next);
      extend(next, k + 1);
    }
  };
  extend([], 0);
  return sets;
}
