/**
 * One attribution principle for the samples' statistics (diagnose.ts): a spread or clusters that the
 * host's part (its speed, and the time other programs held the CPU) does not explain are the code's,
 * a warning; what it explains is the host's; a spread beside a warned cause is that cause's. And
 * enough samples for the shape tests to decide: the sampler keeps room for them, and says when it
 * could not (shape-undecided). Synthetic results and a fake clock: no real time is asserted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseBenchmark } from '../../src/analysis/analyse-benchmark.js';
import { ranNs } from '../../src/analysis/host-track.js';
import type { RuleContext } from '../../src/analysis/diagnostics/rule.js';
import { shapeUndecided } from '../../src/analysis/diagnostics/shape-undecided.js';
import { sample, type MeasureConfig } from '../../src/engine/loop/measure.js';
import { MAX_SAMPLES, MIN_SAMPLES } from '../../src/engine/loop/stopping-rule.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { SHAPE_MIN_SAMPLES, undecidedShapeTests } from '../../src/stats/shape-samples.js';
import { samplesFrom, syntheticResult } from '../helpers/synthetic-result.js';

const context: Omit<RuleContext, 'hostFactors'> = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
const KEY = 4_242_000_000;
const N = 40;

/** A benchmark sampled in rounds with steady host references: per-op = center × own(round) × noise, and `waitNs` of each sample from `wait(round)` (a share of it). */
function sampled(own: (round: number) => number, wait: (round: number) => number = () => 0, seed = 1): BenchmarkResult {
  const rng = createRng(seed);
  const perOp = Array.from({ length: N }, (_, r) => 100 * own(r) * (1 + 0.004 * (2 * rng() - 1)));
  const base = syntheticResult({ perOp });
  const floorSamples = samplesFrom(
    Array.from({ length: N }, () => 0.42),
    400_000,
  ).map((s, r) => ({ ...s, round: KEY + r }));
  return {
    ...base,
    id: 'f#a',
    name: 'a',
    samples: base.samples.map((s, r) => ({ ...s, round: KEY + r, hostNs: 5500 * (1 + 0.01 * (2 * rng() - 1)), hostThroughputNs: 410, waitNs: wait(r) * s.elapsedNs })),
    floor: { ...base.floor!, samples: floorSamples },
  };
}

const codes = (r: BenchmarkResult): string[] => r.diagnostics.map((d) => `${d.code}:${d.severity}`);
/** A cost that varies on its own: 1× to 2.5× from sample to sample, in no order. */
const ownSpread = (r: number): number => 1 + (1.5 * ((r * 7919) % 13)) / 12;
/** A narrower spread, 1× to 1.4×, as memory-bound code beside a neighbour that evicts its caches. */
const narrowSpread = (r: number): number => 1 + (0.4 * ((r * 7919) % 13)) / 12;

