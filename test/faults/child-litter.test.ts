/**
 * Fault: benchmarks that start processes and leave them running with the benchmark process's
 * stdout and stderr (one ignoring SIGTERM). The run ends, what they left is killed and said, and
 * every benchmark of the file is measured.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, isAlive, makeTempDir, readResults, runCli, sleep, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';

const FILE = 'test/fixtures/bench/hostile/litter.bench.ts';
const temp = makeTempDir();
after(() => temp.cleanup());

describe('a benchmark that leaves processes behind', () => {
  let run: CliRun;
  let results: ResultsFile;
  let pids: number[];
  let seconds: number;

  before(async () => {
    const pidFile = path.join(temp.dir, 'pids.txt');
    const jsonPath = path.join(temp.dir, 'litter.json');
    const started = Date.now();
    // Before the fix, this run never ended: the parent waited for pipes the leftover processes held.
    run = await runCli([FILE, ...FAST, '--timeout', '20s', '--json', jsonPath], { env: { UBENCH_HOSTILE_PIDS: pidFile }, killAfterMs: 90_000 });
    seconds = (Date.now() - started) / 1000;
    results = readResults(jsonPath);
    pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
  });

  it('ends by itself within the timeout, exit 0, no stack trace', () => {
    assert.equal(run.signal, null, `killed by the test after ${seconds} s: ${describeRun(run)}`);
    assert.equal(run.code, 0, describeRun(run));
    assert.ok(seconds < 20, `took ${seconds} s`);
    assert.doesNotMatch(run.stderr, STACK_LINE);
  });

  it('measures every benchmark of the file', () => {
    assert.deepEqual(
      results.benchmarks.map((b) => [b.name, b.status]),
      [
        ['first', 'ok'],
        ['leaves sleep 300', 'ok'],
        ['leaves a shell that ignores SIGTERM', 'ok'],
        ['last', 'ok'],
      ],
    );
    assert.equal(results.complete, true);
  });

  it('kills what was left (checked through /proc) and says so', async () => {
    // Each benchmark process starts its leftover once; a pass after timing (the GC-free one, where
    // these bodies' boxed numbers make GC pauses read over 10%) imports the file again and may start one more.
    assert.ok(pids.length >= 2, `both leftovers started (${pids.length})`);
    const deadline = Date.now() + 5_000;
    while (pids.some(isAlive) && Date.now() < deadline) await sleep(100);
    const alive = pids.filter(isAlive);
    for (const pid of alive) process.kill(pid, 'SIGKILL');
    assert.deepEqual(alive, [], 'processes the benchmarks started are still running');
    assert.match(run.stderr, /litter\.bench\.ts: its benchmark process left \d+ processes running when it ended; ubench killed them/);
  });
});
