/** ubench/vitest's pure parts: option checking, the tinybench-shaped result, module-runner reads. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { toVitestResult } from '../../src/vitest/bench-result.js';
import { DEFAULT_VITEST_JSON, DEFAULT_VITEST_TIME_NS, resolveProviderOptions } from '../../src/vitest/provider-options.js';
import { moduleRunnerReads } from '../../src/vitest/module-runner-reads.js';
import type { BenchmarkResult, Sample } from '../../src/results/types.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 984466275;

describe('provider options', () => {
  it('defaults when none are given, no problems', () => {
    const { options, problems } = resolveProviderOptions(undefined);
    assert.deepEqual(problems, []);
    assert.equal(options.timeBudgetNs, DEFAULT_VITEST_TIME_NS);
    assert.equal(options.json, DEFAULT_VITEST_JSON);
    assert.equal(options.print, true);
  });

  it('reads durations as text or milliseconds, and json: false', () => {
    const { options, problems } = resolveProviderOptions({ time: '300ms', warmup: 250, json: false, seed: 7, precision: 0.02 });
    assert.deepEqual(problems, []);
    assert.equal(options.timeBudgetNs, 300e6);
    assert.equal(options.warmupMaxNs, 250e6);
    assert.equal(options.json, null);
    assert.equal(options.seed, 7);
    assert.equal(options.precisionTarget, 0.02);
  });

  it('a wrong type: one line per option naming it, its default used, the valid options kept', () => {
    const { options, problems } = resolveProviderOptions({ time: true, warmup: '1s', precision: 5, json: 3, print: 'no', nope: 1 });
    assert.equal(problems.length, 5, problems.join('\n'));
    for (const key of ['time', 'precision', 'json', 'print', 'nope'])
      assert.ok(
        problems.some((p) => p.includes(key)),
        key,
      );
    for (const p of problems) assert.doesNotMatch(p, /\n/);
    assert.equal(options.timeBudgetNs, DEFAULT_VITEST_TIME_NS);
    assert.equal(options.warmupMaxNs, 1e9);
    assert.equal(options.json, DEFAULT_VITEST_JSON);
  });

  it('options that are not an object are one problem', () => {
    assert.equal(resolveProviderOptions('300ms').problems.length, 1);
    assert.equal(resolveProviderOptions([1]).problems.length, 1);
  });
});

function resultOf(samples: Sample[], nsPerOp: number, ciLower: number, ciUpper: number): BenchmarkResult {
  return {
    status: 'ok',
    error: null,
    estimate: { nsPerOp, ciLower, ciUpper, confidence: 0.95, method: 'median-order-statistics' },
    samples,
  } as unknown as BenchmarkResult;
}

describe('toVitestResult', () => {
  it('carries the estimate as the mean and hz, the CI as the margin, in milliseconds', () => {
    const samples = [10, 12, 11, 13, 9].map((ns) => ({ iterations: 1000, elapsedNs: ns * 1000 }));
    const r = toVitestResult('a', resultOf(samples, 11, 10, 12.2), false);
    assert.equal(r.latency.mean, 11e-6);
    assert.equal(r.throughput.mean, 1e9 / 11);
    assert.ok(Math.abs(r.latency.moe - 1.1e-6) < 1e-15);
    assert.ok(Math.abs(r.latency.rme - 10) < 1e-9);
    assert.equal(r.latency.min, 9e-6);
    assert.equal(r.latency.max, 13e-6);
    assert.equal(r.latency.samplesCount, 5);
    assert.equal(r.latency.samples, undefined);
    assert.equal(r.totalTime, (55 * 1000) / 1e6);
    assert.equal(r.state, 'completed');
  });

  it('property: min ≤ p50 ≤ p75 ≤ p99 ≤ max, and a faster estimate means a larger hz', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.1, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 50 }), fc.double({ min: 0.1, max: 1e6, noNaN: true }), (perOp, est) => {
        const samples = perOp.map((ns) => ({ iterations: 10, elapsedNs: ns * 10 }));
        const r = toVitestResult('x', resultOf(samples, est, est * 0.9, est * 1.1), true);
        const l = r.latency;
        assert.ok(l.min <= l.p50 && l.p50 <= l.p75 && l.p75 <= l.p99 && l.p99 <= l.max);
        assert.equal(l.samples!.length, perOp.length);
        const faster = toVitestResult('y', resultOf(samples, est / 2, est * 0.45, est * 0.55), false);
        assert.ok(faster.throughput.mean > r.throughput.mean);
        assert.ok(faster.latency.mean < r.latency.mean);
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('a failed benchmark throws its error', () => {
    const failed = { status: 'error', error: { message: 'boom' }, estimate: null, samples: [] } as unknown as BenchmarkResult;
    assert.throws(() => toVitestResult('f', failed, false), /f: boom/);
  });
});

describe('moduleRunnerReads', () => {
  it('finds namespace reads of both spellings, one entry per module object', () => {
    const fn = new Function('return __vi_import_0__.add(__vi_import_0__.ONE, __vite_ssr_import_2__.two)') as () => unknown;
    assert.deepEqual(moduleRunnerReads(fn), [
      { module: "vitest's module runner (__vi_import_0__)", names: ['add', 'ONE'] },
      { module: "vitest's module runner (__vite_ssr_import_2__)", names: ['two'] },
    ]);
  });

  it('a body with local names only reads nothing', () => {
    assert.deepEqual(
      moduleRunnerReads(() => Math.sqrt(2)),
      [],
    );
  });
});
