/**
 * SIGINT, SIGTERM and SIGHUP sent to ubench during a valgrind pass (`--instructions`): it must stop
 * the counting process and every other it started, write the partial results, and exit 128 + the
 * signal's number. Needs Debian's valgrind; skipped, and said so, without it.
 */
import { spawnSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { FAST, isAlive, makeTempDir, type ProcessInfo } from '../helpers/e2e-cli.js';
import { EXIT, stopWith } from '../helpers/signal-stop.js';

const temp = makeTempDir();
after(() => temp.cleanup());

const withValgrind = spawnSync('valgrind', ['--version']).status === 0;

describe('a signal during a valgrind pass', { skip: withValgrind ? false : 'valgrind is not installed' }, () => {
  for (const signal of Object.keys(EXIT) as (keyof typeof EXIT)[]) {
    it(`${signal}: exit ${EXIT[signal]}, partial results, no process left`, async () => {
      // The counting process itself (callgrind's tool argument), not the short-lived `valgrind --version`
      // and callgrind_control ubench starts for a moment: a signal waited for on one of those found it
      // gone when sent, and the signal then came during timing.
      const underValgrind = (seen: ProcessInfo[]): boolean => seen.some((p) => p.args.includes('--tool=callgrind') && isAlive(p.pid));
      await stopWith(temp.dir, signal, ['test/fixtures/bench/instructions/counted.bench.ts', ...FAST, '--instructions'], underValgrind);
    });
  }
});
