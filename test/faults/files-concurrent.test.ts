/**
 * Fault suite, files: runs at once sharing state. Eight `ubench` runs started together in one
 * folder, sharing one host-calibration folder (UBENCH_CACHE_DIR) and one run history
 * (`.ubench/runs/`): every run's history entry and calibration entry is kept, every file parses and
 * validates, and no lock or temp file is left behind. Then eight processes hammering the
 * calibration's read-change-write with 25 updates each: not one update lost.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { CLI, FAST, REPO_ROOT, assertValidResults, collect, describeRun, makeTempDir } from '../helpers/e2e-cli.js';

const RUNS = 8;
/** Updates per process in the hammering case: 200 read-change-writes in all, within a few seconds. */
const UPDATES = 25;

const temp = makeTempDir();
after(() => temp.cleanup());

describe('fault suite: concurrent runs', () => {
  it(`${RUNS} runs at once in one folder keep every history and calibration entry`, async () => {
    const cwd = path.join(temp.dir, 'project');
    const cache = path.join(temp.dir, 'cache');
    mkdirSync(cwd, { recursive: true });
    const bench = path.join(REPO_ROOT, 'test/fixtures/bench/ok/quick.bench.ts');
    const runs = await Promise.all(
      Array.from({ length: RUNS }, () =>
        collect(
          spawn(process.execPath, [CLI, bench, ...FAST, '--filter', 'add', '--quiet'], {
            cwd,
            env: { ...process.env, NO_COLOR: '1', UBENCH_CACHE_DIR: cache, UBENCH_HOST_CHECK: '0' },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
          100_000,
        ),
      ),
    );
    for (const run of runs) assert.equal(run.code, 0, describeRun(run));
    for (const run of runs) assert.ok(!/warning/.test(run.stderr), `no run warned (history or calibration not kept): ${describeRun(run)}`);
    const runsDir = path.join(cwd, '.ubench', 'runs');
    const history = readdirSync(runsDir);
    assert.equal(history.filter((f) => f.endsWith('.json')).length, RUNS, `history: ${history.join(', ')}`);
    assert.deepEqual(
      history.filter((f) => !f.endsWith('.json') || f.startsWith('.')),
      [],
      'no temp file left in the history',
    );
    for (const file of history) {
      const results = JSON.parse(readFileSync(path.join(runsDir, file), 'utf8')) as unknown;
      assertValidResults(results, file);
      assert.equal(results.complete, true, file);
    }
    assert.deepEqual(readdirSync(cache), ['host-calibration.json'], 'no lock or temp file left in the cache folder');
    const calibration = JSON.parse(readFileSync(path.join(cache, 'host-calibration.json'), 'utf8')) as { machines: Record<string, { runs: unknown[] }> };
    const entries = Object.values(calibration.machines).reduce((sum, m) => sum + m.runs.length, 0);
    assert.equal(entries, RUNS, 'one calibration entry per run');
  });

  it(`${RUNS} processes updating the calibration ${UPDATES} times each lose no update`, async () => {
    const file = path.join(temp.dir, 'hammer', 'host-calibration.json');
    const module = path.join(REPO_ROOT, 'src/runner/host-speed/host-calibration.ts');
    const code = (key: string) =>
      `import { recordRun } from ${JSON.stringify(module)}; for (let i = 0; i < ${UPDATES}; i++) recordRun(${JSON.stringify(file)}, ${JSON.stringify(key)}, { referenceNs: 1000 + i, throughputNs: null });`;
    const workers = await Promise.all(
      Array.from({ length: RUNS }, (_, i) =>
        collect(spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code(`machine-${i}`)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] }), 100_000),
      ),
    );
    for (const run of workers) assert.equal(run.code, 0, describeRun(run));
    const calibration = JSON.parse(readFileSync(file, 'utf8')) as { machines: Record<string, { runs: { referenceNs: number }[] }> };
    assert.deepEqual(
      Object.keys(calibration.machines).sort(),
      Array.from({ length: RUNS }, (_, i) => `machine-${i}`),
    );
    for (const [key, machine] of Object.entries(calibration.machines)) {
      assert.deepEqual(
        machine.runs.map((r) => r.referenceNs),
        Array.from({ length: UPDATES }, (_, i) => 1000 + i),
        `${key}: every update kept, in order`,
      );
    }
    assert.deepEqual(readdirSync(path.dirname(file)), ['host-calibration.json']);
  });
});
