import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measure, sample, Sampler, startSampling, warmUp, type MeasureConfig } from '../../src/engine/loop/measure.js';
import { runRounds } from '../../src/engine/loop/rounds.js';
import { MAX_PLAN_FACTOR } from '../../src/engine/loop/sampling-plan.js';
import { MAX_SAMPLES, MIN_SAMPLES } from '../../src/engine/loop/stopping-rule.js';
import { createRng } from '../../src/stats/random.js';
import { median } from '../../src/stats/quantile.js';
import { createFakeBenchmark } from '../helpers/fake-benchmark.js';

const config: MeasureConfig = {
  timeBudgetNs: 1e9,
  warmupMaxNs: 2e9,
  precisionTarget: 0.01,
  minSamples: MIN_SAMPLES,
  maxSamples: MAX_SAMPLES,
  sampleTargetNs: 10e6,
};

const deps = (fake: ReturnType<typeof createFakeBenchmark>) => ({ runBatch: fake.runBatch, now: fake.now, rng: createRng(7) });

describe('warm-up and calibration (fake clock)', () => {
  it('never sizes a batch from zero readings of a coarse clock, even when one batch is preempted', async () => {
    // A 300 ns body on a clock with 5 µs steps (a browser page): short batches read 0 ns, and the
    // fourth batch is preempted for 20 ms. Growth stays ≤ 10× a step and the guess stays near 300 ns.
    const STEP = 5_000;
    let clock = 1e12;
    let batch = 0;
    const counts: number[] = [];
    const coarse = {
      now: () => Math.floor(clock / STEP) * STEP,
      runBatch(n: number): number {
        counts.push(n);
        const before = Math.floor(clock / STEP) * STEP;
        clock += n * 300 + (++batch === 4 ? 20e6 : 0);
        return Math.floor(clock / STEP) * STEP - before;
      },
      rng: createRng(7),
    };
    const warm = await warmUp(coarse, { ...config, sampleTargetNs: 5e6 });
    for (let i = 1; i < counts.length; i++) assert.ok(counts[i]! <= counts[i - 1]! * 10, `batch ${i}: ${counts[i - 1]} → ${counts[i]}`);
    assert.ok(Math.max(...counts) < 1e6, `largest batch ${Math.max(...counts)}`);
    assert.ok(warm.nsPerOp > 150 && warm.nsPerOp < 600, `guess ${warm.nsPerOp}`);
    // Warming up again after a check batch that read 0 starts small, not at 2⁴⁰ iterations.
    counts.length = 0;
    await warmUp(coarse, { ...config, sampleTargetNs: 5e6 }, 0);
    assert.equal(counts[0], 1);
  });

  it('grows the batch ×10 from 1 while far below target, then sizes it proportionally', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 5, interceptNs: 100 });
    const warm = await warmUp(deps(fake), config);
    assert.deepEqual(fake.counts.slice(0, 5), [1, 10, 100, 1000, 10000]);
    // Warm-up batches aim at 20% of a 10 ms sample = 2 ms → 400 000 iterations of 5 ns.
    const last = fake.counts.at(-1)!;
    assert.ok(Math.abs(last - 400_000) / 400_000 < 0.02, `last batch ${last}`);
    assert.ok(warm.info.converged);
    assert.ok(Math.abs(warm.nsPerOp - 5) / 5 < 0.01, `guess ${warm.nsPerOp}`);
    assert.equal(warm.info.batches, fake.counts.length);
    assert.equal(
      warm.info.iterations,
      fake.counts.reduce((a, b) => a + b, 0),
    );
  });

  it('converges after a 30× slower cold start and then estimates the steady time', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 20, coldFactor: 30, coldBatches: 12, noise: 0.01 });
    const result = await measure(deps(fake), config);
    assert.ok(result.warmup.converged);
    const estimate = median(result.samples.map((s) => s.elapsedNs / s.iterations));
    assert.ok(Math.abs(estimate - 20) / 20 < 0.01, `estimate ${estimate}`);
  });

  it('reports capped, unconverged warm-up when time never settles', async () => {
    let batch = 0;
    let clock = 0;
    const flapping = {
      now: () => clock,
      runBatch: (n: number) => {
        const perOp = Math.floor(batch++ / 15) % 2 === 0 ? 10 : 14;
        clock += n * perOp;
        return n * perOp;
      },
      rng: createRng(1),
    };
    const warm = await warmUp(flapping, { ...config, warmupMaxNs: 500e6 });
    assert.equal(warm.info.converged, false);
    assert.ok(warm.info.durationNs >= 500e6);
  });

  it('uses relaxed thresholds for a body slower than one sample', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 50e6 });
    const warm = await warmUp(deps(fake), config);
    assert.ok(warm.info.converged);
    assert.ok(fake.counts.every((n) => n === 1));
    assert.ok(warm.info.batches <= 10, `batches ${warm.info.batches}`);
  });
});

