/**
 * The host's speed during one benchmark's samples, from what was measured next to them:
 * - interleaved rounds: the host-speed references read in every round (latency and throughput) and
 *   the loop floor — fixed workloads of the harness, which cannot move on their own — each relative
 *   to its own median, then the median across them per round. The file's other benchmarks join them
 *   only when shown not to move on their own: against the references their series holds level (no
 *   trend, no step, no levels). A neighbour that drifts by itself would otherwise lend its drift to
 *   the host (measured: a body whose work grows with wall time, sampled beside three that grow with
 *   their call count, was called `host-moved`). Steady neighbours are worth having: a host step or
 *   burst moves them all (two identical loops sampled in rounds moved together with a correlation
 *   of 0.92–0.95), and their median is steadier than two readings per round;
 * - sequential samples: the two host-speed references timed after each sample, each relative to its
 *   median, their mean.
 * The result is a factor per sample (1 = the benchmark's usual host speed, 1.1 = 10% slower), and
 * the benchmark's samples divided by it are what the benchmark did relative to its machine.
 */
import { perOp } from '../results/derived-values.js';
import { hostQuiet } from './host-quiet.js';
import type { BenchmarkResult, HostQuiet, HostTrack, Sample } from '../results/types.js';
import { findLevels } from '../stats/level-clusters.js';
import { thirdsShift } from '../stats/level-shift.js';
import { median, quantileSorted, sortAscending } from '../stats/quantile.js';
import { DRIFT_MIN_RELATIVE_CHANGE, DRIFT_MIN_SAMPLES, TREND_MAX_SAMPLES, trendTest } from '../stats/trend.js';

/** Each participant's values relative to its own median, by round. */
type Series = Map<number, number>;

/**
 * Factors are smoothed over this many consecutive samples: a single reading of the reference or
 * the floor is noisy (±2–8% here, mostly its own), while a host step or burst lasts tens to hundreds
 * of ms, i.e. several samples (docs/design.md §6). Unsmoothed, a file's lone benchmark (partners: the floor
 * and the reference) was adjusted by their noise: a "movement" of 8–10% in quiet runs.
 */
export const HOST_SMOOTHING_SAMPLES = 5;
/**
 * A neighbour whose series, against the references, has a Mann–Kendall trend at this conventional
 * significance (autocorrelation-adjusted) and a material change is not a witness of the host: the
 * question is "shown steady", so the usual 5% level, not the drift rule's 0.1%, is the bar.
 */
const NEIGHBOUR_TREND_P = 0.05;
/** A neighbour whose last third sits this far from its first (against the references) stepped on its own: the drift rule's materiality (stats/trend.ts). */
const NEIGHBOUR_MAX_SHIFT = DRIFT_MIN_RELATIVE_CHANGE;
/** A sample is never taken to have run for less than this share of its time (see ranNs; and less its GC pauses, diagnostics/gc-pauses.ts). */
export const MIN_RUNNING_SHARE = 0.1;
/** Movement is the spread between these quantiles of the factors (robust to one odd stretch). */
const MOVEMENT_QUANTILES = [0.1, 0.9] as const;

function relativeByRound(samples: readonly Sample[], value: (s: Sample) => number | undefined): Series | null {
  const pairs = samples.flatMap((s) => {
    const v = value(s);
    return s.round === undefined || v === undefined || !(v > 0) ? [] : [[s.round, v] as const];
  });
  if (pairs.length === 0) return null;
  const center = median(pairs.map(([, v]) => v));
  return center > 0 ? new Map(pairs.map(([round, v]) => [round, v / center])) : null;
}

/** Relative to their median, so 1 is the benchmark's usual host speed. */
function normalized(values: number[]): number[] {
  const center = median(values);
  return center > 0 ? values.map((v) => v / center) : values.map(() => 1);
}

/** Running median over a centred window. */
export function runningMedian(values: readonly number[], window: number): number[] {
  const half = Math.floor(window / 2);
  return values.map((_, i) => median(values.slice(Math.max(0, i - half), Math.min(values.length, i + half + 1))));
}

/**
 * The host factor of each of `result`'s samples (in sample order), or null when nothing was
 * measured next to them (files from before host tracking). `peers` are the other benchmarks of the
 * same run; those sampled in the same rounds take part.
 */
export function hostFactors(result: BenchmarkResult, peers: readonly BenchmarkResult[]): number[] | null {
  const samples = result.samples;
  if (samples.length === 0) return null;
  if (samples.every((s) => s.round !== undefined)) {
    const rounds = new Set(samples.map((s) => s.round!));
    const partners: Series[] = [];
    for (const peer of peers) {
      if (peer.id === result.id || peer.status !== 'ok') continue;
      if (!peer.samples.some((s) => s.round !== undefined && rounds.has(s.round))) continue;
      if (!steadyAgainstReferences(peer)) continue;
      const series = relativeByRound(peer.samples, perOp);
      if (series !== null) partners.push(series);
    }
    const floor = result.floor?.samples === undefined ? null : relativeByRound(result.floor.samples, perOp);
    if (floor !== null) partners.push(floor);
    partners.push(...referenceSeries(samples));
    if (partners.length === 0) return null;
    return normalized(
      runningMedian(
        samples.map((s) => {
          const present = partners.flatMap((p) => (p.has(s.round!) ? [p.get(s.round!)!] : []));
          return present.length === 0 ? 1 : median(present);
        }),
        HOST_SMOOTHING_SAMPLES,
      ),
    );
  }
  return referenceFactors(samples);
}

/** The two host-speed references read in the rounds of `samples`, each relative to its median. */
function referenceSeries(samples: readonly Sample[]): Series[] {
  const reference = relativeByRound(samples, (s) => s.hostNs);
  const throughput = relativeByRound(samples, (s) => s.hostThroughputNs);
  return [reference, throughput].filter((s): s is Series => s !== null);
}

