/**
 * Fault: a request to a benchmark process far past what one command-line argument may hold
 * (128 KiB on Linux), made by long --args lists. It travels on the process's stdin: the run works,
 * and no process's command line shows the request.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { descendantsOf, describeRun, FAST, makeTempDir, readResults, sleep, startCli, type ProcessInfo } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** Each list stays under the 128 KiB a single argument of ubench's own command line may hold. */
const list = (key: string): string => `${key}=${Array.from({ length: 14_000 }, (_, i) => 100_000 + i).join(',')}`;

describe('a request larger than a command-line argument may be', () => {
  it('runs, with the request nowhere in `ps`', async () => {
    const jsonPath = path.join(temp.dir, 'big.json');
    const args = ['--args', list('pad1'), '--args', list('pad2')];
    assert.ok(args.join(' ').length > 160 * 1024, 'the request is past 128 KiB');
    const cli = startCli(['test/fixtures/bench/hostile/big-request.bench.ts', ...FAST, ...args, '--json', jsonPath], { killAfterMs: 90_000 });
    // Every command line seen, not the last per pid: a process that exited shows as `[node] <defunct>` until it is reaped.
    const seen: ProcessInfo[] = [];
    while (cli.child.exitCode === null) {
      seen.push(...descendantsOf(cli.child.pid!));
      await sleep(20);
    }
    const run = await cli.done;
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(jsonPath);
    assert.deepEqual(
      results.benchmarks.map((b) => [b.name, b.status]),
      [['add(n=1)', 'ok']],
    );
    const children = seen.filter((p) => p.args.includes('child-main'));
    assert.ok(children.length >= 1, `saw the benchmark process: ${JSON.stringify([...new Set(seen.map((p) => p.args.slice(0, 100)))])}`);
    for (const p of children) assert.doesNotMatch(p.args, /displayFile|"file"|100000,/, 'the request is not on the command line');
  });
});
