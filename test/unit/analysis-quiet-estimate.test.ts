/**
 * The estimate and the paired relative speed read the host's quiet rounds (analysis/host-quiet.ts)
 * where there are enough of them. Synthetic rounds: a "wide" body that a busy core slows 1.4×
 * whenever the throughput reference reads 1.4× slow, and a "narrow" neighbour it does not slow.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromSamples, singleProcessEstimate, withEstimatesNow } from '../../src/analysis/derive-from-samples.js';
import { estimateGroups } from '../../src/analysis/host-quiet.js';
import { QUIET_MIN_SAMPLES } from '../../src/results/quiet-samples.js';
import { withRelative } from '../../src/analysis/relative.js';
import { perOpValues } from '../../src/results/derived-values.js';
import type { BenchmarkResult, ResultsFile, Sample } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

/** One sample per round; round r is busy when `busy(r)`: the reference reads 1.4×, and the body `slowed` times its level. */
function rounds(n: number, nsPerOp: number, slowed: number, busy: (round: number) => boolean, seed: number): Sample[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, round) => {
    const b = busy(round);
    const jitter = () => 1 + 0.01 * (rng() - 0.5);
    return { iterations: 1000, elapsedNs: 1000 * nsPerOp * (b ? slowed : 1) * jitter(), hostThroughputNs: 420 * (b ? 1.4 : 1) * jitter(), round };
  });
}
const withoutReadings = (samples: Sample[]): Sample[] => samples.map(({ hostThroughputNs: _, ...s }) => s);
const everyOther = (round: number) => round % 2 === 1;

describe("the estimate: the median of the host's quiet rounds", () => {
  it('reads the body at its quiet level however many rounds a busy core slowed, with every sample kept in the file', () => {
    for (const busyShare of [0.2, 0.5, 0.7]) {
      const samples = rounds(60, 100, 1.4, (r) => r < 60 * busyShare, 7);
      const derived = fromSamples(samples, null, 1);
      assert.ok(Math.abs(derived.estimate.nsPerOp / 100 - 1) < 0.01, `${busyShare}: ${derived.estimate.nsPerOp}`);
      assert.equal(derived.stats.sampleCount, 60);
    }
  });

  it('is the median of all samples without throughput readings, or with too few quiet ones', () => {
    for (const samples of [withoutReadings(rounds(60, 100, 1.4, everyOther, 3)), rounds(60, 100, 1.4, (r) => r >= QUIET_MIN_SAMPLES - 1, 4)]) {
      assert.deepEqual(fromSamples(samples, null, 1).estimate, singleProcessEstimate(perOpValues(samples)));
    }
  });

  it('selects each process by its own lowest reading: a process the host slowed throughout keeps its samples', () => {
    const calm = rounds(40, 100, 1.4, everyOther, 5);
    const slowed = rounds(40, 100, 1.4, () => true, 6);
    assert.deepEqual(
      estimateGroups([calm, slowed]).map((g) => g.length),
      [20, 40],
    );
    const derived = fromSamples([...calm, ...slowed], [40, 40], 1);
    assert.equal(derived.estimate.method, 'two-level-bootstrap');
    assert.ok(Math.abs(derived.forkEstimates![0]!.nsPerOp / 100 - 1) < 0.01, String(derived.forkEstimates![0]!.nsPerOp));
    assert.ok(derived.forkEstimates![1]!.nsPerOp > 130, 'the slowed process reads slowed: the host slowed all of it');
  });
});

describe("relative speed: paired over the rounds both spent in the host's quiet rounds", () => {
  const result = (name: string, samples: Sample[]): BenchmarkResult => {
    const base = syntheticResult({ perOp: perOpValues(samples) });
    const derived = fromSamples(samples, null, 1);
    return { ...base, id: `f.bench.ts#${name}`, name, baseName: name, samples, estimate: derived.estimate };
  };
  const ratioOf = (wide: Sample[], narrow: Sample[]) => withRelative([result('wide', wide), result('narrow', narrow)], 1).find((r) => r.name === 'wide')!.relative!;

  it('reads two equal bodies as equal when a busy core slows only one of them', () => {
    const quiet = ratioOf(rounds(60, 100, 1.4, everyOther, 1), rounds(60, 100, 1, everyOther, 2));
    assert.ok(Math.abs(quiet.ratio - 1) < 0.01 && quiet.ciLower <= 1 && quiet.ciUpper >= 1, JSON.stringify(quiet));
  });

  it('pairs every round without throughput readings (and then reads the busy rounds into the ratio)', () => {
    const all = ratioOf(withoutReadings(rounds(60, 100, 1.4, everyOther, 1)), withoutReadings(rounds(60, 100, 1, everyOther, 2)));
    assert.ok(all.ciLower > 1, JSON.stringify(all));
  });
});

describe('kept runs read as this version reads them', () => {
  it("derives a single process's estimate again from its samples, and leaves several processes' results as recorded", () => {
    const samples = rounds(60, 100, 1.4, everyOther, 9);
    const recorded = { ...syntheticResult({ perOp: perOpValues(samples) }), samples, estimate: singleProcessEstimate(perOpValues(samples)) };
    const forked = { ...recorded, id: 'f.bench.ts#forked', forks: [recorded.forks?.[0], recorded.forks?.[0]] } as BenchmarkResult;
    const kept = { benchmarks: [recorded, forked] } as unknown as ResultsFile;
    const now = withEstimatesNow(kept, 1);
    assert.ok(recorded.estimate.nsPerOp > 115, `as recorded, all samples: ${recorded.estimate.nsPerOp}`);
    assert.ok(Math.abs(now.benchmarks[0]!.estimate!.nsPerOp / 100 - 1) < 0.01, String(now.benchmarks[0]!.estimate!.nsPerOp));
    assert.equal(now.benchmarks[1], forked);
  });
});
