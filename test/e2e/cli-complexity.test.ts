/**
 * End-to-end: swept benchmarks get their complexity fitted in the terminal and the results file;
 * `--args` replaces a parameter's values; `--probe` supplies the cache sizes cliffs are named after.
 * Budgets are short and the machine is shared, so which model wins is not asserted here (the
 * synthetic unit tests pin every model): only that each sweep is fitted and reported.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { COMPLEXITY_MODELS } from '../../src/stats/complexity-fit.js';
import { describeRun, FAST, makeTempDir, readResults, runCli } from '../helpers/e2e-cli.js';

const DIR = 'test/fixtures/bench/complexity';
const temp = makeTempDir();
after(() => temp.cleanup());

describe('complexity of swept benchmarks', () => {
  it('fits every sweep of the group, with --args giving the sizes (and saying which --args key no benchmark declares)', async () => {
    const json = path.join(temp.dir, 'sweeps.json');
    const run = await runCli([path.join(DIR, 'sweeps.bench.ts'), ...FAST, '--args', 'n=64..4096:x4', '--args', 'size=1,2', '--json', json, '--no-history']);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stderr, /warning: --args size: no benchmark declares this parameter, so it changed nothing/, describeRun(run));
    assert.doesNotMatch(run.stderr, /--args n\b/, describeRun(run));
    const results = readResults(json);
    assert.deepEqual([...new Set(results.benchmarks.map((b) => b.params['n']))], [64, 256, 1024, 4096]);
    const groups = results.complexity?.groups ?? [];
    assert.deepEqual(
      groups.map((g) => g.baseName),
      ['sort', 'scan', 'map lookup'],
    );
    for (const g of groups) {
      assert.ok((COMPLEXITY_MODELS as readonly string[]).includes(g.best.model));
      assert.equal(g.points.length, 4);
      assert.equal(g.fits.length, COMPLEXITY_MODELS.length);
    }
    for (const name of ['sort', 'scan', 'map lookup']) assert.match(run.stdout, new RegExp(`∿ ${name} over n: (O\\(|too noisy|no single growth law)`), describeRun(run));
  });

  it("records the probe document's cache sizes for a sweep that declares bytesPerItem", async () => {
    const probe = path.join(temp.dir, 'probe.json');
    writeFileSync(
      probe,
      JSON.stringify({
        format: 'ubench-probe',
        version: 1,
        quick: true,
        complete: true,
        environment: {},
        timer: null,
        os: { caches: [], lineBytes: null, pageBytes: 4096 },
        osSource: '/none',
        experiments: [
          {
            id: 'cache-size',
            title: 'Cache sizes',
            file: 'x',
            status: 'ok',
            reason: null,
            series: [],
            findings: [{ name: 'knee', value: 32768, unit: 'bytes', os: null, agrees: null, note: null }],
            notes: [],
          },
        ],
      }),
    );
    const json = path.join(temp.dir, 'sum.json');
    const run = await runCli([path.join(DIR, 'array-sum.bench.ts'), ...FAST, '--args', 'n=512..32768:x4', '--probe', probe, '--json', json, '--no-history']);
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(json);
    assert.deepEqual(
      results.benchmarks.map((b) => b.bytesPerItem),
      [8, 8, 8, 8],
    );
    assert.deepEqual(results.complexity?.caches, { source: 'probe', origin: probe, levels: [{ name: 'L1', sizeBytes: 32768, ranked: true, climbEndBytes: null }] });
    assert.equal(results.complexity?.groups[0]?.bytesPerItem, 8);
  });
});
