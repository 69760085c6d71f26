/**
 * Instructions per operation from the regions every counting process ran: the least-squares slope of
 * instructions against iterations over all of them, with Student's t interval. The intercept takes
 * what each region pays once (the loop's entry, the clock reads, the markers); a process whose count
 * differed would show in the residuals and widen the interval. The pass records the regions; this
 * fit runs when it records them and again whenever a results file holding them is analysed.
 */
import { CONFIDENCE } from '../results/derived-values.js';
import type { InstructionCount, RegionCount, SimulatedCacheMisses } from '../results/instruction-types.js';
import { linearFit, slopeStandardError, studentTCritical } from '../stats/index.js';

export type { RegionCount };

export interface SlopeEstimate {
  perOp: number;
  ciLower: number;
  ciUpper: number;
}

/** The slope of one event over the regions; the interval collapses to the slope when the counts lie on a line exactly. */
export function eventSlope(regions: readonly Pick<RegionCount, 'iterations' | 'events'>[], event: string): SlopeEstimate | null {
  const xs = regions.map((r) => r.iterations);
  const ys = regions.map((r) => r.events[event] ?? 0);
  const fit = linearFit(xs, ys);
  if (fit === null) return null;
  const se = slopeStandardError(xs, ys);
  const half = se === null ? 0 : studentTCritical(CONFIDENCE, xs.length - 2) * se;
  return { perOp: fit.slope, ciLower: fit.slope - half, ciUpper: fit.slope + half };
}

/** The collections' instructions over every region, per iteration of them all; null without regions. */
export function collectionPerOp(regions: readonly RegionCount[]): number | null {
  const iterations = regions.reduce((sum, r) => sum + r.iterations, 0);
  return iterations === 0 ? null : regions.reduce((sum, r) => sum + r.collectionInstructions, 0) / iterations;
}

/** Simulated cache misses per operation (`--cache-sim`), each kind the slope of its events summed; null without the simulator. */
export function simulatedCache(regions: readonly RegionCount[]): SimulatedCacheMisses | null {
  if (regions[0]?.events['D1mr'] === undefined) return null;
  const slope = (events: string[]): number => {
    const summed = regions.map((r) => ({ iterations: r.iterations, events: { sum: events.reduce((a, e) => a + (r.events[e] ?? 0), 0) } }));
    return Math.max(0, eventSlope(summed, 'sum')?.perOp ?? 0);
  };
  return { l1DataPerOp: slope(['D1mr', 'D1mw']), lastLevelDataPerOp: slope(['DLmr', 'DLmw']), l1InstructionPerOp: slope(['I1mr']) };
}

/** The figures of a count from its regions; null when there is no slope to fit. */
export function instructionFigures(
  regions: readonly RegionCount[],
  floor: readonly RegionCount[],
): Pick<InstructionCount, 'perOp' | 'ciLower' | 'ciUpper' | 'floorPerOp' | 'collectionPerOp' | 'simulatedCache'> | null {
  const slope = eventSlope(regions, 'Ir');
  if (slope === null) return null;
  return { ...slope, floorPerOp: eventSlope(floor, 'Ir')?.perOp ?? null, collectionPerOp: collectionPerOp(regions), simulatedCache: simulatedCache(regions) };
}

/** A measured count fitted again from the regions it records (files written before regions were recorded: as they are). */
export function refitInstructions(count: InstructionCount): InstructionCount {
  if (count.status !== 'measured' || count.regionCounts == null) return count;
  const figures = instructionFigures(count.regionCounts.benchmark, count.regionCounts.floor);
  return figures === null ? count : { ...count, ...figures };
}
