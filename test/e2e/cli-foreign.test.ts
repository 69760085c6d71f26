/**
 * End-to-end: bench files written for vitest, mitata, tinybench and Benchmark.js run unchanged under
 * the CLI (docs/integrations.md): every declared benchmark appears under its own name and group,
 * each unmapped feature is an error of its own benchmark while the rest is measured, and a file
 * mixing APIs or declaring nothing is refused with one clear line.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const DIR = 'test/fixtures/foreign';

/** Every benchmark the fixtures declare (file#group/name), and the refused ones with what their error names. */
const EXPECTED: Record<string, string[]> = {
  'vitest/sort.bench.ts': ['sort/normal', 'sort/reverse'],
  'vitest/options.bench.ts': ['sum/prepared array', 'sum/reduce'],
  'vitest/nested.bench.ts': ['parse/json/small object', 'parse/numbers/parseInt', 'awaited'],
  'vitest/unmapped.bench.ts': ['fine', 'typo option', 'also fine'],
  'mitata/basic.bench.ts': ['fibonacci(16)', 'Array.from(64)', 'new Array(64)'],
  'mitata/args.bench.ts': [
    'arrays/new Array($len)(len=8)',
    'arrays/new Array($len)(len=64)',
    'arrays/new Array($len)(len=512)',
    'arrays/fill $size(size=16)',
    'arrays/fill $size(size=64)',
    'sum to $x(x=10)',
    'sum to $x(x=100)',
    'step $n(n=1)',
    'step $n(n=2)',
    'step $n(n=3)',
  ],
  'mitata/computed.bench.ts': ['sort $size(size=32)', 'sort $size(size=128)', 'iterator form', 'async generator', 'with teardown'],
  'mitata/unmapped.bench.ts': ['plain', 'inner gc', 'manual timing', 'object args $cfg(cfg={"depth":1})', 'object args $cfg(cfg={"depth":2})', 'also plain'],
  'tinybench/simple.bench.ts': ['simple benchmark/faster task', 'simple benchmark/slower task'],
  'tinybench/hooks.bench.ts': ['indexOf', 'map lookup'],
  'tinybench/each-hooks.bench.ts': ['sorting/sort fresh copy', 'sorting/sort constant'],
  'tinybench/throws.bench.ts': ['faults/works', 'faults/broken', 'faults/works too'],
  'tinybench/overridden.bench.ts': ['batched', 'parse'],
  'benchmark/suite.bench.js': ['RegExp#test', 'String#indexOf'],
  'benchmark/setup.bench.mts': ['strings/join', 'strings/concat'],
  'benchmark/defer.bench.js': ['async/deferred tick', 'async/sync', 'standalone'],
  'benchmark/unmapped.bench.js': ['deferred string', 'unknown option', 'plain', 'broken code'],
  'benchmark/scope.bench.js': ['scope/sort copy', 'scope/code strings'],
};
const REFUSED: Record<string, RegExp> = {
  'vitest/unmapped.bench.ts#typo option': /vitest's bench: the option "warmuptime" is not mapped to ubench/,
  'mitata/unmapped.bench.ts#manual timing': /yielded \{ manual \}/,
  'tinybench/throws.bench.ts#faults/broken': /task failed on purpose/,
  'tinybench/overridden.bench.ts#batched': /tinybench: a task returning overriddenDuration .* b\.stop\(\)\/b\.start\(\)/,
  'benchmark/unmapped.bench.js#broken code': /Benchmark\.js: setup, fn and teardown compiled together/,
};

