/**
 * The interleaved rounds themselves: in each round every benchmark still sampling takes one sample,
 * and so do the loop floors (while some benchmark has fewer than FLOOR_PAIRED_ROUNDS samples) and the
 * host-speed reference, in a fresh random order. A benchmark leaves when its own stopping rule says
 * enough or when it throws; the others go on. Every sample of a round carries the round's key and
 * the reference's reading of that round. Pure scheduling: tests drive it with fake participants.
 */
import type { HostReading } from '../host/host-reference.js';
import type { Sample } from '../../results/types.js';
import { shuffleInPlace } from './round-order.js';

/**
 * The floor takes part in a round only while some benchmark still sampling has fewer samples than
 * this: enough pairs for the floor comparison (its paired ratio's CI is far narrower than the 15%
 * tolerance by then), without paying the floor's time all through a slow benchmark's budget.
 */
export const FLOOR_PAIRED_ROUNDS = 30;

export interface RoundBenchmark {
  readonly id: string;
  /** Its stopping rule has said enough. */
  readonly done: boolean;
  /** Samples taken so far. */
  readonly sampleCount: number;
  take(roundKey: number): Promise<Sample>;
}

export interface RoundFloor {
  take(roundKey: number): Promise<Sample>;
}

export interface RoundHooks {
  /** A round begins with these benchmarks still sampling. */
  onRound(round: number, active: readonly string[]): void;
  /** This benchmark's sample is next (a crash now is its). */
  onCurrent(id: string): void;
  /** A benchmark threw while sampling; it leaves the rounds. */
  onError(id: string, thrown: unknown): void;
}

/** Runs rounds until no benchmark is sampling; returns the benchmarks that threw. */
export async function runRounds(
  benchmarks: readonly RoundBenchmark[],
  floors: readonly RoundFloor[],
  readHost: () => HostReading,
  rng: () => number,
  roundKey: (round: number) => number,
  hooks: RoundHooks,
): Promise<Set<RoundBenchmark>> {
  const failed = new Set<RoundBenchmark>();
  let active = benchmarks.filter((b) => !b.done);
  for (let round = 0; active.length > 0; round++) {
    hooks.onRound(
      round,
      active.map((b) => b.id),
    );
    const key = roundKey(round);
    const floorNeeded = active.some((b) => b.sampleCount < FLOOR_PAIRED_ROUNDS);
    const order: (RoundBenchmark | RoundFloor | 'host')[] = shuffleInPlace([...active, ...(floorNeeded ? floors : []), 'host'], rng);
    const taken: Sample[] = [];
    let host: HostReading | undefined;
    for (const participant of order) {
      if (participant === 'host') {
        host = readHost();
      } else if ('id' in participant) {
        hooks.onCurrent(participant.id);
        try {
          taken.push(await participant.take(key));
        } catch (thrown) {
          failed.add(participant);
          hooks.onError(participant.id, thrown);
        }
      } else {
        taken.push(await participant.take(key));
      }
    }
    if (host !== undefined) {
      for (const sample of taken) {
        sample.hostNs = host.latencyNs;
        sample.hostThroughputNs = host.throughputNs;
      }
    }
    active = active.filter((b) => !b.done && !failed.has(b));
  }
  return failed;
}
