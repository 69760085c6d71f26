/**
 * Fault: SIGINT, SIGTERM and SIGHUP sent to ubench during a plain run. Benchmark processes run in
 * process groups of their own, so a signal reaches them only through ubench: it must stop every
 * one, write the partial results, and exit 128 + the signal's number. (The same during a valgrind
 * pass: test/system/signals-valgrind.test.ts.)
 */
import { after, describe, it } from 'node:test';
import { FAST, makeTempDir } from '../helpers/e2e-cli.js';
import { EXIT, measuredOne, stopWith } from '../helpers/signal-stop.js';

const temp = makeTempDir();
after(() => temp.cleanup());

describe('a signal during a plain run', () => {
  for (const signal of Object.keys(EXIT) as (keyof typeof EXIT)[]) {
    it(`${signal}: exit ${EXIT[signal]}, partial results, no process left`, async () => {
      // --sequential: the first result is written while the second benchmark spins, silent.
      await stopWith(temp.dir, signal, ['test/fixtures/bench/interrupt/spin.bench.ts', ...FAST, '--sequential'], measuredOne);
    });
  }
});