describe('attribution: one principle', () => {
  it("calls a spread the host's part does not explain the code's own, a warning with the figures after the host's part", () => {
    const result = analyseBenchmark(sampled(ownSpread), [], context);
    const d = result.diagnostics.find((x) => x.code === 'noisy');
    assert.equal(d?.severity, 'warning', codes(result).join());
    assert.match(d!.message, /^the benchmark's own cost varies: with the host's part taken out .* the samples still spread/);
    assert.equal((d!.evidence as { owner?: string }).owner, 'code');
  });

  it('keeps a narrower spread as information: the caches and memory bus the references do not see spread memory-bound code by ~12%', () => {
    const result = analyseBenchmark(sampled(narrowSpread), [], context);
    assert.ok(!result.diagnostics.some((x) => x.severity === 'warning'), codes(result).join());
  });

  it("judges the code's own spread on the bulk the noisy rule judged: two severe outliers do not make it a warning", () => {
    // A 1×–1.4× spread (noisy's "standard deviation … of the mean" is of it) and two samples at 3× and 4×,
    // as a per-op sort that a GC lands in now and then: the outliers are the `outliers` rule's to report.
    const twoOutliers = (r: number): number => (r === 17 ? 3 : r === 29 ? 4 : narrowSpread(r));
    const result = analyseBenchmark(sampled(twoOutliers), [], context);
    assert.ok(!result.diagnostics.some((x) => x.severity === 'warning'), codes(result).join());
    assert.ok(
      result.diagnostics.some((x) => x.code === 'noisy'),
      codes(result).join(),
    );
    // The same outliers beside a spread the bulk itself has are still the code's.
    const wide = analyseBenchmark(
      sampled((r) => (r === 17 ? 3 : r === 29 ? 4 : ownSpread(r))),
      [],
      context,
    );
    assert.equal(wide.diagnostics.find((x) => x.code === 'noisy')?.severity, 'warning', codes(wide).join());
  });

  it("calls the same spread the host's when the samples' waits for a CPU explain it", () => {
    // The samples that ran long waited for exactly that long while other programs held the CPU.
    const result = analyseBenchmark(
      sampled(ownSpread, (r) => 1 - 1 / ownSpread(r)),
      [],
      context,
    );
    assert.ok(!result.diagnostics.some((x) => x.code === 'noisy' && x.severity === 'warning'), codes(result).join());
    assert.ok(
      result.diagnostics.some((x) => x.code === 'host-moved'),
      codes(result).join(),
    );
  });

  it('takes a wait out of a sample, never below a tenth of it', () => {
    assert.equal(ranNs({ iterations: 1, elapsedNs: 1000, waitNs: 300 }), 700);
    assert.equal(ranNs({ iterations: 1, elapsedNs: 1000, waitNs: 5000 }), 100);
    assert.equal(ranNs({ iterations: 1, elapsedNs: 1000 }), 1000);
  });

  it('lets a spread beside a warned cause yield to it: one cause, one warning', () => {
    const spread = sampled(ownSpread);
    const withCause = { ...spread, setupProbe: spread.setupProbe, throttle: { baselineNs: 1, beforeNs: 1, afterNs: 1, waitedMs: 0, retries: 0, cpuWaitShare: 0.5, helperCpuShare: 0 } };
    const result = analyseBenchmark(withCause, [], context);
    assert.ok(
      result.diagnostics.some((x) => x.code === 'throttled' && x.severity === 'warning'),
      codes(result).join(),
    );
    assert.ok(!result.diagnostics.some((x) => x.code === 'noisy' && x.severity === 'warning'), codes(result).join());
  });

  it('warns a level step of the code’s own, and lets it yield to a warned cause as a spread does', () => {
    const step = sampled((r) => (r >= 20 ? 1.5 : 1));
    const alone = analyseBenchmark(step, [], context);
    assert.equal(alone.diagnostics.find((d) => d.code === 'drift')?.severity, 'warning', codes(alone).join());
    const busy = { ...step, throttle: { baselineNs: 1, beforeNs: 1, afterNs: 1, waitedMs: 0, retries: 0, cpuWaitShare: 0.5, helperCpuShare: 0 } };
    const withCause = analyseBenchmark(busy, [], context);
    assert.equal(withCause.diagnostics.find((d) => d.code === 'drift')?.severity, 'info', codes(withCause).join());
  });

  it('calls levels, a step or a spread that the GC pauses inside the samples account for garbage collection’s, information; the same shapes without those pauses stay warnings', () => {
    // Four rounds in a row 3× slow, as scavenges that copy more made a per-op sort's; each slow
    // sample's extra time is the pause of a GC that started in it (Sample.gcNs).
    const burst = (r: number): number => (r >= 20 && r < 24 ? 3 : 1);
    const step = (r: number): number => (r >= 20 ? 1.5 : 1);
    for (const own of [burst, step, ownSpread]) {
      const shape = sampled(own);
      const mine = analyseBenchmark(shape, [], context);
      const warned = mine.diagnostics.filter((d) => d.severity === 'warning');
      assert.ok(warned.length > 0, codes(mine).join());
      const paused = { ...shape, samples: shape.samples.map((s, r) => (own(r) > 1 ? { ...s, gcNs: s.elapsedNs * (1 - 1 / own(r)) } : s)) };
      const gcs = analyseBenchmark(paused, [], context);
      assert.ok(!gcs.diagnostics.some((d) => d.severity === 'warning'), codes(gcs).join());
      for (const d of warned) {
        const now = gcs.diagnostics.find((x) => x.code === d.code);
        assert.match(
          now?.message ?? '',
          /less the GC pauses inside each sample \(\d+ of 40 samples paid them, [\d.]+% of the sampled time\), the samples do not show it: it is garbage collection's pauses/,
          codes(gcs).join(),
        );
      }
      // Pauses that explain only part of each slow sample leave the warning.
      const partly = { ...shape, samples: shape.samples.map((s, r) => (own(r) > 1 ? { ...s, gcNs: s.elapsedNs * 0.1 * (1 - 1 / own(r)) } : s)) };
      assert.ok(
        analyseBenchmark(partly, [], context).diagnostics.some((d) => d.severity === 'warning'),
        codes(partly).join(),
      );
    }
  });

  it('without host tracking, keeps a spread as information: whose it is cannot be told', () => {
    const tracked = sampled(ownSpread);
    const untracked = { ...tracked, samples: tracked.samples.map(({ iterations, elapsedNs }) => ({ iterations, elapsedNs })), floor: null };
    const result = analyseBenchmark(untracked, [], context);
    assert.ok(!result.diagnostics.some((x) => x.severity === 'warning'), codes(result).join());
  });
});