/** The references' factor per sample (smoothed, 1 = usual), or null when a sample lacks the latency reference. */
function referenceFactors(samples: readonly Sample[]): number[] | null {
  if (!samples.every((s) => s.hostNs !== undefined && s.hostNs > 0)) return null;
  const latency = normalized(samples.map((s) => s.hostNs!));
  // Both references where both were taken: the mean of their relative readings.
  const both = samples.every((s) => s.hostThroughputNs !== undefined && s.hostThroughputNs > 0) ? normalized(samples.map((s) => s.hostThroughputNs!)).map((t, i) => (t + latency[i]!) / 2) : latency;
  return normalized(runningMedian(both, HOST_SMOOTHING_SAMPLES));
}

/** Whether a neighbour was shown steady, per result (a file's benchmarks are each other's neighbours). */
const steadiness = new WeakMap<BenchmarkResult, boolean>();

/**
 * A neighbour is a witness of the host only when shown not to move on its own: its samples divided by
 * the references' factor of their rounds are enough to judge (the drift rule's minimum), show no
 * trend (adjusted Mann–Kendall p ≥ 5% or a change under 5%), no step between the first and the last
 * third (under 5%), and no levels (stats/level-clusters.ts).
 */
export function steadyAgainstReferences(peer: BenchmarkResult): boolean {
  const known = steadiness.get(peer);
  if (known !== undefined) return known;
  const factors = referenceFactors(peer.samples);
  let steady = false;
  if (factors !== null && peer.samples.length >= DRIFT_MIN_SAMPLES && peer.samples.length <= TREND_MAX_SAMPLES) {
    const own = peer.samples.map((s, i) => perOp(s) / factors[i]!);
    if (own.every((v) => v > 0 && Number.isFinite(v))) {
      const trend = trendTest(own);
      const trending = trend.adjustedPValue < NEIGHBOUR_TREND_P && Math.abs(trend.relativeChange) >= DRIFT_MIN_RELATIVE_CHANGE;
      steady = !trending && Math.abs(thirdsShift(own)) < NEIGHBOUR_MAX_SHIFT && findLevels(own) === null;
    }
  }
  steadiness.set(peer, steady);
  return steady;
}

/** The samples as they would be on a host of constant speed: each divided by its host factor. */
export function hostAdjusted(samples: readonly Sample[], factors: readonly number[]): Sample[] {
  return samples.map((s, i) => ({ ...s, elapsedNs: ranNs(s) / factors[i]! }));
}

/**
 * A sample's time less what it spent waiting for a CPU while other programs ran (`waitNs`), kept to
 * at least MIN_RUNNING_SHARE of it: the wait is read around the sample, a little wider than its
 * timed region, so on a sample that mostly waited it can exceed the time the sample actually ran.
 */
export function ranNs(s: Sample): number {
  return s.waitNs === undefined ? s.elapsedNs : Math.max(s.elapsedNs - s.waitNs, MIN_RUNNING_SHARE * s.elapsedNs);
}

const withQuiet = (quiet: HostQuiet | null): { quiet?: HostQuiet } => (quiet === null ? {} : { quiet });

/** What the results file says about the host during one benchmark. */
export function hostTrack(result: BenchmarkResult, factors: readonly number[] | null): HostTrack | null {
  if (factors === null) return null;
  const smoothed = sortAscending(factors);
  const low = quantileSorted(smoothed, MOVEMENT_QUANTILES[0]);
  const high = quantileSorted(smoothed, MOVEMENT_QUANTILES[1]);
  const references = result.samples.flatMap((s) => (s.hostNs === undefined ? [] : [s.hostNs]));
  const throughputs = result.samples.flatMap((s) => (s.hostThroughputNs === undefined ? [] : [s.hostThroughputNs]));
  return {
    source: result.samples.every((s) => s.round !== undefined) ? 'rounds' : 'reference',
    movement: low > 0 ? high / low - 1 : 0,
    slowest: smoothed.at(-1)!,
    fastest: smoothed[0]!,
    referenceNs: references.length === 0 ? null : median(references),
    throughputNs: throughputs.length === 0 ? null : median(throughputs),
    ...withQuiet(hostQuiet(result.samples, result.forks)),
  };
}

/**
 * Interleaved rounds: the stretch of rounds each sample belongs to, numbered from 0, a new stretch
 * starting whenever the set of participants changes — a benchmark of the file leaving the rounds
 * (its stopping rule said enough) or the loop floor's part ending. Each sample follows its
 * neighbours' in the round and finds caches and branch predictors as they left them, so a level
 * can step where the neighbours change. Null without rounds or with a single stretch.
 */
export function roundStretches(result: BenchmarkResult, peers: readonly BenchmarkResult[]): number[] | null {
  const samples = result.samples;
  if (samples.length === 0 || !samples.every((s) => s.round !== undefined)) return null;
  const others = peers.filter((p) => p.id !== result.id && p.status === 'ok').map((p) => new Set(p.samples.flatMap((s) => (s.round === undefined ? [] : [s.round]))));
  const floor = new Set((result.floor?.samples ?? []).flatMap((s) => (s.round === undefined ? [] : [s.round])));
  const signature = (round: number): string => [...others.map((rounds) => rounds.has(round)), floor.has(round)].map((x) => (x ? '1' : '0')).join('');
  let stretch = 0;
  let previous: string | null = null;
  const stretches = samples.map((s) => {
    const now = signature(s.round!);
    if (previous !== null && now !== previous) stretch++;
    previous = now;
    return stretch;
  });
  return stretch === 0 ? null : stretches;
}
