// A foreign harness's run() under ubench (src/define/foreign/foreign-run.ts): what each stand-in's
// results hold once the benchmark process hands it ubench's figures (a fake process here), in the
// harness's own shape, and the events each fires around them.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import Benchmark from '../../src/define/foreign/benchmark-js-shim.js';
import { benchmarkFigures, benchmarkText, extremes, formatNumber as commas } from '../../src/define/foreign/benchmark-js-results.js';
import { type ForeignOutcome, type ForeignRunHost, type MeasuredOutcome, setForeignRunHost } from '../../src/define/foreign/foreign-run.js';
import { run as mitataRun, bench as mitataBench } from '../../src/define/foreign/mitata-shim.js';
import { measuredStats } from '../../src/define/foreign/mitata-results.js';
import { Bench, formatNumber } from '../../src/define/foreign/tinybench-shim.js';
import { tinybenchFigures } from '../../src/define/foreign/tinybench-statistics.js';
import { getRegistry, resetRegistry } from '../../src/define/registry.js';

/** ubench's figures for a benchmark: estimate `ns` with a CI ±`half`, samples `perOpNs`. */
function measured(ns: number, half: number, perOpNs: number[], extra: Partial<MeasuredOutcome> = {}): MeasuredOutcome {
  return {
    state: 'measured',
    estimate: { nsPerOp: ns, ciLower: ns - half, ciUpper: ns + half, confidence: 0.95, method: 'median-order-statistics' },
    perOpNs,
    iterations: perOpNs.length * 1000,
    elapsedNs: perOpNs.reduce((sum, v) => sum + v * 1000, 0),
    bytesPerOp: null,
    forcedGc: null,
    ...extra,
  };
}