describe('enough samples for the shape tests', () => {
  it('need the most any shape test needs, and say which cannot decide', () => {
    assert.equal(SHAPE_MIN_SAMPLES, 30);
    assert.equal(MIN_SAMPLES, SHAPE_MIN_SAMPLES);
    assert.deepEqual(
      undecidedShapeTests(25).map((t) => t.test),
      ['levels'],
    );
    assert.deepEqual(
      undecidedShapeTests(12).map((t) => t.test),
      ['levels', 'drift', 'multimodal'],
    );
  });

  it('says so in the results, with the --time that would give them their samples', () => {
    const short = syntheticResult({ perOp: Array.from({ length: 18 }, () => 100) });
    const [d] = shapeUndecided.check(short as Parameters<typeof shapeUndecided.check>[0], { ...context, hostFactors: null });
    assert.equal(d?.severity, 'info');
    assert.match(d!.message, /^the samples' shape could not be judged: 18 samples \(levels needs 30, drift needs 20; one call takes 100\.0 ns, a sample [\d.]+ ms\)/);
    assert.equal(shapeUndecided.check(syntheticResult({ perOp: Array.from({ length: 30 }, () => 100) }) as Parameters<typeof shapeUndecided.check>[0], context).length, 0);
  });

  it('stays silent in a --quick run, whose note says it once', () => {
    const short = syntheticResult({ perOp: Array.from({ length: 15 }, () => 100) });
    assert.equal(shapeUndecided.check(short as Parameters<typeof shapeUndecided.check>[0], { ...context, hostFactors: null }).length, 1);
    assert.equal(shapeUndecided.check(short as Parameters<typeof shapeUndecided.check>[0], { ...context, hostFactors: null, quick: true }).length, 0);
  });

  /** A body whose cost rises 8× after the first `at` samples, on a fake clock. */
  async function risingBody(at: number): Promise<number> {
    let clock = 0;
    let taken = 0;
    const deps = {
      now: () => clock,
      rng: createRng(3),
      runBatch(n: number): number {
        const perCall = taken++ < at ? 100 : 800;
        clock += n * perCall;
        return n * perCall;
      },
    };
    const config: MeasureConfig = { timeBudgetNs: 1e9, warmupMaxNs: 1e9, precisionTarget: 0.000_001, minSamples: MIN_SAMPLES, maxSamples: MAX_SAMPLES, sampleTargetNs: 25e6 };
    return (await sample(deps, config, 100)).samples.length;
  }

  it('shortens the samples when the cost rises after calibration, so the budget still holds the shape tests’ samples', async () => {
    // Calibrated at 100 ns for 25 ms samples; at 800 ns they would take 200 ms, 5 of them in the budget.
    const count = await risingBody(4);
    assert.ok(count >= SHAPE_MIN_SAMPLES, `${count} samples`);
  });
});