describe('sampling and stopping (fake clock)', () => {
  it('charges untimed preparation before a sample to the budget only past the minimum count of samples', async () => {
    // A GC-free pass's full GC of a large heap before each sample: 50 ms, against 10 ms samples.
    const fake = createFakeBenchmark({ nsPerOp: 100, noise: 0.3 });
    let prepared = 0;
    const prepare = { ...deps(fake), now: () => fake.now() + prepared, beforeSample: () => void (prepared += 50e6) };
    const result = await sample(prepare, config, 100);
    // Charged from the first sample the budget would hold ~17; never charged, ~100 at 60 ms each.
    assert.ok(result.samples.length >= MIN_SAMPLES && result.samples.length <= MIN_SAMPLES + 15, `${result.samples.length} samples`);
  });

  it('varies iteration counts around the base so an intercept can be fitted', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 10, noise: 0.001 });
    const result = await sample(deps(fake), config, 10);
    const counts = result.samples.map((s) => s.iterations);
    assert.equal(result.calibration.baseIterations, 1_000_000);
    assert.ok(new Set(counts).size >= 10, 'distinct counts');
    assert.ok(Math.min(...counts) < 0.6e6 && Math.max(...counts) > 1.4e6, `range ${Math.min(...counts)}–${Math.max(...counts)}`);
  });

  it('stops for precision after the minimum sample count when noise is low', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 10, noise: 0.002 });
    const result = await sample(deps(fake), config, 10);
    assert.equal(result.precision.stopReason, 'precision');
    assert.equal(result.samples.length, MIN_SAMPLES);
    assert.ok(result.precision.reached! <= 0.01);
  });

  it('stops at the budget when the noise is too large for 1%', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 10, noise: 0.6, seed: 3 });
    const result = await sample(deps(fake), { ...config, timeBudgetNs: 200e6 }, 10);
    assert.equal(result.precision.stopReason, 'budget');
    assert.ok(result.precision.reached! > 0.01);
    assert.ok(result.precision.durationNs >= 200e6);
  });

  it('counts untimed setup time against the budget', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 10, noise: 0.6, untimedNs: 40e6, seed: 3 });
    const result = await sample(deps(fake), { ...config, timeBudgetNs: 400e6 }, 10);
    assert.equal(result.precision.stopReason, 'budget');
    // Each sample costs ~10 ms timed + 40 ms setup: the budget holds about 8, never 40.
    assert.ok(result.samples.length <= 10, `samples ${result.samples.length}`);
  });

  it('stops at the sample cap', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 10, noise: 0.6, seed: 5 });
    const result = await sample(deps(fake), { ...config, maxSamples: 25, timeBudgetNs: 1e12 }, 10);
    assert.equal(result.precision.stopReason, 'max-samples');
    assert.equal(result.samples.length, 25);
  });

  it('is deterministic for a given seed', async () => {
    const run = async () => (await measure(deps(createFakeBenchmark({ nsPerOp: 3, noise: 0.05 })), config)).samples;
    assert.deepEqual(await run(), await run());
  });
});

describe('late tier changes and slow bodies (fake clock)', () => {
  it('warms up again when the first sample is far faster than the warm-up level', async () => {
    // 20× slower while batches are warm-up sized (≤ 20 000 iterations of 100 ns): warm-up converges
    // on the slow level, and the first sample-sized batch (100 000) runs the "tiered-up" code.
    const fake = createFakeBenchmark({ nsPerOp: 5, coldFactor: 20, coldBelowIterations: 50_000 });
    const result = await measure(deps(fake), config);
    assert.equal(result.warmup.restarts, 1);
    // Calibrated on the fast level: a sample is ~10 ms of 5 ns operations.
    assert.ok(Math.abs(result.calibration.baseIterations - 2_000_000) / 2_000_000 < 0.05, `base ${result.calibration.baseIterations}`);
    const estimate = median(result.samples.map((s) => s.elapsedNs / s.iterations));
    assert.ok(Math.abs(estimate - 5) / 5 < 0.01, `estimate ${estimate}`);
  });

  it('does not warm up again when the first sample agrees', async () => {
    const result = await measure(deps(createFakeBenchmark({ nsPerOp: 5, noise: 0.02 })), config);
    assert.equal(result.warmup.restarts, 0);
  });

  it('stretches samples of slow bodies to hold 10 operations, within the budget', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 2e6, noise: 0.01 });
    const result = await sample(deps(fake), config, 2e6);
    assert.equal(result.calibration.targetSampleNs, 20e6);
    assert.equal(result.calibration.baseIterations, 10);
    const capped = await sample(deps(createFakeBenchmark({ nsPerOp: 20e6 })), config, 20e6);
    // A 1 s budget keeps room for 40 samples: 25 ms per sample at most.
    assert.equal(capped.calibration.targetSampleNs, 25e6);
  });
});

