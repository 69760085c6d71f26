/**
 * Interleaved rounds on fake participants: each round is a fresh random order of everything still
 * sampling, the floors leave once every benchmark has enough pairs with them, a benchmark that
 * throws leaves alone, and each sample carries its round's key and host reading.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FLOOR_PAIRED_ROUNDS, runRounds, type RoundBenchmark } from '../../src/engine/loop/rounds.js';
import type { Sample } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';

interface Log {
  order: string[][];
  rounds: number[];
  errors: string[];
}

function fake(id: string, stopAfter: number, log: Log, throwAt = -1): RoundBenchmark & { samples: Sample[] } {
  const samples: Sample[] = [];
  return {
    id,
    samples,
    get done() {
      return samples.length >= stopAfter;
    },
    get sampleCount() {
      return samples.length;
    },
    async take(key) {
      log.order.at(-1)!.push(id);
      if (samples.length === throwAt) throw new Error(`${id} broke`);
      const sample = { iterations: 10, elapsedNs: 100, round: key };
      samples.push(sample);
      return sample;
    },
  };
}

async function run(specs: [string, number, number?][], floors = 1) {
  const log: Log = { order: [], rounds: [], errors: [] };
  const benchmarks = specs.map(([id, stop, throwAt]) => fake(id, stop, log, throwAt));
  const floorSamples: Sample[][] = Array.from({ length: floors }, () => []);
  const floorParticipants = floorSamples.map((samples, f) => ({
    async take(key: number) {
      log.order.at(-1)!.push(`floor${f}`);
      const sample = { iterations: 40, elapsedNs: 16, round: key };
      samples.push(sample);
      return sample;
    },
  }));
  let hostReads = 0;
  const failed = await runRounds(
    benchmarks,
    floorParticipants,
    () => {
      log.order.at(-1)!.push('host');
      const read = hostReads++;
      return { latencyNs: 5000 + read, throughputNs: 300 + read };
    },
    createRng(3),
    (round) => 77_000_000 + round,
    {
      onRound: (round) => {
        log.rounds.push(round);
        log.order.push([]);
      },
      onCurrent: () => {},
      onError: (id, thrown) => log.errors.push(`${id}: ${(thrown as Error).message}`),
    },
  );
  return { log, benchmarks, floorSamples, failed };
}

describe('runRounds', () => {
  it('gives every participant one sample per round, in orders that vary', async () => {
    const { log, benchmarks } = await run([
      ['a', 20],
      ['b', 20],
      ['c', 20],
    ]);
    assert.equal(log.rounds.length, 20);
    for (const order of log.order) assert.deepEqual([...order].sort(), ['a', 'b', 'c', 'floor0', 'host']);
    assert.ok(new Set(log.order.map((o) => o.join())).size > 10, 'the order is reshuffled every round');
    for (const b of benchmarks)
      assert.deepEqual(
        b.samples.map((s) => s.round),
        log.rounds.map((r) => 77_000_000 + r),
      );
  });

  it('stamps each sample with the host reading of its round', async () => {
    const { benchmarks, floorSamples } = await run([
      ['a', 5],
      ['b', 5],
    ]);
    for (let r = 0; r < 5; r++) {
      assert.equal(benchmarks[0]!.samples[r]!.hostNs, 5000 + r);
      assert.equal(benchmarks[1]!.samples[r]!.hostNs, 5000 + r);
      assert.equal(benchmarks[0]!.samples[r]!.hostThroughputNs, 300 + r);
      assert.equal(floorSamples[0]![r]!.hostNs, 5000 + r);
    }
  });

  it('lets each benchmark leave when its stopping rule says enough; the floor leaves after enough pairs', async () => {
    const { log, benchmarks, floorSamples } = await run([
      ['quick', 20],
      ['slow', 80],
    ]);
    assert.equal(benchmarks[0]!.samples.length, 20);
    assert.equal(benchmarks[1]!.samples.length, 80);
    assert.equal(log.rounds.length, 80);
    assert.equal(floorSamples[0]!.length, FLOOR_PAIRED_ROUNDS);
    assert.ok(log.order.slice(20).every((o) => !o.includes('quick')));
  });

  it('drops a benchmark that throws and goes on with the others', async () => {
    const { log, benchmarks, failed } = await run([
      ['a', 25],
      ['broken', 25, 3],
      ['c', 25],
    ]);
    assert.deepEqual(log.errors, ['broken: broken broke']);
    assert.deepEqual(
      [...failed].map((b) => b.id),
      ['broken'],
    );
    assert.equal(benchmarks[1]!.samples.length, 3);
    assert.equal(benchmarks[0]!.samples.length, 25);
    assert.equal(benchmarks[2]!.samples.length, 25);
    assert.ok(log.order.slice(4).every((o) => !o.includes('broken')));
  });

  it('runs no round when nothing is left to sample', async () => {
    const { log } = await run([]);
    assert.deepEqual(log.rounds, []);
  });
});
