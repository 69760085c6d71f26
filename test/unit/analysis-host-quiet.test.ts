/**
 * The benchmark in the host's quiet rounds (analysis/host-quiet.ts): the median of the samples whose
 * throughput reference read within 5% of its lowest, or nothing with too few of them. Synthetic
 * samples: a benchmark that a busy core slows 1.4× whenever the reference reads 1.4× slow.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostQuiet } from '../../src/analysis/host-quiet.js';
import { QUIET_MIN_SAMPLES, QUIET_TOLERANCE } from '../../src/results/quiet-samples.js';
import type { Sample } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';

/** `n` samples of 1,000 iterations at `nsPerOp`, the throughput reference at `reference`, each ±1%. */
function samples(n: number, nsPerOp: number, reference: number, seed: number): Sample[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => ({ iterations: 1000, elapsedNs: 1000 * nsPerOp * (1 + 0.02 * (rng() - 0.5)), hostThroughputNs: reference * (1 + 0.02 * (rng() - 0.5)) }));
}

describe('hostQuiet', () => {
  it("reads the benchmark at the host's quiet level, however many rounds a busy core slowed", () => {
    for (const busy of [10, 40, 70]) {
      const mixed = [...samples(30, 100, 420, busy), ...samples(busy, 140, 590, busy + 1)];
      const quiet = hostQuiet(mixed)!;
      assert.ok(Math.abs(quiet.nsPerOp / 100 - 1) < 0.01, `${busy} busy: ${quiet.nsPerOp}`);
      assert.deepEqual([quiet.samples, quiet.of], [30, 30 + busy]);
    }
  });

  it('keeps the samples within QUIET_TOLERANCE of the lowest reading, and not beyond', () => {
    const at = (reference: number): Sample => ({ iterations: 1, elapsedNs: reference, hostThroughputNs: reference });
    const within = Array.from({ length: QUIET_MIN_SAMPLES }, () => at(400 * (1 + QUIET_TOLERANCE)));
    const quiet = hostQuiet([at(400), ...within, at(400 * (1 + QUIET_TOLERANCE) * 1.001)])!;
    assert.deepEqual([quiet.samples, quiet.of], [QUIET_MIN_SAMPLES + 1, QUIET_MIN_SAMPLES + 2]);
  });

  it('gives nothing with fewer than QUIET_MIN_SAMPLES quiet samples, or without the reference', () => {
    assert.equal(hostQuiet([...samples(QUIET_MIN_SAMPLES - 1, 100, 420, 1), ...samples(40, 140, 590, 2)]), null);
    assert.equal(hostQuiet(samples(40, 100, 420, 3).map(({ iterations, elapsedNs }) => ({ iterations, elapsedNs }))), null);
  });

  it('selects per process, by its own lowest reading, and counts the samples the estimate is taken from', () => {
    const calm = [...samples(20, 100, 420, 5), ...samples(20, 140, 590, 6)];
    const slowedThroughout = samples(40, 140, 590, 7);
    const quiet = hostQuiet([...calm, ...slowedThroughout], [{ sampleCount: 40 }, { sampleCount: 40 }])!;
    assert.deepEqual([quiet.samples, quiet.of], [20 + 40, 80]);
    assert.deepEqual([hostQuiet([...calm, ...slowedThroughout])!.samples], [20], 'as one process, its one lowest reading');
  });
});