describe('untimed work per iteration: per-call states (fake clock)', () => {
  // A 100 ns body whose state costs 40 µs to make, untimed, before each call: batches sized by the
  // timed 100 ns alone would take 400× their target (a 10 ms sample: 4 s of wall time).
  const UNTIMED = 40_000;
  const perCall = () => {
    let clock = 0;
    const counts: number[] = [];
    return {
      counts,
      now: () => clock,
      rng: createRng(7),
      untimedNsPerOp: () => UNTIMED,
      runBatch(n: number): number {
        counts.push(n);
        clock += n * (100 + UNTIMED);
        return n * 100;
      },
    };
  };

  it('sizes warm-up batches and samples by what an iteration costs the batch, timed or not', async () => {
    const fake = perCall();
    const result = await measure(fake, config);
    const longestBatchNs = Math.max(...fake.counts) * (100 + UNTIMED);
    // The longest batch is a stretched sample: the budget over 40 samples (25 ms) times the plan's
    // largest factor around its base, not seconds.
    assert.ok(longestBatchNs <= 25e6 * MAX_PLAN_FACTOR * 1.01, `longest batch ${longestBatchNs / 1e6} ms`);
    assert.ok(result.samples.length >= MIN_SAMPLES, `samples ${result.samples.length}`);
    assert.ok(Math.abs(median(result.samples.map((s) => s.elapsedNs / s.iterations)) - 100) < 1);
    // The wall time of warm-up and sampling together stays within the warm-up cap plus the budget.
    assert.ok(fake.now() <= config.warmupMaxNs + config.timeBudgetNs * 1.1, `${fake.now() / 1e9} s`);
  });

  it('stretches such samples up to the budget cap so that their timed part nears the target', async () => {
    const result = await sample(perCall(), config, 100);
    // The timed part would reach 10 ms only in 4 s samples: capped at 1 s / 40 = 25 ms.
    assert.equal(result.calibration.targetSampleNs, 25e6);
    assert.equal(result.calibration.baseIterations, Math.round(25e6 / (100 + UNTIMED)));
    // Without untimed work the same body keeps the plain target.
    const plain = await sample(deps(createFakeBenchmark({ nsPerOp: 100 })), config, 100);
    assert.equal(plain.calibration.targetSampleNs, 10e6);
  });
});

describe('GC-aware sample length (fake clock)', () => {
  it('stretches samples to span five GCs, within the budget', async () => {
    // GCs every 4 ms → 20 ms samples; every 40 ms → capped at 1 s / 40 = 25 ms.
    const fake = createFakeBenchmark({ nsPerOp: 100, noise: 0.01 });
    const withGc = await sample({ ...deps(fake), gcIntervalNs: () => 4e6 }, config, 100);
    assert.equal(withGc.calibration.targetSampleNs, 20e6);
    const frequent = await sample({ ...deps(createFakeBenchmark({ nsPerOp: 100 })), gcIntervalNs: () => 40e6 }, config, 100);
    assert.equal(frequent.calibration.targetSampleNs, 25e6, 'capped at budget / 40 samples');
    const none = await sample({ ...deps(createFakeBenchmark({ nsPerOp: 100 })), gcIntervalNs: () => null }, config, 100);
    assert.equal(none.calibration.targetSampleNs, 10e6);
  });
});