describe('ubench test/fixtures/foreign/{vitest,mitata,tinybench,benchmark}', () => {
  let run: CliRun;
  let results: ResultsFile;
  before(async () => {
    // --quick: what is declared, mapped and refused is judged here, not the probes' figures.
    const json = path.join(temp.dir, 'foreign.json');
    run = await runCli([`${DIR}/vitest`, `${DIR}/mitata`, `${DIR}/tinybench`, `${DIR}/benchmark`, ...FAST, '--quick', '--json', json], { killAfterMs: 300_000 });
    results = readResults(json);
  });

  it('declares every benchmark of every file under its own name and group, and loads every file but the one whose run() rejects', () => {
    // tinybench's run() rejects with a failed task's error under throws: true, as tinybench's does: the file fails after it.
    assert.deepEqual(
      results.fileErrors.map((e) => e.file),
      [`${DIR}/tinybench/throws.bench.ts`],
      describeRun(run),
    );
    assert.match(results.fileErrors[0]!.error.message, /task failed on purpose/);
    const ids = results.benchmarks.map((b) => b.id).sort();
    const expected = Object.entries(EXPECTED)
      .flatMap(([file, names]) => names.map((name) => `${DIR}/${file}#${name}`))
      .sort();
    assert.deepEqual(ids, expected);
  });

  it('measures the mapped benchmarks and gives each unmapped feature an error of its own benchmark, without a stack trace', () => {
    for (const b of results.benchmarks) {
      const key = b.id.slice(DIR.length + 1);
      const refusal = REFUSED[key];
      if (refusal === undefined) {
        assert.equal(b.status, 'ok', `${b.id}: ${JSON.stringify(b.error)}`);
        assert.ok(b.estimate !== null && b.estimate !== undefined, b.id);
      } else {
        assert.equal(b.status, 'error', b.id);
        assert.match(b.error?.message ?? '', refusal, b.id);
      }
    }
    assert.equal(run.code, 1, describeRun(run));
    assert.doesNotMatch(run.stdout, STACK_LINE, run.stdout);
  });

  it('points a refused mitata benchmark at its own declaration, not at the next one', () => {
    const manual = results.benchmarks.find((b) => b.id === `${DIR}/mitata/unmapped.bench.ts#manual timing`);
    assert.equal(manual?.error?.location, `${DIR}/mitata/unmapped.bench.ts:10:1`);
  });

  it("maps what was once refused: .gc('inner') with its collections, object args, beforeEach as a manual loop", () => {
    const byId = (id: string) => results.benchmarks.find((b) => b.id === `${DIR}/${id}`);
    assert.equal(byId('mitata/unmapped.bench.ts#inner gc')?.forcedGc?.mode, 'every-sample');
    assert.equal(byId('tinybench/each-hooks.bench.ts#sorting/sort fresh copy')?.mode, 'manual');
  });

  it('maps hooks so that the data they prepare is there: the hooked benchmarks are measured', () => {
    for (const id of ['vitest/options.bench.ts#sum/prepared array', 'tinybench/hooks.bench.ts#map lookup', 'benchmark/setup.bench.mts#strings/join', 'benchmark/scope.bench.js#scope/sort copy']) {
      const b = results.benchmarks.find((r) => r.id === `${DIR}/${id}`);
      assert.equal(b?.status, 'ok', id);
    }
  });
});

describe('foreign files refused as a whole', () => {
  it('refuses a file mixing two APIs, or one with ubench, with one line, and measures nothing of it', async () => {
    const json = path.join(temp.dir, 'mixed.json');
    const run = await runCli([`${DIR}/edge/mixed.bench.ts`, `${DIR}/edge/with-ubench.bench.ts`, ...FAST, '--json', json]);
    const results = readResults(json);
    assert.deepEqual(results.benchmarks, []);
    const messages = results.fileErrors.map((e) => e.error.message).sort();
    assert.equal(messages.length, 2, describeRun(run));
    assert.match(messages[0]!, /mixed\.bench\.ts imports both mitata \('mitata'\) and tinybench \('tinybench'\)/);
    assert.match(messages[1]!, /with-ubench\.bench\.ts imports both ubench's own API \('ubench'\) and vitest's bench \('vitest'\)/);
    assert.ok(messages.every((m) => !m.includes('\n')));
  });

  it("hands code after run() that reads the foreign runner's results ubench's figure", async () => {
    const json = path.join(temp.dir, 'reads.json');
    const run = await runCli([`${DIR}/edge/reads-results.bench.ts`, ...FAST, '--json', json]);
    const results = readResults(json);
    assert.deepEqual(results.fileErrors, [], describeRun(run));
    const printed = /^mean (\S+)$/m.exec(run.stderr);
    assert.ok(printed, describeRun(run));
    const estimate = results.benchmarks[0]!.estimate!.nsPerOp;
    assert.ok(Math.abs(Number(printed[1]) * 1e6 - estimate) <= 1e-9 * estimate, `${printed[1]} ms printed, ${estimate} ns measured`);
  });

  it('says that a foreign file declaring nothing declared no benchmark', async () => {
    const run = await runCli([`${DIR}/edge/nothing.bench.ts`, ...FAST]);
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /no benchmarks declared in 1 bench file/);
    const beside = await runCli([`${DIR}/edge/nothing.bench.ts`, `${DIR}/mitata/basic.bench.ts`, ...FAST]);
    assert.equal(beside.code, 0, describeRun(beside));
    assert.match(beside.stderr, /^ubench: warning: test\/fixtures\/foreign\/edge\/nothing\.bench\.ts: declares no benchmark, so nothing of it was measured$/m);
    assert.match(beside.stdout, /fibonacci/);
  });
});
