import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import type { RuleContext } from '../../src/analysis/diagnostics/rule.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { noisy, stateProbe, syntheticResult } from '../helpers/synthetic-result.js';

const context: RuleContext = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
const codes = (result: BenchmarkResult, ctx = context) => diagnose(result, ctx).map((d) => d.code);
const clean = () => syntheticResult({ perOp: noisy(60, 25, 0.01) });

describe('diagnostic rules on synthetic results', () => {
  it('a clean result has no diagnostics', () => {
    assert.deepEqual(codes(clean()), []);
  });

  describe('optimized-away', () => {
    it('fires when the estimate sits on the floor', () => {
      const result = syntheticResult({ perOp: noisy(40, 0.421, 0.005) });
      const [d] = diagnose(result, context);
      assert.equal(d?.code, 'optimized-away');
      assert.match(d!.message, /indistinguishable from the empty-loop floor/);
      assert.match(d!.hint, /make inputs vary/);
      assert.equal((d!.evidence as { floorNsPerOp: number }).floorNsPerOp, 0.42);
    });
    it('fires when a host speed step puts the empty loop 10% above its floor', () => {
      assert.ok(codes(syntheticResult({ perOp: noisy(40, 0.464, 0.005) })).includes('optimized-away'));
    });
    it('fires below a fraction of a cycle even without a floor', () => {
      const result = syntheticResult({ perOp: noisy(40, 0.05, 0.01), overrides: { floor: { nsPerOp: 0.01, ciLower: 0.009, ciUpper: 0.011 } } });
      assert.ok(codes(result).includes('optimized-away'));
    });
    it('names what the body returned in the hint: nothing, or the same primitive every call', () => {
      const hintWith = (returnValue: BenchmarkResult['returnValue']) => diagnose(syntheticResult({ perOp: noisy(40, 0.421, 0.005), overrides: { returnValue } }), context)[0]!;
      const nothing = hintWith({ type: 'undefined', sameEachCall: true });
      assert.match(nothing.hint, /^The body returns nothing, so nothing consumes its work/);
      assert.deepEqual((nothing.evidence as { returnValue: unknown }).returnValue, { type: 'undefined', sameEachCall: true });
      assert.match(hintWith({ type: 'number', sameEachCall: true }).hint, /^The body returned the same number on every call read: its inputs do not vary/);
      // A value that moves between calls, an object (sameness unknown) or no probe: the general hint.
      for (const returned of [{ type: 'number', sameEachCall: false } as const, { type: 'object', sameEachCall: null } as const, undefined]) {
        assert.match(hintWith(returned).hint, /^Return the result so it is consumed, and make inputs vary/);
      }
    });
    it('does not fire for cheap real work clearly above the floor', () => {
      assert.ok(!codes(syntheticResult({ perOp: noisy(40, 0.56, 0.01) })).includes('optimized-away'));
    });
  });

  describe('setup-overhead', () => {
    const withSetup = (interceptNs: number, probeSetupNs: number | null) =>
      syntheticResult({
        perOp: noisy(60, 50, 0.002),
        baseIterations: 100_000,
        interceptNs,
        overrides: {
          mode: 'manual',
          setupProbe: probeSetupNs === null ? null : { oneIterationNs: probeSetupNs + 50, twoIterationsNs: probeSetupNs / 2 + 50, setupNs: probeSetupNs, rounds: 15 },
        },
      });
    it('fires when intercept and probe agree on a cost above 5% of a sample', () => {
      const result = withSetup(1e6, 1e6); // 1 ms on ~5 ms samples
      const d = diagnose(result, context).find((x) => x.code === 'setup-overhead');
      assert.ok(d, codes(result).join());
      assert.match(d.message, /per sample is \d+% of a sample/);
      assert.match(d.hint, /b\.stop\(\) before it and b\.start\(\) after/);
    });
    it('fires on a strong intercept without a probe', () => {
      assert.ok(codes(withSetup(1e6, null)).includes('setup-overhead'));
    });
    it('does not fire when the probe contradicts a noisy intercept', () => {
      assert.ok(!codes(withSetup(1e6, 100)).includes('setup-overhead'));
    });
    it('does not fire below 5%', () => {
      assert.ok(!codes(withSetup(1e5, 1e5)).includes('setup-overhead'));
    });
    it('does not fire on a noise-made intercept without a probe', () => {
      // Large noise, no real intercept: the fitted intercept is within a few standard errors of 0.
      const rng = createRng(9);
      const perOp = Array.from({ length: 60 }, () => 50 * (1 + 0.3 * (rng() - 0.5)));
      assert.ok(!codes(syntheticResult({ perOp, overrides: { setupProbe: null } })).includes('setup-overhead'));
    });
  });

  describe('not-steady', () => {
    const capped = (seriesNs?: number[]) =>
      syntheticResult({
        perOp: noisy(60, 25, 0.01),
        overrides: { warmup: { batches: 900, iterations: 9e6, durationNs: 2e9, converged: false, restarts: 0, ...(seriesNs === undefined ? {} : { seriesNs }) } },
      });
    it('warns when warm-up was capped while its batches still rose, quarter by quarter', () => {
      const d = diagnose(capped(noisy(64, 25, 0.02).map((v, i) => v * (1 + i / 64))), context);
      assert.deepEqual(
        d.map((x) => `${x.code}:${x.severity}`),
        ['not-steady:warning'],
      );
      assert.match(d[0]!.message, /timings were still changing when sampling began \(its batches moved \d+% slower across the warm-up, and went on\)/);
    });
    it('warns when the samples after a fluctuating warm-up ramp on', () => {
      const result = syntheticResult({
        perOp: noisy(60, 25, 0.01).map((v, i) => v * (1 + (0.4 * i) / 59)),
        overrides: { warmup: { batches: 900, iterations: 9e6, durationNs: 2e9, converged: false, restarts: 0, seriesNs: noisy(64, 25, 0.08) } },
      });
      const d = diagnose(result, context).find((x) => x.code === 'not-steady');
      assert.equal(d?.severity, 'warning');
      assert.match(d!.message, /\(the samples after it drifted \d+% slower\)/);
    });
    it("judges the samples' ramp with the host's movement taken out: a burst ending during sampling is not the code still changing", () => {
      const ramp = (i: number) => 1.4 - (0.4 * i) / 59;
      const result = syntheticResult({
        perOp: noisy(60, 25, 0.01).map((v, i) => v * ramp(i)),
        overrides: { warmup: { batches: 900, iterations: 9e6, durationNs: 2e9, converged: false, restarts: 0, seriesNs: noisy(64, 35, 0.08) } },
      });
      const severity = (hostFactors: number[]) => diagnose(result, { ...context, hostFactors }).find((x) => x.code === 'not-steady')?.severity;
      assert.equal(severity(result.samples.map((_, i) => ramp(i))), 'info');
      assert.equal(severity(result.samples.map(() => 1)), 'warning');
    });
    it('only informs when the capped warm-up fluctuated without a trend (the host)', () => {
      const d = diagnose(capped(noisy(64, 25, 0.08).map((v, i) => (i % 20 < 10 ? v : v * 1.15))), context);
      assert.deepEqual(
        d.map((x) => `${x.code}:${x.severity}`),
        ['not-steady:info'],
      );
      assert.match(d[0]!.message, /but its batches show no trend that went on \(64 across the warm-up varied from -\d+% to \+\d+% around their median\), nor did the samples after them/);
    });
    it('warns as before on a file without the warm-up series', () => {
      assert.deepEqual(
        diagnose(capped(), context).map((x) => `${x.code}:${x.severity}`),
        ['not-steady:warning'],
      );
    });
  });

  it('multimodal warns on two clusters when setup alternates between values of different cost (and noisy does not repeat it)', () => {
    const perOp = noisy(60, 25, 0.02).map((v, i) => (i % 2 === 0 ? v : 2 * v));
    const all = diagnose(syntheticResult({ perOp, overrides: { stateProbe: stateProbe([1, 2, 1, 2, 1, 2, 1, 2]) } }), context);
    assert.deepEqual(
      all.map((x) => `${x.code}:${x.severity}`),
      ['multimodal:warning'],
    );
    const d = all.find((x) => x.code === 'multimodal');
    assert.equal(d?.severity, 'warning');
    assert.match(d!.message, /one number cannot describe them: the cost depends on setup's value — 8 values from setup/);
  });

  it('multimodal only informs about clusters that setup does not explain', () => {
    const perOp = noisy(60, 25, 0.02).map((v, i) => (i % 2 === 0 ? v : 2 * v));
    const d = diagnose(syntheticResult({ perOp }), context).find((x) => x.code === 'multimodal');
    assert.equal(d?.severity, 'info');
    assert.match(d!.message, /the median stands between them$/);
  });

  it('multimodal fires on two well-separated clusters', () => {
    const perOp = noisy(60, 25, 0.01).map((v, i) => (i % 2 === 0 ? v : v * 1.5));
    assert.ok(codes(syntheticResult({ perOp })).includes('multimodal'));
  });

  describe('noisy', () => {
    it('informs when the precision target was not reached: the interval beside the estimate says it', () => {
      // CV ≈ 9.5%: more than three times too wide for ±1% with 30 samples, though under the 10% spread limit.
      const result = syntheticResult({ perOp: noisy(30, 25, 0.165), overrides: { precision: { target: 0.01, reached: null, stopReason: 'budget', durationNs: 1e9 } } });
      const d = diagnose(result, context).find((x) => x.code === 'noisy');
      assert.equal(d?.severity, 'info');
      assert.match(d!.message, /^precision target not reached: the 95% CI is ±\d\.\d% after the time budget \(target ±1\.0%\)$/);
      const limited = syntheticResult({ perOp: noisy(30, 25, 0.165), overrides: { precision: { target: 0.01, reached: null, stopReason: 'host-limit', durationNs: 4e8 } } });
      const h = diagnose(limited, context).find((x) => x.code === 'noisy');
      assert.equal(h?.severity, 'info');
      assert.match(h!.message, /^precision target not reached: host's limit reached \(±\d\.\d%, more samples would not narrow it; target ±1\.0%\)$/);
    });
    it('informs about a large spread that setup does not explain (no state probe, or states that cost the same)', () => {
      const perOp = noisy(60, 25, 0.4);
      const plain = diagnose(syntheticResult({ perOp }), context).find((x) => x.code === 'noisy');
      assert.equal(plain?.severity, 'info');
      assert.match(plain!.message, /^samples spread widely: .*the standard deviation is \d+% of the mean$/);
      const same = diagnose(syntheticResult({ perOp, overrides: { stateProbe: stateProbe([1, 1.01, 0.99, 1, 1, 1.02, 1, 0.98]) } }), context).find((x) => x.code === 'noisy');
      assert.equal(same?.severity, 'info');
      assert.match(same!.message, /; not from setup's values \(8 values from setup, each timed 4 times in random order, cost the same within ±\d(\.\d)?%\)$/);
    });
    it("warns when the spread is the benchmark's own: setup's values differ in cost", () => {
      const result = syntheticResult({ perOp: noisy(60, 25, 0.4), overrides: { stateProbe: stateProbe([1, 2.2, 1.4, 3.1, 1.9, 1.1, 2.6, 3.8]) } });
      const d = diagnose(result, context).find((x) => x.code === 'noisy');
      assert.equal(d?.severity, 'warning');
      assert.match(
        d!.message,
        /^results are noisy: .*the standard deviation is \d+% of the mean; the cost depends on setup's value — 8 values from setup, each timed 4 times in random order, differ by ±\d+% \(0\.\d\d×–\d\.\d\d× of the typical one; randomization test p = 5e-4\)$/,
      );
      assert.match(d!.hint, /declare the variants as parameters/);
    });
    it('never warns on states that differ when the samples do not spread', () => {
      const d = diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { stateProbe: stateProbe([1, 2, 1, 2, 1, 2, 1, 2]) } }), context);
      assert.ok(!d.some((x) => x.code === 'noisy'));
    });
    it('ignores a few severe outliers (the outliers rule reports those)', () => {
      const perOp = noisy(100, 25, 0.01);
      perOp[10] = 60;
      assert.ok(!codes(syntheticResult({ perOp })).includes('noisy'));
    });
  });

  it('outliers fires when more than 5% of samples are severe outliers', () => {
    const perOp = noisy(100, 25, 0.01).map((v, i) => (i % 12 === 0 ? v * 3 : v));
    const d = diagnose(syntheticResult({ perOp }), context).find((x) => x.code === 'outliers');
    assert.ok(d);
    assert.match(d.message, /9 of 100 samples \(9\.0%\) are severe outliers \(9 high, 0 low\); none were excluded/);
  });

  it('timer-resolution fires for samples under 1000× the clock cost', () => {
    const result = syntheticResult({ perOp: noisy(60, 0.5, 0.01), baseIterations: 40 });
    assert.ok(codes(result).includes('timer-resolution'));
  });

  it('timer-resolution fires when a manual loop pauses its timer every iteration', () => {
    const result = syntheticResult({ perOp: noisy(60, 120, 0.01), overrides: { mode: 'manual', timerReadsPerSample: 200_000 } });
    const d = diagnose(result, context).find((x) => x.code === 'timer-resolution');
    assert.ok(d);
    assert.match(d.hint, /b\.stop\(\)\/b\.start\(\) inside the b\.n loop/);
  });

  describe('JIT tier', () => {
    const jit = (warm: number, end: number) => ({
      target: 'loop' as const,
      functionName: 'ubench_loop_9',
      optimizationRequested: false,
      afterWarmup: { status: warm, tier: warm & 64 ? ('turbofan' as const) : ('baseline' as const), maybeDeopted: (warm & 8) !== 0 },
      afterSampling: { status: end, tier: end & 64 ? ('turbofan' as const) : ('baseline' as const), maybeDeopted: (end & 8) !== 0 },
      body: null,
    });
    it('not-optimized fires when a fast loop is still baseline code after warm-up', () => {
      assert.ok(codes(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { jit: jit(32768 | 1, 81) } })).includes('not-optimized'));
    });
    it('not-optimized ignores the loop tier of slow bodies, whose own function is judged instead', () => {
      assert.ok(!codes(syntheticResult({ perOp: noisy(60, 5e4, 0.01), baseIterations: 200, overrides: { jit: jit(32768 | 1, 32768 | 1) } })).includes('not-optimized'));
      const body = (status: number) => ({
        functionName: 'parseAll',
        afterWarmup: { status, tier: status & 64 ? ('turbofan' as const) : ('baseline' as const), maybeDeopted: false },
        afterSampling: { status, tier: status & 64 ? ('turbofan' as const) : ('baseline' as const), maybeDeopted: false },
      });
      const slow = (status: number) => syntheticResult({ perOp: noisy(60, 3e5, 0.01), baseIterations: 40, overrides: { jit: { ...jit(81, 81), body: body(status) } } });
      const d = diagnose(slow(32768 | 1), context).find((x) => x.code === 'not-optimized');
      assert.ok(d, 'a 300 µs body still in baseline code after ubench asked for optimization');
      assert.match(d.message, /^the benchmark function parseAll was still baseline code after warm-up, although ubench asked V8 to optimize it/);
      assert.ok(!codes(slow(81)).includes('not-optimized'));
      // Still marked for optimization: never called since the request, i.e. inlined into the optimized loop.
      assert.ok(!codes(slow(256 | 128 | 1)).includes('not-optimized'));
    });
    it('deoptimized fires on a deopt during sampling, with reason and location', () => {
      const deopts = [{ phase: 'sample' as const, kind: 'deopt-eager', reason: 'not a Smi', location: 'a.bench.ts:5:11', inlinedAt: ['a.bench.ts:9:10'] }];
      const d = diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { deopts } }), context).find((x) => x.code === 'deoptimized');
      assert.ok(d);
      assert.match(d.message, /1 deoptimization during sampling: not a Smi \(deopt-eager\) at a\.bench\.ts:5:11, inlined at a\.bench\.ts:9:10/);
    });
    it('deoptimized ignores deopts during warm-up', () => {
      const deopts = [{ phase: 'warmup' as const, kind: 'deopt-eager', reason: 'not a Smi', location: 'a.bench.ts:5:11', inlinedAt: [] }];
      assert.deepEqual(codes(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { deopts } })), []);
    });
    it('deoptimized fires when the tier dropped even without a log entry', () => {
      assert.ok(codes(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { jit: jit(81, 32768 | 8 | 1) } })).includes('deoptimized'));
    });
  });

  it('throttled informs when the reference ran > 10% slower, with the wait recorded (the host, not the benchmark)', () => {
    const throttle = { baselineNs: 1e6, beforeNs: 1.25e6, afterNs: 1.2e6, waitedMs: 2000, retries: 2, cpuWaitShare: 0.01, helperCpuShare: 0.05 };
    const d = diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { throttle } }), context).find((x) => x.code === 'throttled');
    assert.equal(d?.severity, 'info');
    assert.match(d.message, /25% slower than at the start of the run after waiting 2\.0 s/);
  });

  it('throttled warns when the benchmark waited for a CPU (other programs of this machine), though the reference was not slower', () => {
    const throttle = { baselineNs: 1e6, beforeNs: 1.0e6, afterNs: 1.01e6, waitedMs: 0, retries: 0, cpuWaitShare: 0.33, helperCpuShare: 0.05 };
    const d = diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { throttle } }), context).find((x) => x.code === 'throttled');
    assert.equal(d?.severity, 'warning');
    assert.match(d.message, /^the benchmark waited for a CPU 33% of the sampling time/);
    const quiet = { ...throttle, cpuWaitShare: 0.02, helperCpuShare: 0.05 };
    assert.ok(!codes(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { throttle: quiet } })).includes('throttled'));
  });

  it('retains-memory warns when the benchmark kept 32 MiB or more after a full GC, even with a flat heap while sampling', () => {
    const footprint = (retainedBytes: number) => ({
      heapUsedBytes: 2e8,
      heapTotalBytes: 2.2e8,
      externalBytes: 1e6,
      rssBytes: 3e8,
      peakHeapUsedBytes: 2e8,
      peakRssBytes: 3e8,
      retainedBytes,
      heapUsedAfterSamples: Array.from({ length: 20 }, () => 2e8),
    });
    const memory = (retainedBytes: number) => ({
      bytesPerOp: 0,
      externalBytesPerOp: 0,
      deterministic: true,
      iterations: 1000,
      readings: [0],
      gcCount: 0,
      gcTimeNs: 0,
      gcShare: 0,
      footprint: footprint(retainedBytes),
    });
    const d = diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { memory: memory(160 * 1024 * 1024) } }), context);
    assert.deepEqual(
      d.map((x) => `${x.code}:${x.severity}`),
      ['retains-memory:warning'],
    );
    assert.match(d[0]!.message, /^the benchmark kept 160 MiB alive after a full GC at its end/);
    assert.deepEqual(codes(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { memory: memory(4 * 1024 * 1024) } })), []);
  });

  it('gc-heavy informs (never warns) when GC took more than 10% of the sampling time', () => {
    const memory = {
      bytesPerOp: 12_313,
      externalBytesPerOp: 0,
      deterministic: false,
      iterations: 1000,
      readings: [12_313],
      gcCount: 40,
      gcTimeNs: 80e6,
      gcShare: 0.16,
      footprint: { heapUsedBytes: 8e6, heapTotalBytes: 12e6, externalBytes: 1e6, rssBytes: 60e6, peakHeapUsedBytes: 9e6, peakRssBytes: 61e6, retainedBytes: 1024, heapUsedAfterSamples: [8e6, 8.1e6] },
    };
    const d = diagnose(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { memory } }), context).find((x) => x.code === 'gc-heavy');
    assert.ok(d);
    assert.match(d.message, /^garbage collection took 16% of the sampling time \(40 collections, 80\.0 ms\); the body allocates 12313 B per operation$/);
    assert.equal(d.severity, 'info');
    const light = {
      ...memory,
      gcShare: 0.04,
      footprint: { heapUsedBytes: 8e6, heapTotalBytes: 12e6, externalBytes: 1e6, rssBytes: 60e6, peakHeapUsedBytes: 9e6, peakRssBytes: 61e6, retainedBytes: 1024, heapUsedAfterSamples: [8e6, 8.1e6] },
    };
    assert.ok(!codes(syntheticResult({ perOp: noisy(60, 25, 0.01), overrides: { memory: light } })).includes('gc-heavy'));
  });

  describe('leak', () => {
    const memoryWith = (retainedBytes: number, heapUsedAfterSamples: number[]) => ({
      bytesPerOp: 48,
      externalBytesPerOp: 0,
      deterministic: true,
      iterations: 1000,
      readings: [48],
      gcCount: 2,
      gcTimeNs: 1e6,
      gcShare: 0.01,
      footprint: { heapUsedBytes: 30e6, heapTotalBytes: 40e6, externalBytes: 1e6, rssBytes: 80e6, peakHeapUsedBytes: 30e6, peakRssBytes: 80e6, retainedBytes, heapUsedAfterSamples },
    });
    const growing = Array.from({ length: 40 }, (_, i) => 8e6 + i * 5e5 + (i % 3) * 1e4);
    const sawtooth = Array.from({ length: 40 }, (_, i) => 8e6 + (i % 8) * 2e6);
    it('fires when memory is retained and the heap kept growing', () => {
      const d = diagnose(syntheticResult({ perOp: noisy(40, 25, 0.01), overrides: { memory: memoryWith(20e6, growing) } }), context).find((x) => x.code === 'leak');
      assert.ok(d);
      assert.match(d.message, /^the benchmark retained 19\.1 MiB after a full GC \(about [\d.]+ B per operation\), and the heap kept growing through sampling \(about 18\.6 MiB over 40 samples\)$/);
    });
    it('sees growth past a major GC that drops the heap once', () => {
      const dropped = growing.map((v, i) => (i < 2 ? v + 30e6 : v));
      assert.ok(codes(syntheticResult({ perOp: noisy(40, 25, 0.01), overrides: { memory: memoryWith(20e6, dropped) } })).includes('leak'));
    });
    it('does not fire for a one-off cache (retained, but no growth) or a GC sawtooth (growth pattern, nothing retained)', () => {
      const flat = Array.from({ length: 40 }, (_, i) => 20e6 + (i % 3) * 1e4);
      assert.ok(!codes(syntheticResult({ perOp: noisy(40, 25, 0.01), overrides: { memory: memoryWith(12e6, flat) } })).includes('leak'));
      assert.ok(!codes(syntheticResult({ perOp: noisy(40, 25, 0.01), overrides: { memory: memoryWith(0.2e6, growing) } })).includes('leak'));
      assert.ok(!codes(syntheticResult({ perOp: noisy(40, 25, 0.01), overrides: { memory: memoryWith(12e6, sawtooth) } })).includes('leak'));
    });
  });

  it('every diagnostic has a code, a severity, a message with numbers, a hint and evidence', () => {
    const result = syntheticResult({ perOp: noisy(40, 0.421, 0.005), overrides: { warmup: { batches: 9, iterations: 9, durationNs: 2e9, converged: false, restarts: 0 } } });
    for (const d of diagnose(result, context)) {
      assert.match(d.code, /^[a-z]+(-[a-z]+)*$/);
      assert.ok(['info', 'warning', 'error'].includes(d.severity));
      assert.match(d.message, /\d/);
      assert.ok(d.hint.length > 20);
      assert.ok(d.evidence !== undefined);
    }
  });

  it('failed benchmarks get no diagnostics', () => {
    const failed = { ...clean(), status: 'error' as const, estimate: null, stats: null };
    assert.deepEqual(diagnose(failed, context), []);
  });
});
