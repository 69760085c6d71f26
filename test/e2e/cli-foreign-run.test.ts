/**
 * End-to-end: a foreign harness's run() measures when the file calls it (docs/integrations.md), so
 * the file's own code after it prints the same figures ubench's table and results file hold — from
 * the same measurement, so the same value, not merely the same order of magnitude — and a file that
 * closes its resources after `await bench.run()` is measured before the close.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const DIR = 'test/fixtures/foreign/run';

/**
 * The `figures {…}` lines the fixtures print, by name: the first of each, printed by the timing
 * process (a pass after timing, such as the GC-free one an allocating body gets, runs the file again
 * and prints its own line, with no figures).
 */
function printedFigures(output: string): Map<string, Record<string, unknown>> {
  const figures = new Map<string, Record<string, unknown>>();
  for (const line of output.split('\n').filter((l) => l.startsWith('figures '))) {
    const parsed = JSON.parse(line.slice('figures '.length)) as Record<string, unknown>;
    if (!figures.has(String(parsed['name']))) figures.set(String(parsed['name']), parsed);
  }
  return figures;
}

/** The same figure, up to floating-point rounding. */
function same(actual: unknown, expected: number, what: string): void {
  assert.equal(typeof actual, 'number', what);
  assert.ok(Math.abs((actual as number) - expected) <= 1e-9 * Math.abs(expected), `${what}: ${actual} printed, ${expected} in ubench's results`);
}

describe('ubench test/fixtures/foreign/run: code after run() sees ubench’s figures', () => {
  let run: CliRun;
  let results: ResultsFile;
  let printed: Map<string, Record<string, unknown>>;
  const result = (id: string): BenchmarkResult => {
    const found = results.benchmarks.find((b) => b.id === `${DIR}/${id}`);
    assert.ok(found, `no result ${id}`);
    assert.equal(found.status, 'ok', `${id}: ${JSON.stringify(found.error)}`);
    return found;
  };

  before(async () => {
    const json = path.join(temp.dir, 'run.json');
    run = await runCli([DIR, ...FAST, '--json', json], { killAfterMs: 300_000 });
    results = readResults(json);
    // The file's own output is relayed to ubench's stderr; the report is on stdout.
    printed = printedFigures(run.stderr);
  });

  it('loads every file and measures every benchmark, the pool’s bodies before the file closes the pool', () => {
    assert.deepEqual(results.fileErrors, [], describeRun(run));
    assert.equal(results.benchmarks.length, 9, describeRun(run));
    for (const b of results.benchmarks) assert.equal(b.status, 'ok', `${b.id}: ${JSON.stringify(b.error)}`);
    assert.match(run.stderr, /^submit: completed$/m);
    assert.match(run.stderr, /^submit twice: completed$/m);
    assert.doesNotMatch(run.stderr + run.stdout, /fibers interrupted/);
  });

  it("tinybench: task.result's latency and throughput are ubench's estimate, and bench.table() prints it", () => {
    for (const name of ['sum loop', 'sorted copy']) {
      const b = result(`tinybench-table.bench.ts#arrays/${name}`);
      const figures = printed.get(name);
      assert.ok(figures, describeRun(run));
      same(figures['meanNs'], b.estimate!.nsPerOp, `${name} latency.mean`);
      same(figures['hz'], 1e9 / b.estimate!.nsPerOp, `${name} throughput.mean`);
      same(figures['rme'], (100 * (b.estimate!.ciUpper - b.estimate!.ciLower)) / 2 / b.estimate!.nsPerOp, `${name} latency.rme`);
      assert.equal(figures['samples'], b.samples.length);
      assert.equal(figures['kept'], b.samples.length, 'retainSamples keeps every ubench sample');
      // console.table(bench.table()): "│ 0 │ 'sum loop' │ '289.40 ± 0.56%' │ …", rounded as tinybench rounds.
      const row = new RegExp(`'${name}'\\s*│\\s*'([\\d.]+) ± ([\\d.]+)%'`).exec(run.stderr);
      assert.ok(row, `no table row for ${name}`);
      assert.ok(Math.abs(Number(row[1]) - b.estimate!.nsPerOp) <= 0.005 * b.estimate!.nsPerOp + 0.005, `${name}: table ${row[1]} ns, ubench ${b.estimate!.nsPerOp} ns`);
    }
  });

  it("mitata: run()'s return value holds ubench's estimate as each run's avg, and the collections .gc('inner') forced beside it", () => {
    for (const [name, id] of [
      ['allocate rows', 'mitata-gc.bench.ts#allocate rows'],
      ['sum 64', 'mitata-gc.bench.ts#sum $n(n=64)'],
      ['sum 1024', 'mitata-gc.bench.ts#sum $n(n=1024)'],
    ] as const) {
      const b = result(id);
      const figures = printed.get(name);
      assert.ok(figures, describeRun(run));
      same(figures['avg'], b.estimate!.nsPerOp, `${name} stats.avg`);
      assert.equal(figures['samples'], b.samples.length);
    }
    const rows = result('mitata-gc.bench.ts#allocate rows');
    assert.equal(rows.forcedGc?.mode, 'every-sample');
    assert.equal(rows.forcedGc?.count, rows.samples.length, 'one collection before every sample');
    same((printed.get('allocate rows')!['gc'] as { total: number }).total, rows.forcedGc!.totalNs, 'stats.gc.total');
    assert.ok(rows.diagnostics.some((d) => d.code === 'forced-gc'));
    assert.match(run.stdout, /allocate rows: mitata \.gc\('inner'\): ubench ran a full collection before every sample, outside the timing/);
    assert.equal(result('mitata-gc.bench.ts#sum $n(n=64)').forcedGc, undefined);
  });

  it("Benchmark.js: the 'cycle' listener prints ubench's ops/s and margin, and this.filter('fastest') names ubench's fastest", () => {
    const fastest = results.benchmarks.filter((b) => b.id.startsWith(`${DIR}/benchmark/`)).sort((a, b) => a.estimate!.nsPerOp - b.estimate!.nsPerOp)[0]!;
    assert.equal(fastest.name, 'first word');
    assert.match(run.stderr, /^Fastest is first word$/m);
    for (const name of ['join 200 words', 'first word']) {
      const b = result(`benchmark/complete.bench.js#text/${name}`);
      same(printed.get(name)?.['hz'], 1e9 / b.estimate!.nsPerOp, `${name} hz`);
      const line = new RegExp(`^${name} x ([\\d,]+) ops/sec ±([\\d.]+)% \\((\\d+) runs sampled\\)$`, 'm').exec(run.stderr);
      assert.ok(line, `no cycle line for ${name}`);
      assert.ok(Math.abs(Number(line[1]!.replaceAll(',', '')) - 1e9 / b.estimate!.nsPerOp) <= 1, `${name}: ${line[1]} ops/sec printed`);
      assert.equal(Number(line[3]), b.samples.length);
    }
  });
});

