/**
 * Ratios between two things sampled in the same interleaved rounds (two benchmarks, or a benchmark
 * and its loop floor): per round, the one's ns/op over the other's, so a host step or burst that
 * slowed both cancels. The ratio is the median of the per-round ratios with its distribution-free
 * order-statistic interval.
 */
import type { Sample } from '../results/types.js';
import { medianWithInterval } from '../stats/median-ci.js';
import { CONFIDENCE } from '../results/derived-values.js';

/** The order-statistic interval of a median needs 6 values at 95%; with fewer pairs, fall back to unpaired. */
export const MIN_PAIRED_ROUNDS = 6;

export interface PairedRatio {
  ratio: number;
  ciLower: number;
  ciUpper: number;
  /** Rounds both took part in. */
  pairs: number;
}

/** Per-round ratios of `a` over `b` for the rounds both have, in `a`'s order (several samples of one round: the first counts). */
export function pairedRatios(a: readonly Sample[], b: readonly Sample[]): number[] {
  const byRound = new Map<number, number>();
  for (const s of b) if (s.round !== undefined && !byRound.has(s.round)) byRound.set(s.round, s.elapsedNs / s.iterations);
  const ratios: number[] = [];
  const seen = new Set<number>();
  for (const s of a) {
    if (s.round === undefined || seen.has(s.round)) continue;
    const other = byRound.get(s.round);
    seen.add(s.round);
    if (other !== undefined && other > 0) ratios.push(s.elapsedNs / s.iterations / other);
  }
  return ratios;
}

/** The paired ratio of `a` over `b`, or null when they share fewer than MIN_PAIRED_ROUNDS rounds. */
export function pairedRatio(a: readonly Sample[], b: readonly Sample[]): PairedRatio | null {
  const ratios = pairedRatios(a, b);
  if (ratios.length < MIN_PAIRED_ROUNDS) return null;
  const { median, lower, upper } = medianWithInterval(ratios, CONFIDENCE);
  return { ratio: median, ciLower: lower, ciUpper: upper, pairs: ratios.length };
}
