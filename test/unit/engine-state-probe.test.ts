/** The state probe on fake states: what it runs, in which order, and when it declines. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { probeStates, STATE_PROBE_PASSES, STATE_PROBE_STATES } from '../../src/engine/probes/setup-state/state-probe.js';
import type { StatefulBatches } from '../../src/engine/loop/batch-runner.js';
import { setupDependence } from '../../src/analysis/setup-dependence.js';
import { createRng } from '../../src/stats/random.js';

/** States numbered in creation order; state k costs cost(k) ns per iteration; a log of what happened. */
function fakeStates(cost: (k: number) => number) {
  const log: string[] = [];
  let made = 0;
  const states: StatefulBatches = {
    async create() {
      const k = made++;
      log.push(`create ${k}`);
      return { k };
    },
    async run(state, iterations) {
      const { k } = state as { k: number };
      log.push(`run ${k}×${iterations}`);
      return cost(k) * iterations;
    },
    async dispose(state) {
      log.push(`dispose ${(state as { k: number }).k}`);
    },
  };
  return { states, log };
}

const deps = (states: StatefulBatches, heap = () => 0) => ({ states, rng: createRng(3), heapUsed: heap });

describe('probeStates', () => {
  it('times every state once per pass, in a different order each pass, and tears each down once at the end', async () => {
    const { states, log } = fakeStates((k) => 100 + k);
    const probe = (await probeStates(deps(states), 4000, 100, 1e9))!;
    assert.equal(probe.states, STATE_PROBE_STATES);
    assert.equal(probe.passes, STATE_PROBE_PASSES);
    assert.equal(probe.iterations, 1000, 'a quarter of the base iterations');
    assert.deepEqual(
      probe.perOpNs,
      Array.from({ length: STATE_PROBE_PASSES }, () => Array.from({ length: STATE_PROBE_STATES }, (_, k) => 100 + k)),
    );
    const runs = log.filter((l) => l.startsWith('run'));
    assert.equal(runs.length, STATE_PROBE_STATES * STATE_PROBE_PASSES);
    const passes = [0, 1, 2, 3].map((p) => runs.slice(p * 8, p * 8 + 8).join());
    assert.equal(new Set(passes).size, 4, 'a fresh random order every pass');
    assert.deepEqual(
      log
        .filter((l) => l.startsWith('dispose'))
        .map((l) => l.split(' ')[1])
        .sort(),
      ['0', '1', '2', '3', '4', '5', '6', '7'],
    );
    assert.ok(log.indexOf('dispose 0') > log.lastIndexOf(runs.at(-1)!), 'teardown after the last pass');
  });

  it('shrinks its batches to a tenth of the budget, and declines a body too slow for a quarter of it', async () => {
    const slow = await probeStates(deps(fakeStates(() => 1e6).states), 40, 1e6, 1e9);
    assert.equal(slow!.iterations, 3, '32 batches × 3 × 1 ms ≈ 10% of 1 s');
    assert.equal(await probeStates(deps(fakeStates(() => 2e7).states), 1, 2e7, 1e9), null);
  });

  it('declines states too big to make eight of, and tears down the one it made', async () => {
    const { states, log } = fakeStates(() => 10);
    let heap = 0;
    const probe = await probeStates(
      deps(states, () => (heap += 70 * 2 ** 20)),
      1000,
      10,
      1e9,
    );
    assert.equal(probe, null);
    assert.deepEqual(log, ['create 0', 'dispose 0']);
  });

  it('tears the states down even when a batch throws', async () => {
    const { states, log } = fakeStates(() => 10);
    const failing: StatefulBatches = {
      ...states,
      run: async () => {
        throw new Error('boom');
      },
    };
    await assert.rejects(probeStates(deps(failing), 1000, 10, 1e9), /boom/);
    assert.equal(log.filter((l) => l.startsWith('dispose')).length, STATE_PROBE_STATES);
  });

  it('gives the analysis what it needs: states that alternate 1×/2× are told apart', async () => {
    const probe = (await probeStates(deps(fakeStates((k) => (k % 2 === 0 ? 100 : 200)).states), 400, 150, 1e9))!;
    const found = setupDependence({ stateProbe: probe })!;
    assert.equal(found.material, true);
    assert.ok(Math.abs(found.relative[1]! / found.relative[0]! - 2) < 1e-9);
  });
});
