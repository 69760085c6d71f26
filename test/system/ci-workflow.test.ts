/**
 * docs/ci.md's commands end to end, with real processes: 4 shards, each measuring base and head in
 * two rounds; the merges hold exactly the benchmark set of an unsharded run; the gate passes on
 * unchanged code and fails on a head whose bodies do 4× the work (an effect no host movement can
 * hide at a 50% gate); the Bencher export reads the merged file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { FAST, makeTempDir, readResults, REPO_ROOT, runCli } from '../helpers/e2e-cli.js';

const SUITE = path.join(REPO_ROOT, 'test/fixtures/bench/shards');
const tmp = makeTempDir();
after(() => tmp.cleanup());
const out = (name: string): string => path.join(tmp.dir, name);
const ids = (file: string): string[] =>
  readResults(file)
    .benchmarks.map((b) => b.id)
    .sort();

async function measure(json: string, extra: string[], work = 1): Promise<void> {
  const r = await runCli([SUITE, ...FAST, '--no-history', '--quiet', ...extra, '--json', json], { env: { UBENCH_TEST_WORK: String(work) } });
  assert.equal(r.code, 0, r.stderr);
}

describe('the CI workflow of docs/ci.md (4 shards, base and head per shard)', () => {
  it('shards, merges, compares, gates and exports', async () => {
    await measure(out('whole.json'), []);
    const sides = { base: [] as string[], head: [] as string[], regressed: [] as string[] };
    for (let shard = 1; shard <= 4; shard++) {
      for (let round = 1; round <= 2; round++) {
        for (const [side, work] of [
          ['base', 1],
          ['head', 1],
          ['regressed', 4],
        ] as const) {
          const file = out(`${side}-${shard}-${round}.json`);
          await measure(file, ['--shard', `${shard}/4`, '--seed', String(round)], work);
          sides[side].push(file);
        }
      }
    }
    for (const side of ['base', 'head', 'regressed'] as const) {
      const r = await runCli(['merge', ...sides[side], '--json', out(`${side}.json`), '--quiet']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /merged 8 files \(8 runs on 1 machine, 10 benchmarks\)/);
      assert.deepEqual(ids(out(`${side}.json`)), ids(out('whole.json')));
      assert.ok(
        readResults(out(`${side}.json`)).benchmarks.every((b) => b.forks?.length === 2),
        'the two rounds pool like --forks 2',
      );
    }
    const same = await runCli(['compare', out('base.json'), out('head.json'), '--fail-on-regression', '50%']);
    assert.equal(same.code, 0, same.stdout + same.stderr);
    const worse = await runCli(['compare', out('base.json'), out('regressed.json'), '--fail-on-regression', '50%']);
    assert.equal(worse.code, 1, worse.stdout + worse.stderr);
    assert.match(worse.stderr, /--fail-on-regression 50%: \d+ benchmarks? slower by more than that/);
    const bmf = await runCli(['export', out('head.json'), '--bmf', out('head.bmf.json')]);
    assert.equal(bmf.code, 0, bmf.stderr);
    assert.equal(Object.keys(JSON.parse(readFileSync(out('head.bmf.json'), 'utf8')) as object).length, 10);
  });
});
