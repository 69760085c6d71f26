/** `--coverage`'s plan (a tenth of the time budget at the measured speed, capped) and its report note. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BenchmarkResult } from '../../src/results/types.js';
import { coverageNote, planCoverage } from '../../src/runner/passes/coverage/coverage-pass.js';
import { fullResults } from '../fixtures/results/full-results.js';

const at = (id: string, nsPerOp: number): BenchmarkResult => {
  const b = fullResults.benchmarks.find((r) => r.status === 'ok' && r.estimate !== null)!;
  return { ...b, id, estimate: { ...b.estimate!, nsPerOp } };
};

describe('coverage plan', () => {
  it('runs a tenth of the budget at the measured speed, between 1 and 100,000 iterations', () => {
    const plan = planCoverage([at('fast', 0.1), at('mid', 10_000), at('slow', 1e10)], 1e9);
    assert.deepEqual({ ...plan.iterations }, { fast: 100_000, mid: 10_000, slow: 1 });
    assert.equal(plan.skipped.size, 0);
  });

  it('skips a benchmark without a timing result, saying why', () => {
    const plan = planCoverage([{ ...at('failed', 10), status: 'error' as const, estimate: null }], 1e9);
    assert.deepEqual(Object.keys(plan.iterations), []);
    assert.match(plan.skipped.get('failed') ?? '', /no timing result/);
  });

  it('says how many blocks never ran, in how many files, over how many iterations', () => {
    assert.equal(coverageNote({ iterations: 100_000, scripts: 1, blocks: 3, blocksNeverRun: 2 }), '2 of 3 blocks never ran (1 file, 100,000 iterations)');
    assert.equal(coverageNote({ iterations: 5, scripts: 2, blocks: 9, blocksNeverRun: 0 }), '0 of 9 blocks never ran (2 files, 5 iterations)');
  });
});
