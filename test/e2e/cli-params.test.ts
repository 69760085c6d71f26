/**
 * End-to-end: a parametrized plain body (`({ n }) => …` with `args: { n }`) times the declared
 * work, and a body whose parameter is ambiguous is refused where it is declared.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, FAST, makeTempDir, readResults, runCli, STACK_LINE } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());

describe('bench bodies with parameters', () => {
  it('runs ({ n }) => … with args { n } as the declared n: 100× the steps costs far more per op', async () => {
    const jsonPath = path.join(temp.dir, 'params.json');
    const run = await runCli(['test/fixtures/bench/params', ...FAST, '--json', jsonPath]);
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(jsonPath);
    const byName = new Map(results.benchmarks.map((b) => [b.name, b]));
    const small = byName.get('sum to n(n=100)')!;
    const large = byName.get('sum to n(n=10000)')!;
    assert.equal(small.mode, 'sync');
    assert.deepEqual(large.params, { n: 10000 });
    // A ratio, not a time: 100× the additions cannot cost as little as 10× the smaller one.
    assert.ok(large.estimate!.nsPerOp > 10 * small.estimate!.nsPerOp, `${large.estimate!.nsPerOp} vs ${small.estimate!.nsPerOp}`);
    assert.ok(!large.diagnostics.some((d) => d.code === 'optimized-away'), JSON.stringify(large.diagnostics));
  });

  it('refuses a parameter used as a number where it is declared, with both right forms', async () => {
    const jsonPath = path.join(temp.dir, 'ambiguous.json');
    const run = await runCli(['test/fixtures/bench/params-ambiguous', ...FAST, '--json', jsonPath]);
    assert.notEqual(run.code, 0, describeRun(run));
    const { error } = readResults(jsonPath).fileErrors[0]!;
    assert.match(error.message, /bench "count to n": the body uses its parameter "count" as a value/);
    assert.match(error.message, /\(\{ size \}\) => work\(size\)/);
    assert.match(error.location ?? '', /count\.bench\.mjs:4:\d+$/);
    assert.doesNotMatch(run.stderr, STACK_LINE);
  });
});