describe('foreign run() in processes that do not measure every benchmark', () => {
  it('a benchmark left out by --filter reads as not started, with NaN figures, and the file runs on', async () => {
    const json = path.join(temp.dir, 'filtered.json');
    const run = await runCli([`${DIR}/tinybench-table.bench.ts`, ...FAST, '--filter', 'sum loop', '--json', json]);
    const results = readResults(json);
    assert.deepEqual(results.fileErrors, [], describeRun(run));
    assert.deepEqual(
      results.benchmarks.map((b) => b.name),
      ['sum loop'],
    );
    assert.match(run.stderr, /^sorted copy: not-started$/m);
    same(printedFigures(run.stderr).get('sum loop')?.['meanNs'], results.benchmarks[0]!.estimate!.nsPerOp, 'sum loop latency.mean');
  });

  it('code after run() that fails for want of figures fails the file, saying which run() handed it none; what was measured is kept', async () => {
    const json = path.join(temp.dir, 'needs.json');
    const run = await runCli(['test/fixtures/foreign/edge/needs-figures.bench.ts', ...FAST, '--filter', 'kept', '--json', json]);
    const results = readResults(json);
    const [error] = results.fileErrors;
    assert.ok(error, describeRun(run));
    assert.match(error.error.message, /left out has no result \(this happened after the file's tinybench run\(\) call, which handed it 1 benchmark without figures/);
    assert.deepEqual(
      results.benchmarks.map((b) => [b.name, b.status]),
      [['kept', 'ok']],
    );
  });
});
