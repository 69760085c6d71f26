/**
 * --strict on a benchmark that has nothing wrong exits 0. In test/quiet (run one file at a time):
 * with other tests competing for this machine's two cores, `throttled` rightly fires.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runCli } from '../helpers/e2e-cli.js';

it('--strict exits 0 when nothing warns', async () => {
  // The ok fixture's add benchmark is real work; it gets a real budget so warm-up can settle.
  const run = await runCli(['test/fixtures/bench/ok', '--filter', 'arith/add', '--time', '200ms', '--warmup', '1s', '--strict']);
  const warnings = run.stdout.split('\n').filter((l) => l.includes('⚠'));
  assert.deepEqual(warnings, []);
  assert.equal(run.code, 0, run.stdout + run.stderr);
});
