/** `--heap-snapshot`'s plan: a share of the time budget at the measured speed, capped, and a reason for each benchmark it cannot run. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planHeapSnapshots } from '../../src/runner/passes/heap-snapshot/heap-snapshot-pass.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';

const at = (id: string, nsPerOp: number): BenchmarkResult => {
  const b = fullResults.benchmarks.find((r) => r.status === 'ok' && r.estimate !== null)!;
  return { ...b, id, estimate: { ...b.estimate!, nsPerOp } };
};

describe('heap-snapshot plan', () => {
  it('runs a quarter of the budget at the measured speed, between 1 and a million iterations', () => {
    const plan = planHeapSnapshots([at('fast', 0.1), at('mid', 1_000), at('slow', 1e10)], 1e9);
    assert.deepEqual({ ...plan.iterations }, { fast: 1_000_000, mid: 250_000, slow: 1 });
    assert.equal(plan.skipped.size, 0);
  });

  it('skips a benchmark without a timing result, saying why', () => {
    const failed = { ...at('failed', 10), status: 'error' as const, estimate: null };
    const plan = planHeapSnapshots([failed], 1e9);
    assert.deepEqual(Object.keys(plan.iterations), []);
    assert.match(plan.skipped.get('failed') ?? '', /no timing result/);
  });
});