describe('sample: iteration cap for GC-free samples', () => {
  it('never gives a sample more iterations than maxSampleIterations', async () => {
    const fake = createFakeBenchmark({ nsPerOp: 5, interceptNs: 100 });
    const capped = await sample(deps(fake), { ...config, maxSampleIterations: 30_000 }, 5);
    assert.ok(
      capped.samples.every((s) => s.iterations <= 30_000),
      `largest ${Math.max(...capped.samples.map((s) => s.iterations))}`,
    );
    assert.ok(Math.max(...capped.samples.map((s) => s.iterations)) > 25_000, 'the cap is used, not undercut');
    assert.ok(capped.calibration.targetSampleNs < config.sampleTargetNs);
    const free = await sample(deps(createFakeBenchmark({ nsPerOp: 5, interceptNs: 100 })), config, 5);
    assert.ok(Math.max(...free.samples.map((s) => s.iterations)) > 1e6, 'without a cap, samples follow the target');
  });
});

describe("sampling goes on for the host's quiet rounds the estimate reads (fake clock, scripted host readings)", () => {
  /**
   * Samples of a steady 20 ns body, alone in the rounds (`--sequential`), whose throughput reference
   * reads `reading(i)` in round i and whose sample of round i runs `slowdown(i)` times slower.
   */
  const sampled = async (reading: (i: number) => number, slowdown: (i: number) => number = () => 1) => {
    const fake = createFakeBenchmark({ nsPerOp: 20, noise: 0.001 });
    let slow = 1;
    const slowed = { ...deps(fake), runBatch: (n: number) => fake.runBatch(n) * slow };
    const sampler = new Sampler(slowed, config, await startSampling(slowed, config, 20));
    let i = 0;
    const participant = {
      id: 'b',
      get done() {
        return sampler.done;
      },
      get sampleCount() {
        return sampler.samples.length;
      },
      take: (key: number) => {
        slow = slowdown(key);
        return sampler.take(key);
      },
    };
    const noop = () => undefined;
    await runRounds(
      [participant],
      [],
      () => ({ latencyNs: 5600, throughputNs: reading(i++) }),
      createRng(3),
      (round) => round,
      { onRound: noop, onCurrent: noop, onError: noop },
    );
    return { samples: sampler.samples, precision: sampler.precision() };
  };

  it('stops at the precision target when the host read quiet throughout', async () => {
    const run = await sampled(() => 410);
    assert.equal(run.precision.stopReason, 'precision');
    assert.equal(run.samples.length, MIN_SAMPLES);
  });

  it('goes on past the precision target until 6 samples read quiet', async () => {
    // One quiet reading, then a core shared for 40 samples, then quiet again.
    const run = await sampled((i) => (i === 0 || i >= 40 ? 410 : 580));
    assert.equal(run.precision.stopReason, 'precision');
    assert.equal(run.samples.length, 45, 'the first quiet sample and five after the busy stretch');
  });

  it('judges the precision of the quiet rounds the estimate reads, not of every sample', async () => {
    // Every other round another tenant slows the body by 20–80%: all samples together spread far
    // wider than ±1%, the quiet half stays within 0.1%.
    const tenant = createRng(11);
    const run = await sampled(
      (i) => (i % 2 === 1 ? 600 : 410),
      (i) => (i % 2 === 1 ? 1.2 + 0.6 * tenant() : 1),
    );
    assert.equal(run.precision.stopReason, 'precision');
    assert.equal(run.samples.length, MIN_SAMPLES, 'stops at the minimum, as on a quiet host');
    assert.ok(run.precision.reached !== null && run.precision.reached <= config.precisionTarget, `reached ${run.precision.reached}`);
    const all = run.samples.map((s) => s.elapsedNs / s.iterations);
    assert.ok(Math.max(...all) / Math.min(...all) > 1.2, 'the busy rounds are in the samples');
  });

  it('stops waiting once the quiet rounds so far make the missing ones improbable within the budget', async () => {
    // One quiet reading, then a core shared to the end: 10 ms samples in a 1 s budget hold ~100;
    // with 1 quiet round in n, the 5 missing need 5/(100 − n) of the rest, and P(≤ 1 of n) falls
    // under 5% near n = 48 (binomial, by hand).
    const run = await sampled((i) => (i === 0 ? 410 : 580));
    assert.equal(run.precision.stopReason, 'precision', 'precision was reached over the samples the estimate reads: all of them');
    assert.ok(run.samples.length >= 44 && run.samples.length <= 52, `${run.samples.length} samples`);
    assert.ok(run.precision.durationNs < config.timeBudgetNs * 0.6, `${run.precision.durationNs / 1e6} ms`);
  });
});
