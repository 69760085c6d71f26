import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WarmupDetector, WARMUP_MIN_BATCHES, WARMUP_MIN_SIMILAR, type WarmupThresholds } from '../../src/engine/loop/warmup-detector.js';
import { WarmupSeries } from '../../src/engine/loop/measure.js';

const thresholds: WarmupThresholds = { minBatches: WARMUP_MIN_BATCHES, minSimilar: WARMUP_MIN_SIMILAR, minDurationNs: 250e6, maxDurationNs: 2e9 };

/** Feeds `values` with 1 ms per batch; returns the batch number at which the verdict left 'continue'. */
function feed(detector: WarmupDetector, values: number[], batchNs = 1e6): { at: number; verdict: string } {
  for (let i = 0; i < values.length; i++) {
    const verdict = detector.push(values[i]!, (i + 1) * batchNs);
    if (verdict !== 'continue') return { at: i + 1, verdict };
  }
  return { at: -1, verdict: 'continue' };
}

describe('WarmupDetector (Jetpack dual moving averages)', () => {
  it('converges on steady input only after the minimum duration and > 40 similar batches', () => {
    const result = feed(new WarmupDetector(thresholds), Array(1000).fill(10));
    assert.equal(result.verdict, 'converged');
    // 1 ms batches: the 250 ms minimum dominates the 30-batch and 41-similar minimums.
    assert.equal(result.at, 250);
  });

  it('needs more than minSimilar similar batches even when duration allows', () => {
    const result = feed(new WarmupDetector({ ...thresholds, maxDurationNs: 1e12 }), Array(1000).fill(10), 100e6);
    assert.equal(result.verdict, 'converged');
    assert.equal(result.at, WARMUP_MIN_SIMILAR + 2); // first batch seeds the averages; similar count must exceed 40
  });

  it('forgets a slow cold start at once instead of waiting out α = 0.005', () => {
    const values = [...Array(20).fill(500), ...Array(2000).fill(10)];
    const result = feed(new WarmupDetector(thresholds), values);
    assert.equal(result.verdict, 'converged');
    assert.ok(result.at < 320, `converged at batch ${result.at}`);
  });

  it('does not forget a slowdown: a late deopt delays convergence', () => {
    const values = [...Array(100).fill(10), ...Array(5000).fill(30)];
    const result = feed(new WarmupDetector(thresholds), values);
    // The slow average needs hundreds of batches to follow an upward step of 3×.
    assert.ok(result.at > 400, `converged at batch ${result.at}`);
  });

  it('caps at the maximum duration when the input never settles', () => {
    const oscillating = Array.from({ length: 5000 }, (_, i) => (Math.floor(i / 15) % 2 === 0 ? 10 : 13));
    const result = feed(new WarmupDetector(thresholds), oscillating);
    assert.equal(result.verdict, 'capped');
    assert.equal(result.at, 2000);
  });
});

describe('WarmupDetector spike filter', () => {
  it('converges despite isolated 3× spikes in one batch of ten (GC pauses)', () => {
    const spiky = Array.from({ length: 2000 }, (_, i) => (i % 10 === 3 ? 30 : 10));
    const result = feed(new WarmupDetector(thresholds), spiky);
    assert.equal(result.verdict, 'converged');
    assert.ok(result.at < 400, `converged at batch ${result.at}`);
  });

  it('still sees a lasting level shift (a deopt to 3× slower code)', () => {
    const late = feed(new WarmupDetector(thresholds), [...Array(100).fill(10), ...Array(3000).fill(30)]);
    assert.ok(late.at > 400, `converged at batch ${late.at}`);
  });
});

describe('WarmupSeries', () => {
  it('keeps every value until full, then every other one, evenly spaced over the whole stream', () => {
    const series = new WarmupSeries(8);
    for (let i = 0; i < 8; i++) series.push(i);
    assert.deepEqual(series.values(), [0, 1, 2, 3, 4, 5, 6, 7]);
    for (let i = 8; i < 100; i++) series.push(i);
    const kept = series.values();
    assert.ok(kept.length <= 8 && kept.length >= 4, kept.join());
    assert.equal(kept[0], 0);
    const gaps = kept.slice(1).map((v, i) => v - kept[i]!);
    assert.equal(new Set(gaps).size, 1, `evenly spaced: ${kept.join()}`);
    assert.ok(kept.at(-1)! >= 100 - gaps[0]!, `reaches the end of the stream: ${kept.join()}`);
  });
});
