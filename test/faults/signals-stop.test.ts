/**
 * Fault: SIGINT, SIGTERM and SIGHUP sent to ubench during a plain run and during a valgrind pass
 * (`--instructions`). Benchmark processes run in process groups of their own, so a signal reaches
 * them only through ubench: it must stop every one, write the partial results, and exit 128 + the
 * signal's number.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { descendantsOf, describeRun, recordSeen, FAST, isAlive, makeTempDir, readResults, sleep, STACK_LINE, startCli, type ProcessInfo } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());

const withValgrind = spawnSync('valgrind', ['--version']).status === 0;
const EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** Starts the CLI, waits until `ready` holds, sends the signal, and checks how it ended. */
async function stopWith(signal: keyof typeof EXIT, args: readonly string[], ready: (seen: ProcessInfo[], jsonPath: string) => boolean): Promise<void> {
  const jsonPath = path.join(temp.dir, `${signal}-${args.length}.json`);
  const cli = startCli([...args, '--json', jsonPath], { killAfterMs: 90_000 });
  const pid = cli.child.pid!;
  const seen = new Map<number, ProcessInfo>();
  const deadline = Date.now() + 60_000;
  for (;;) {
    recordSeen(seen, descendantsOf(pid));
    if (ready([...seen.values()], jsonPath) || cli.child.exitCode !== null || Date.now() > deadline) break;
    await sleep(25);
  }
  recordSeen(seen, descendantsOf(pid));
  const readyWhenSent = ready([...seen.values()], jsonPath);
  cli.child.kill(signal);
  const run = await cli.done;
  assert.ok(readyWhenSent, `the signal was sent at the moment waited for: ${describeRun(run)}`);
  assert.equal(run.code, EXIT[signal], describeRun(run));
  assert.doesNotMatch(run.stderr, STACK_LINE);
  const results = readResults(jsonPath);
  assert.equal(results.complete, false);
  const started = [...seen.values()];
  assert.ok(started.length > 0, 'saw the processes ubench started');
  // Through /proc/<pid>/stat (isAlive): gone, or a zombie no one waits for.
  const until = Date.now() + 5_000;
  let alive = started.filter((p) => isAlive(p.pid));
  while (alive.length > 0 && Date.now() < until) {
    await sleep(100);
    alive = alive.filter((p) => isAlive(p.pid));
  }
  for (const p of alive) process.kill(p.pid, 'SIGKILL');
  assert.deepEqual(alive, [], 'processes started by ubench still running after it exited');
}

const measuredOne = (_seen: ProcessInfo[], jsonPath: string): boolean => {
  if (!existsSync(jsonPath)) return false;
  try {
    return (JSON.parse(readFileSync(jsonPath, 'utf8')) as { benchmarks: unknown[] }).benchmarks.length >= 1;
  } catch {
    return false;
  }
};

describe('a signal during a plain run', () => {
  for (const signal of Object.keys(EXIT) as (keyof typeof EXIT)[]) {
    it(`${signal}: exit ${EXIT[signal]}, partial results, no process left`, async () => {
      // --sequential: the first result is written while the second benchmark spins, silent.
      await stopWith(signal, ['test/fixtures/bench/interrupt/spin.bench.ts', ...FAST, '--sequential'], measuredOne);
    });
  }
});

describe('a signal during a valgrind pass', { skip: !withValgrind }, () => {
  for (const signal of Object.keys(EXIT) as (keyof typeof EXIT)[]) {
    it(`${signal}: exit ${EXIT[signal]}, partial results, no process left`, async () => {
      // The counting process itself (callgrind's tool argument), not the short-lived `valgrind --version`
      // and callgrind_control ubench starts for a moment: a signal waited for on one of those found it
      // gone when sent, and the signal then came during timing.
      const underValgrind = (seen: ProcessInfo[]): boolean => seen.some((p) => p.args.includes('--tool=callgrind') && isAlive(p.pid));
      await stopWith(signal, ['test/fixtures/bench/instructions/counted.bench.ts', ...FAST, '--instructions'], underValgrind);
    });
  }
});
