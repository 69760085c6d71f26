import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pooledTrend } from '../../src/stats/pooled-trend.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';
import { trendTest } from '../../src/stats/trend.js';

describe('pooledTrend (seasonal Kendall)', () => {
  it('sums the blocks’ own S, so steps between blocks add nothing', () => {
    const rng = createRng(1);
    const staircase = [0, 1, 2].map((step) => Array.from({ length: 25 }, () => 1 + 0.2 * step + 0.01 * normalDeviate(rng)));
    assert.ok(trendTest(staircase.flat()).pValue < 1e-6, 'the whole series trends');
    const pooled = pooledTrend(staircase);
    assert.equal(pooled.blocks, 3);
    assert.equal(
      pooled.s,
      staircase.reduce((sum, b) => sum + trendTest(b).s, 0),
    );
    assert.ok(pooled.pValue > 0.001, String(pooled.pValue));
  });

  it('finds a change that goes on inside every block, though each block alone is short', () => {
    const rng = createRng(2);
    const ramp = [0, 1, 2, 3].map((b) => Array.from({ length: 12 }, (_, i) => 1 + 0.01 * (b * 12 + i) + 0.01 * normalDeviate(rng)));
    const pooled = pooledTrend(ramp);
    assert.ok(pooled.s > 0 && pooled.pValue < 0.001, JSON.stringify(pooled));
  });

  it('calls trendless noise trendless in about 5% of series at p < 0.05', () => {
    const rng = createRng(3);
    let low = 0;
    for (let t = 0; t < 400; t++) if (pooledTrend([0, 1, 2].map(() => Array.from({ length: 20 }, () => normalDeviate(rng)))).pValue < 0.05) low++;
    assert.ok(low / 400 > 0.01 && low / 400 < 0.09, String(low / 400));
  });

  it('skips blocks too short to carry an order', () => {
    assert.deepEqual(pooledTrend([[1, 2], [3]]), { s: 0, variance: 0, pValue: 1, blocks: 0 });
  });
});
