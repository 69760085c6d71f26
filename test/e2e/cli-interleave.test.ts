/**
 * End-to-end: interleaved rounds and host tracking in real results files (never their times), the
 * --sequential mode, and this machine's host calibration across runs.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { assertValidResults, describeRun, FAST, makeTempDir, runCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FIXTURE = 'test/fixtures/bench/ok/quick.bench.ts';

async function run(name: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ results: ResultsFile; stdout: string }> {
  const json = path.join(temp.dir, `${name}.json`);
  const result = await runCli([FIXTURE, ...FAST, '--no-history', '--json', json, ...extra], { env });
  assert.equal(result.code, 0, describeRun(result));
  const results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
  assertValidResults(results);
  return { results, stdout: result.stdout };
}

describe('interleaved rounds (the default)', () => {
  it("samples the file's benchmarks and their floor in shared rounds, each sample with the host reference", async () => {
    const { results } = await run('interleaved');
    assert.equal(results.settings.interleave, true);
    const ok = results.benchmarks.filter((b) => b.status === 'ok');
    assert.ok(ok.length >= 2);
    const roundsOf = (samples: { round?: number }[]) => new Set(samples.map((s) => s.round));
    for (const b of ok) {
      assert.ok(
        b.samples.every((s) => Number.isInteger(s.round) && s.hostNs! > 0),
        b.id,
      );
      assert.ok(b.floor!.samples!.length > 0, `${b.id}: the floor was sampled in the rounds`);
      assert.ok(
        [...roundsOf(b.floor!.samples!)].some((r) => roundsOf(b.samples).has(r)),
        `${b.id}: shares rounds with its floor`,
      );
      assert.ok(b.host !== null && b.host.source === 'rounds', b.id);
    }
    const [first, second] = ok;
    const shared = [...roundsOf(first!.samples)].filter((r) => roundsOf(second!.samples).has(r));
    assert.ok(shared.length >= 6, 'benchmarks of one file share their rounds');
  });

  it('--sequential samples one benchmark after another, each in rounds of its own with its floor and the references', async () => {
    const { results } = await run('sequential', ['--sequential']);
    assert.equal(results.settings.interleave, false);
    const ok = results.benchmarks.filter((x) => x.status === 'ok');
    assert.ok(ok.length >= 2);
    const roundsOf = (samples: { round?: number }[]) => new Set(samples.map((s) => s.round));
    for (const b of ok) {
      assert.ok(
        b.samples.every((s) => Number.isInteger(s.round) && s.hostNs! > 0),
        b.id,
      );
      assert.ok(
        [...roundsOf(b.floor!.samples!)].some((r) => roundsOf(b.samples).has(r)),
        `${b.id}: shares rounds with its floor`,
      );
      assert.equal(b.host?.source, 'rounds');
    }
    const [first, second] = ok;
    assert.deepEqual(
      [...roundsOf(first!.samples)].filter((r) => roundsOf(second!.samples).has(r)),
      [],
      'no round holds two benchmarks',
    );
    // One after another: the first benchmark's last round comes before the second's first.
    assert.ok(Math.max(...[...roundsOf(first!.samples)].map(Number)) < Math.min(...[...roundsOf(second!.samples)].map(Number)));
  });
});

describe('host calibration across runs', () => {
  const cacheDir = path.join(temp.dir, 'cache');
  const env = { UBENCH_CACHE_DIR: cacheDir };

  it("compares each run with the machine's earlier runs once it has three, and says so under the report", async () => {
    let last: { results: ResultsFile; stdout: string } | null = null;
    for (let i = 0; i < 4; i++) last = await run(`cal${i}`, [], env);
    const host = last!.results.host!;
    assert.equal(host.calibrationRuns, 3);
    assert.ok(host.referenceNs > 0 && host.usualNs! > 0);
    assert.ok(Math.abs(host.versusUsual! - (host.referenceNs / host.usualNs! - 1)) < 1e-12);
    assert.ok(host.throughputNs! > 0 && host.usualThroughputNs! > 0);
    assert.match(
      last!.stdout,
      /^host: (at this machine's usual speed|this run's machine ran \d+% (slower|faster) than its usual|code of much instruction-level parallelism ran).* \(latency reference .* per 1,000 steps, usual .* over 3 runs; throughput reference .* per 1,000 iterations, usual .*\)$/m,
    );
  });

  it('ubench calibration shows the file and --reset deletes it', async () => {
    const shown = await runCli(['calibration'], { env });
    assert.equal(shown.code, 0, describeRun(shown));
    assert.match(
      shown.stdout,
      /host calibration: .*host-calibration\.json\n {2}.*node .*\n {4}4 runs: latency reference usual .* µs per 1,000 steps, runs .*\n {4}throughput reference usual \d+ ns per 1,000 iterations/,
    );
    const reset = await runCli(['calibration', '--reset'], { env });
    assert.match(reset.stdout, /^host calibration deleted: /);
    assert.equal(existsSync(path.join(cacheDir, 'host-calibration.json')), false);
    const again = await runCli(['calibration', 'extra'], { env });
    assert.equal(again.code, 2);
    assert.match(again.stderr, /^ubench: calibration: unexpected argument "extra"/);
  });
});
