import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { analyzeBranchCost } from '../../src/probe/branch-cost.js';
import { analyzeDataDependency } from '../../src/probe/data-dependency.js';
import { analyzeMemoryParallelism } from '../../src/probe/memory-parallelism.js';

describe('analyzeMemoryParallelism', () => {
  // Latency 100 ns per load; up to 10 loads in flight, then flat.
  const pts = [1, 2, 4, 8, 12, 16, 24, 32, 40].map((k) => ({ lanes: k, nsPerOp: k * (100 / Math.min(k, 10)) }));
  it('reports the one-lane latency, speed-ups and saturation', () => {
    const r = analyzeMemoryParallelism(pts)!;
    assert.equal(r.latencyNs, 100);
    assert.equal(r.maxSpeedup, 10);
    assert.equal(r.perLanes.find((p) => p.lanes === 4)!.speedup, 4);
    assert.equal(r.perLanes.find((p) => p.lanes === 4)!.nsPerLoad, 25);
    assert.equal(r.saturationLanes, 12); // 8 lanes give 8× < 0.9 × 10
  });
  it('returns null without a one-lane point', () => {
    assert.equal(analyzeMemoryParallelism(pts.filter((p) => p.lanes !== 1)), null);
  });
});

describe('analyzeBranchCost', () => {
  it('computes slowdown, per-element and per-misprediction cost', () => {
    const r = analyzeBranchCost({ elements: 1000, randomNs: 6000, oddNs: 1100, evenNs: 1000, branchlessNs: 1050 });
    assert.equal(r.slowdown, 6);
    assert.equal(r.costPerElementNs, 5);
    assert.equal(r.costPerMispredictionNs, 10);
    assert.equal(r.branchlessVsPredictable, 1.05);
  });
});

describe('analyzeDataDependency', () => {
  it('converts to per-element times and a slowdown', () => {
    assert.deepEqual(analyzeDataDependency(2000, 1000, 1000), { prefixNsPerElement: 2, differencesNsPerElement: 1, slowdown: 2 });
  });
});
