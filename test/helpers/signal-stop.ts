/**
 * Stopping ubench with a signal at a chosen moment, and checking how it ended: exit 128 + the
 * signal's number, the partial results written, and no process it started left running.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { descendantsOf, describeRun, recordSeen, isAlive, readResults, sleep, STACK_LINE, startCli, type ProcessInfo } from './e2e-cli.js';

export const EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** Starts the CLI, waits until `ready` holds, sends the signal, and checks how it ended. */
export async function stopWith(dir: string, signal: keyof typeof EXIT, args: readonly string[], ready: (seen: ProcessInfo[], jsonPath: string) => boolean): Promise<void> {
  const jsonPath = path.join(dir, `${signal}-${args.length}.json`);
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

export const measuredOne = (_seen: ProcessInfo[], jsonPath: string): boolean => {
  if (!existsSync(jsonPath)) return false;
  try {
    return (JSON.parse(readFileSync(jsonPath, 'utf8')) as { benchmarks: unknown[] }).benchmarks.length >= 1;
  } catch {
    return false;
  }
};