/** A benchmark process that answers every run() with the outcome its name's entry in `byName` gives (by the end of its id). */
function fakeProcess(byName: Record<string, ForeignOutcome>): { host: ForeignRunHost; asked: string[][] } {
  const asked: string[][] = [];
  const answer = (ids: readonly string[]): Map<string, ForeignOutcome> =>
    new Map(ids.map((id) => [id, Object.entries(byName).find(([name]) => id.endsWith(`#${name}`) || id.endsWith(`/${name}`))?.[1] ?? { state: 'elsewhere', why: 'test' }]));
  const tracked: Promise<unknown>[] = [];
  const host: ForeignRunHost = {
    measure: async (_api, ids) => {
      asked.push([...ids]);
      return answer(ids);
    },
    known: (ids) => answer(ids),
    track: (work) => tracked.push(work),
  };
  return { host, asked };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe("tinybench's result shape", () => {
  beforeEach(() => resetRegistry('t.bench.ts'));
  afterEach(() => setForeignRunHost(null));

  it("carries ubench's estimate as the mean and its CI as the margin, in ms and ops/s; the spread figures describe ubench's samples", () => {
    const figures = tinybenchFigures(measured(100, 2, [95, 100, 105, 110]).estimate, [95, 100, 105, 110], 410_000, true);
    assert.equal(figures.latency.mean, 100 / 1e6);
    assert.ok(Math.abs(figures.latency.rme - 2) < 1e-9);
    assert.equal(figures.latency.min, 95 / 1e6);
    assert.equal(figures.latency.max, 110 / 1e6);
    assert.ok(Math.abs(figures.latency.p50 - 102.5 / 1e6) < 1e-15);
    assert.equal(figures.latency.samplesCount, 4);
    assert.deepEqual(figures.latency.samples, [95 / 1e6, 100 / 1e6, 105 / 1e6, 110 / 1e6]);
    assert.ok(Math.abs(figures.throughput.mean - 1e7) < 1e-3);
    assert.equal(figures.period, figures.latency.mean);
    assert.equal(figures.totalTime, 0.41);
    assert.equal(tinybenchFigures(measured(100, 2, [100]).estimate, [100], 1, false).latency.samples, undefined, 'no samples kept without retainSamples');
  });

  it('fills task.result, table() and results at run(), fires its events in order, and rejects with a failed task’s error under throws: true', async () => {
    const { host, asked } = fakeProcess({ fast: measured(100, 2, [99, 100, 101]), broken: { state: 'failed', message: 'boom' }, elsewhere: { state: 'elsewhere', why: 'another process' } });
    setForeignRunHost(host);
    const events: string[] = [];
    const bench = new Bench({ name: 'g', throws: true });
    for (const type of ['warmup', 'start', 'cycle', 'error', 'complete'])
      bench.addEventListener(type, (e) => events.push(`bench ${type}${(e as unknown as { task?: { name: string } }).task ? ` ${(e as unknown as { task: { name: string } }).task.name}` : ''}`));
    bench
      .add('fast', () => 1)
      .add('broken', () => 2)
      .add('elsewhere', () => 3);
    bench.getTask('fast')!.addEventListener('complete', () => events.push('task complete fast'));
    await assert.rejects(bench.run(), /boom/);
    assert.deepEqual(asked, [['t.bench.ts#g/fast', 't.bench.ts#g/broken', 't.bench.ts#g/elsewhere']]);
    assert.deepEqual(events, ['bench warmup', 'bench start', 'bench cycle fast', 'task complete fast', 'bench error broken', 'bench cycle broken', 'bench cycle elsewhere', 'bench complete']);
    const [fast, broken, elsewhere] = bench.tasks;
    assert.equal(fast!.result.state, 'completed');
    assert.equal(fast!.runs, 3000);
    assert.equal(broken!.result.state, 'errored');
    assert.equal(elsewhere!.result.state, 'not-started');
    assert.ok(Number.isNaN((elsewhere!.result as { latency: { mean: number } }).latency.mean), 'figures NaN, so code formatting them runs on');
    const [row, errored, none] = bench.table();
    assert.deepEqual(row, {
      'Task name': 'fast',
      'Latency avg (ns)': '100.00 \u00b1 2.00%',
      'Latency med (ns)': '100.00 \u00b1 1.00',
      'Throughput avg (ops/s)': '10000000 \u00b1 2.00%',
      'Throughput med (ops/s)': '10000000 \u00b1 99010',
      Samples: 3,
    });
    assert.equal(errored!['Error'], 'boom');
    assert.equal(none!['Remarks'], 'not-started');
    assert.deepEqual(
      bench.results.map((r) => r.state),
      ['completed', 'errored', 'not-started'],
    );
  });

  it('withdraws a removed task that was not measured yet, and formats numbers as tinybench does', () => {
    const bench = new Bench().add('kept', () => 1).add('dropped', () => 2);
    bench.remove('dropped');
    assert.deepEqual(
      getRegistry().benchmarks.map((b) => b.name),
      ['kept'],
    );
    assert.deepEqual(
      [formatNumber(123456.7), formatNumber(12.3456), formatNumber(0.001234), formatNumber(1234.567), formatNumber(Number.POSITIVE_INFINITY), formatNumber(Number.NaN)],
      ['123457', '12.35', '0.00', '1234.6', '+∞', 'NaN'],
    );
  });
});

describe("mitata's run() shape", () => {
  beforeEach(() => resetRegistry('m.bench.ts'));
  afterEach(() => setForeignRunHost(null));

  it("resolves to trials whose runs' stats carry ubench's figures: avg the estimate, percentiles read as mitata reads them, gc and heap", async () => {
    const gc = { mode: 'every-sample' as const, by: "mitata .gc('inner')", count: 4, totalNs: 400, minNs: 50, maxNs: 200 };
    const { host } = fakeProcess({
      'rows(n=1)': measured(10, 1, [12, 9, 10, 11], { forcedGc: gc, bytesPerOp: 64 }),
      'rows(n=2)': { state: 'failed', message: 'no rows' },
      other: measured(5, 0.1, [5]),
    });
    setForeignRunHost(host);
    mitataBench('rows', () => 1)
      .args('n', [1, 2])
      .gc('inner')
      .highlight('red');
    mitataBench('other', () => 2);
    mitataBench('filtered out', () => 3);
    const { benchmarks, context } = await mitataRun({ filter: /rows|other/ });
    assert.equal(context['runtime'], 'node');
    assert.deepEqual(
      getRegistry().benchmarks.map((b) => b.name),
      ['rows(n=1)', 'rows(n=2)', 'other'],
      'a benchmark the filter leaves out is not measured at all',
    );
    const [rows, other] = benchmarks;
    assert.equal(rows!.kind, 'args');
    assert.deepEqual(rows!.style, { highlight: 'red', compact: false });
    const [one, two] = rows!.runs;
    assert.equal(one!.name, 'rows');
    assert.deepEqual(one!.args, { n: 1 });
    assert.deepEqual(one!.stats!.samples, [9, 10, 11, 12]);
    assert.equal(one!.stats!.avg, 10);
    assert.equal(one!.stats!.p50, 10, 'the sample at index ⌊0.5·3⌋');
    assert.equal(one!.stats!.p75, 11);
    assert.equal(one!.stats!.ticks, 4000);
    assert.deepEqual(one!.stats!.gc, { total: 400, min: 50, max: 200, avg: 100 });
    assert.equal(one!.stats!.heap!.avg, 64);
    assert.equal(two!.stats, undefined);
    assert.match(String(two!.error), /no rows/);
    assert.equal(other!.kind, 'static');
    assert.equal(other!.runs[0]!.stats!.avg, 5);
  });

  it("rejects with a failed run's error under throw: true, and a .gc('once') reading gives no per-sample gc figures", async () => {
    const { host } = fakeProcess({ bad: { state: 'failed', message: 'bad run' } });
    setForeignRunHost(host);
    mitataBench('bad', () => 1);
    await assert.rejects(mitataRun({ throw: true }), /bad run/);
    const once = measuredStats(measured(3, 0.1, [3], { forcedGc: { mode: 'once', by: "mitata .gc('once')", count: 1, totalNs: 9, minNs: 9, maxNs: 9 } }), 'fn');
    assert.equal(once.gc, undefined);
  });
});

describe("Benchmark.js's shape", () => {
  beforeEach(() => resetRegistry('b.bench.js'));
  afterEach(() => setForeignRunHost(null));

  it("prints String(bench) from ubench's estimate and CI, as Benchmark.js prints its own", () => {
    const figures = benchmarkFigures(measured(4, 0.04, [3.9, 4, 4.1]), 0);
    assert.ok(Math.abs(figures.hz - 2.5e8) < 1e-3);
    assert.ok(Math.abs(figures.stats.rme - 1) < 1e-9);
    assert.equal(figures.stats.mean, 4e-9);
    assert.equal(figures.cycles, 3);
    assert.equal(figures.count, 1000);
    assert.equal(benchmarkText('indexOf', figures), 'indexOf x 250,000,000 ops/sec \u00b11.00% (3 runs sampled)');
    assert.equal(benchmarkText('slow', benchmarkFigures(measured(2e7, 2e5, [2e7]), 0)), 'slow x 50.00 ops/sec \u00b11.00% (1 run sampled)');
    assert.equal(benchmarkText('bad', benchmarkFigures({ state: 'failed', message: 'nope' }, 0)), 'bad: name: Error, message: nope');
    assert.equal(commas(1234567.891), '1,234,567.891');
  });

  it("'fastest' keeps the best by mean and margin and those the samples cannot tell from it; unmeasured ones are left out", () => {
    const spread = (center: number): number[] => Array.from({ length: 20 }, (_, i) => center + (i % 5) * 0.01 * center);
    const bench = (name: string, outcome: ForeignOutcome) => ({ name, figures: benchmarkFigures(outcome, 0) });
    const a = bench('a', measured(10, 0.1, spread(10)));
    const b = bench('b', measured(10.01, 0.1, spread(10.01)));
    const c = bench('c', measured(30, 0.3, spread(30)));
    const none = bench('none', { state: 'elsewhere', why: 'test' });
    assert.deepEqual(
      extremes([c, a, none, b], 'fastest').map((x) => x.name),
      ['a', 'b'],
    );
    assert.deepEqual(
      extremes([c, a, none, b], 'slowest').map((x) => x.name),
      ['c'],
    );
  });

  it("fires the suite's and each benchmark's events in Benchmark.js's order after run() returns, this.filter('fastest') naming the faster", async () => {
    const fast = Array.from({ length: 20 }, (_, i) => 10 + (i % 3) * 0.1);
    const slow = fast.map((v) => v * 5);
    const { host } = fakeProcess({ fast: measured(10, 0.1, fast), slow: measured(50, 0.5, slow) });
    setForeignRunHost(host);
    const events: string[] = [];
    let fastest: unknown[] = [];
    new Benchmark.Suite('s')
      .add('slow', () => 1, { onComplete: () => events.push('slow complete') })
      .add('fast', () => 2)
      .on('start', () => events.push('start'))
      .on('cycle', (event: { target: unknown }) => events.push(String(event.target)))
      .on('complete', function (this: unknown) {
        fastest = (this as InstanceType<typeof Benchmark.Suite>).filter('fastest').map('name');
        events.push('complete');
      })
      .run({ async: true });
    assert.deepEqual(events, ['start'], 'run() returns before ubench has measured');
    await tick();
    assert.deepEqual(events, ['start', 'slow complete', 'slow x 20,000,000 ops/sec \u00b11.00% (20 runs sampled)', 'fast x 100,000,000 ops/sec \u00b11.00% (20 runs sampled)', 'complete']);
    assert.deepEqual(fastest, ['fast']);
  });
});
