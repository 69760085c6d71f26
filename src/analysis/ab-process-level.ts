/**
 * A process the host slowed as a whole. In `ab`, one process now and then reads most of its
 * benchmarks 10–20% slower than its side's other processes: a burst of the host that ABBA cannot
 * cancel, since it hits one process of a pair, and that can hide a change of any size (it moves one
 * pair's ratio to 1 or past it, and with 10 pairs among 10 benchmarks one such pair at the wrong
 * rank leaves p above Holm's bar). A process's level is the median over its benchmarks of its
 * estimate over that benchmark's median across the same side's processes: measured against its own
 * side only, so a real change, which moves all of B's processes alike, leaves every level at 1.
 */
import { groupedName } from '../results/text/grouped-name.js';
import { median } from '../stats/quantile.js';
import { comparedValue, type AbKey, type AbPair } from './ab-pairs.js';

/**
 * A level this far from 1 is a burst: twice the largest of 58 processes of three `ab` runs of a
 * 10-benchmark file here with no burst (±3.9%); the two bursts among them read +10.7% and +18.7%.
 */
export const BURST_LEVEL = 0.08;
/** A median over fewer benchmarks is one benchmark's own noise, not the process's. */
export const MIN_LEVEL_BENCHMARKS = 4;
/** A side's medians over fewer processes are no reference to hold one of them against. */
export const MIN_LEVEL_PAIRS = 4;

export interface ProcessLevel {
  /** Index of the pair (0-based) and the side whose process it is. */
  pair: number;
  side: 'a' | 'b';
  /** The process's estimates over its side's medians, the median over its benchmarks: 1.107 is 10.7% slow. */
  level: number;
  benchmarks: number;
}

/** Every process's level; none with fewer than MIN_LEVEL_PAIRS pairs or MIN_LEVEL_BENCHMARKS benchmarks measured on both sides. */
export function processLevels(pairs: readonly AbPair[], keyOf: AbKey = groupedName): ProcessLevel[] {
  if (pairs.filter((p) => p.a !== null && p.b !== null).length < MIN_LEVEL_PAIRS) return [];
  const levels: ProcessLevel[] = [];
  for (const side of ['a', 'b'] as const) {
    // Each benchmark's time in every pair's process of this side (null where it has none).
    const times = new Map<string, (number | null)[]>();
    pairs.forEach((p, i) => {
      for (const b of p[side]?.benchmarks ?? []) {
        if (!times.has(keyOf(b))) times.set(keyOf(b), Array<number | null>(pairs.length).fill(null));
        times.get(keyOf(b))![i] = comparedValue(b, 'time');
      }
    });
    const medians = new Map<string, number>();
    for (const [key, values] of times) {
      const known = values.filter((v): v is number => v !== null);
      if (known.length >= MIN_LEVEL_PAIRS) medians.set(key, median(known));
    }
    pairs.forEach((p, i) => {
      if (p.a === null || p.b === null) return;
      const ratios = [...medians].flatMap(([key, m]) => {
        const v = times.get(key)![i];
        return v == null || !(m > 0) ? [] : [v / m];
      });
      if (ratios.length >= MIN_LEVEL_BENCHMARKS) levels.push({ pair: i, side, level: median(ratios), benchmarks: ratios.length });
    });
  }
  return levels;
}

/** The pairs holding a process beyond BURST_LEVEL, the farthest first, each pair once (by its farther process). */
export function burstPairs(pairs: readonly AbPair[], keyOf: AbKey = groupedName): ProcessLevel[] {
  const bursts = processLevels(pairs, keyOf)
    .filter((l) => Math.abs(l.level - 1) > BURST_LEVEL)
    .sort((x, y) => Math.abs(y.level - 1) - Math.abs(x.level - 1));
  return bursts.filter((l, i) => bursts.findIndex((o) => o.pair === l.pair) === i);
}

/** What the report says of a pair measured again. */
export function burstText(burst: ProcessLevel): string {
  const side = burst.side.toUpperCase();
  const pct = `${burst.level >= 1 ? '+' : ''}${((burst.level - 1) * 100).toFixed(1)}%`;
  return `pair ${burst.pair + 1} measured again: its ${side} process read its ${burst.benchmarks} benchmarks ${pct} off ${side}'s other processes (median), a burst of the host that pairing cannot cancel`;
}
