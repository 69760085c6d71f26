// The benchmark process's side of a foreign run() (src/engine/process/foreign-runs.ts): which of a
// run()'s benchmarks it measures and when, what it hands back for the others, how a further instance
// of the file stops at its run(), and that the figure handed to the file is the one the results
// file records.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Registry } from '../../src/define/registry.js';
import type { DeclaredBenchmark } from '../../src/define/declaration-types.js';
import { fromSamples } from '../../src/analysis/derive-from-samples.js';
import type { ChildRequest, MeasuredBenchmark } from '../../src/engine/process/events.js';
import { ELSEWHERE, ForeignRuns, outcomeOf } from '../../src/engine/process/foreign-runs.js';
import type { Sample } from '../../src/results/types.js';

const declared = (name: string): DeclaredBenchmark => ({ id: `f.bench.ts#${name}`, name }) as DeclaredBenchmark;
const id = (name: string): string => `f.bench.ts#${name}`;

function setup(options: { listOnly?: boolean; filter?: RegExp } = {}) {
  const registry = { file: 'f.bench.ts', groups: [], benchmarks: ['a', 'b', 'c'].map(declared), running: false, notes: [] } as Registry;
  const measuredSets: string[][] = [];
  const select = (all: readonly DeclaredBenchmark[]) => all.filter((b) => options.filter === undefined || options.filter.test(b.id));
  const runs: ForeignRuns = new ForeignRuns(registry, { listOnly: options.listOnly === true } as ChildRequest, select, async (set) => {
    measuredSets.push(set.map((b) => b.name));
    for (const b of set) runs.observe({ type: 'bench-error', id: b.id, error: { message: `measured ${b.name}`, location: null, stack: null } });
  });
  return { registry, runs, measuredSets };
}

describe('foreign runs in a benchmark process', () => {
  it('measures the benchmarks of each run() once, in order, after the synchronous code; the rest are left for after the file', async () => {
    const { runs, measuredSets } = setup();
    const first = runs.measure('tinybench', [id('a'), id('b')]);
    const again = runs.measure('tinybench', [id('a')]);
    assert.deepEqual(measuredSets, [], 'nothing measured before the file’s synchronous code is over');
    const outcomes = await first;
    assert.deepEqual(outcomes.get(id('a')), { state: 'failed', message: 'measured a' });
    assert.deepEqual((await again).get(id('a')), { state: 'failed', message: 'measured a' }, 'a second run() gives the first’s figures');
    assert.deepEqual(measuredSets, [['a', 'b'], []]);
    await runs.idle();
    assert.deepEqual(
      runs.rest().map((b) => b.name),
      ['c'],
    );
  });

  it('hands back, without measuring, what the process does not measure: filtered out, listed only, undeclared, after the file', async () => {
    const filtered = setup({ filter: /#a$/ });
    const outcomes = await filtered.runs.measure('mitata', [id('a'), id('b'), id('gone')]);
    assert.deepEqual(filtered.measuredSets, [['a']]);
    assert.deepEqual(outcomes.get(id('b')), { state: 'elsewhere', why: ELSEWHERE.notHere });
    assert.deepEqual(outcomes.get(id('gone')), { state: 'elsewhere', why: ELSEWHERE.undeclared });
    const listing = setup({ listOnly: true });
    assert.deepEqual((await listing.runs.measure('mitata', [id('a')])).get(id('a')), { state: 'elsewhere', why: ELSEWHERE.listing });
    assert.deepEqual(listing.measuredSets, [[]]);
    listing.runs.close();
    assert.deepEqual((await listing.runs.measure('mitata', [id('b')])).get(id('b')), { state: 'elsewhere', why: ELSEWHERE.after });
  });

  it('stops a further instance of the file at its run() of the wanted benchmark (never resolving), and answers its other run() calls at once', async () => {
    const { runs, measuredSets } = setup();
    let stopped: Promise<unknown> | null = null;
    let other: ReadonlyMap<string, unknown> | null = null;
    const loaded = await runs.withInstanceGate(id('b'), async (until) => {
      other = await runs.measure('tinybench', [id('c')]);
      stopped = runs.measure('tinybench', [id('a'), id('b')]);
      await until;
      return 'stopped at run()';
    });
    assert.equal(loaded, 'stopped at run()');
    assert.deepEqual(other!.get(id('c')), { state: 'elsewhere', why: ELSEWHERE.notHere });
    const settled = await Promise.race([stopped!.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);
    assert.equal(settled, 'pending');
    assert.deepEqual(measuredSets, [], 'an instance measures nothing itself');
  });

  it('waits for the work a run() goes on with, and fails the file with its error', async () => {
    const { runs } = setup();
    let done = false;
    runs.track(
      new Promise((resolve) => setTimeout(resolve, 10)).then(() => {
        done = true;
      }),
    );
    await runs.idle();
    assert.ok(done);
    runs.track(Promise.reject(new Error('listener threw')));
    await assert.rejects(runs.idle(), /listener threw/);
  });

  it('hands the file the estimate the results file records for a benchmark one process measured', () => {
    const perOp = [10, 10.2, 9.9, 10.1, 30, 10, 10.05, 9.95, 10.3, 10.1, 9.8, 10];
    const samples: Sample[] = perOp.map((ns, i) => ({ iterations: 1000, elapsedNs: ns * 1000, hostThroughputNs: i === 4 ? 800 : 420 + (i % 3) }));
    const result = { samples, calibration: { targetSampleNs: 1e6, baseIterations: 1000 }, memory: null } as unknown as MeasuredBenchmark;
    const outcome = outcomeOf(result);
    assert.deepEqual(outcome.estimate, fromSamples(samples, null, 1).estimate);
    assert.deepEqual(outcome.perOpNs, perOp);
    assert.equal(outcome.iterations, 12_000);
  });
});
