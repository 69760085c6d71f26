import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import { fromSamples } from '../../src/analysis/derive-from-samples.js';
import { measure, type MeasureConfig, type MeasureDeps } from '../../src/engine/loop/measure.js';
import { MAX_SAMPLES, MIN_SAMPLES } from '../../src/engine/loop/stopping-rule.js';
import type { Sample } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { createFakeBenchmark, type FakeBenchmarkSpec } from '../helpers/fake-benchmark.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

const config: MeasureConfig = { timeBudgetNs: 1e9, warmupMaxNs: 2e9, precisionTarget: 0.01, minSamples: MIN_SAMPLES, maxSamples: MAX_SAMPLES, sampleTargetNs: 10e6 };

/** A manual loop on a fake clock: every batch costs the fixed cost plus n operations (no absolute time is asserted, only ratios to what the fake was given). */
async function measured(spec: FakeBenchmarkSpec, spread = true) {
  const fake = createFakeBenchmark(spec);
  const deps: MeasureDeps = { runBatch: fake.runBatch, now: fake.now, rng: createRng(7), spreadFixedCost: spread };
  return measure(deps, config);
}

const counts = (samples: readonly Sample[]) => samples.map((s) => s.iterations);

describe('a manual loop dominated by a fixed cost per call (fake clock)', () => {
  const FIXED = 10e6;
  const PER_OP = 20;

  it('spreads b.n over a wide range and the fit recovers the slope and the fixed cost', async () => {
    const m = await measured({ nsPerOp: PER_OP, interceptNs: FIXED, noise: 0.05 });
    const spread = m.calibration.spread;
    assert.ok(spread !== undefined, 'spread');
    const n = counts(m.samples);
    assert.ok(Math.max(...n) / Math.min(...n) >= 32, `counts ${Math.min(...n)}–${Math.max(...n)}`);
    // The top level: the operations a sizeable share of a sample.
    assert.ok(spread.highIterations * PER_OP >= FIXED, `top ${spread.highIterations}`);
    const derived = fromSamples(m.samples, null, 1, true);
    assert.ok(derived.fixedCost !== null);
    assert.ok(Math.abs(derived.estimate.nsPerOp / PER_OP - 1) < 0.1, `slope ${derived.estimate.nsPerOp}`);
    assert.ok(derived.estimate.ciLower <= PER_OP && PER_OP <= derived.estimate.ciUpper);
    assert.ok(Math.abs(derived.fixedCost.fixedNs / FIXED - 1) < 0.1, `fixed ${derived.fixedCost.fixedNs}`);
    assert.equal(derived.fixedCost.separated, true);
  });

  it('scales a rung past the per-sample cap down to fill it rather than stopping a ×10 below', async () => {
    // 1 ns operations under a 10 ms fixed cost: 8× the fixed cost would need 50 ms samples and more.
    const m = await measured({ nsPerOp: 1, interceptNs: FIXED, noise: 0.02 });
    const spread = m.calibration.spread!;
    const capNs = config.timeBudgetNs / 20;
    assert.ok(spread.topNs <= capNs, `top ${spread.topNs}`);
    assert.ok(spread.topNs >= 0.6 * capNs, `top ${spread.topNs} fills the cap`);
    const derived = fromSamples(m.samples, null, 1, true);
    assert.ok(Math.abs(derived.estimate.nsPerOp - 1) < 0.1, `slope ${derived.estimate.nsPerOp}`);
  });

  it('says it cannot tell the per-operation cost when the fixed cost swamps it at every count the budget allows', async () => {
    const m = await measured({ nsPerOp: 1e-9, interceptNs: FIXED, noise: 0.3 });
    assert.ok(m.calibration.spread !== undefined);
    const derived = fromSamples(m.samples, null, 1, true);
    assert.equal(derived.fixedCost?.separated, false);
    // Never the fixed cost over n as the per-operation time.
    assert.ok(derived.estimate.ciLower === 0, `lower ${derived.estimate.ciLower}`);
  });

  it('leaves an ordinary manual loop, and a slow body without a fixed cost, on the ordinary plan', async () => {
    for (const spec of [
      { nsPerOp: 20, interceptNs: 100, noise: 0.01 },
      { nsPerOp: 30e6, interceptNs: 0, noise: 0.01 },
    ]) {
      const withCheck = await measured(spec, true);
      const without = await measured(spec, false);
      assert.equal(withCheck.calibration.spread, undefined);
      assert.equal(withCheck.calibration.baseIterations, without.calibration.baseIterations);
      const n = counts(withCheck.samples);
      assert.ok(Math.max(...n) / Math.min(...n) <= 4, `counts ${Math.min(...n)}–${Math.max(...n)}`);
    }
  });
});

describe('setup-overhead on a spread manual loop', () => {
  const spreadResult = (perOpNs: number, timerReadsPerSample = 2) => {
    const rng = createRng(3);
    const samples: Sample[] = Array.from({ length: 70 }, (_, i) => {
      const iterations = Math.round(500_000 / 2 ** (i % 7));
      return { iterations, elapsedNs: 10e6 * (1 + 0.1 * rng()) + perOpNs * iterations };
    });
    return syntheticResult({
      perOp: noisy(70, 1, 0),
      overrides: {
        mode: 'manual',
        samples,
        timerReadsPerSample,
        calibration: { targetSampleNs: 2e7, baseIterations: 500_000, spread: { lowIterations: 7_812, highIterations: 500_000, oneIterationNs: 10e6, topNs: 2e7 } },
      },
    });
  };
  const context = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };

  it('gives the per-operation slope and the fixed cost per sample as two figures, the estimate being the slope', () => {
    const result = spreadResult(20);
    assert.ok(Math.abs(result.estimate!.nsPerOp / 20 - 1) < 0.05, `estimate ${result.estimate!.nsPerOp}`);
    const found = diagnose(result, context);
    const d = found.find((x) => x.code === 'setup-overhead');
    assert.ok(d, found.map((x) => x.code).join());
    assert.match(d.message, /a fixed cost of 10\.\d+ ms per sample .* the operations cost (19|20)\.\d+ ns per operation/);
    assert.match(d.hint, /b\.stop\(\) before it and b\.start\(\) after, or once in \{ setup, run \}/);
    // The counts differ 64× by design: no per-op spread findings.
    assert.ok(!found.some((x) => ['noisy', 'outliers', 'multimodal'].includes(x.code)), found.map((x) => x.code).join());
  });

  it('does not tell a body that already pauses its timer to pause it', () => {
    const d = diagnose(spreadResult(20, 4), context).find((x) => x.code === 'setup-overhead');
    assert.match(d!.hint, /The body pauses its timer, yet/);
  });

  it('says "cannot tell the per-operation cost" when the slope is not told from 0', () => {
    const result = spreadResult(0);
    assert.equal(result.fixedCost?.separated, false);
    const d = diagnose(result, context).find((x) => x.code === 'setup-overhead');
    assert.match(d!.message, /cannot tell the per-operation cost/);
  });
});
