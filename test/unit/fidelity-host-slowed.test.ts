/**
 * The quiet fidelity test's retakes (lab/scripts/fidelity/host-slowed.mjs): which processes of a round
 * the host slowed, by their own throughput reference, and which take is kept. Scripted documents, no process.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOST_SLOWED, MAX_RETAKES, throughputOf, unslowed } from '../../lab/scripts/fidelity/host-slowed.mjs';

/** A results document whose benchmarks read the throughput reference at these figures. */
const doc = (...throughputs: (number | null)[]) => ({ benchmarks: throughputs.map((throughputNs, k) => ({ name: `b${k}`, host: { throughputNs } })) });

/** Thunks that hand out the given documents in turn, counting their calls. */
function scripted(...takes: unknown[][]) {
  const calls = takes.map(() => 0);
  const runs = takes.map((list, k) => () => list[Math.min(calls[k]!++, list.length - 1)]);
  return { runs, calls };
}

describe('processes the host slowed, taken again', () => {
  it("reads a process's highest throughput reference, null when none was measured", () => {
    assert.equal(throughputOf(doc(420, 610, 430)), 610);
    assert.equal(throughputOf(doc(null, null)), null);
  });

  it('takes again only the process read above the round lowest by HOST_SLOWED, keeping its least slowed take', () => {
    const steady = doc(420, 425);
    const slowed = doc(430, 640);
    const better = doc(418, 428);
    const { runs, calls } = scripted([steady], [slowed, better], [doc(430, 420 * HOST_SLOWED * 0.99)]);
    const { results, retakes } = unslowed(runs);
    assert.deepEqual(calls, [1, 2, 1]);
    assert.equal(retakes, 1);
    assert.deepEqual(results, [steady, better, runs[2]!()]);
  });

  it('gives up after MAX_RETAKES and keeps the least slowed of them', () => {
    const takes = [doc(700), doc(650), doc(690), doc(400)];
    const { runs, calls } = scripted([doc(420)], takes);
    const { results, retakes } = unslowed(runs);
    assert.equal(calls[1], 1 + MAX_RETAKES);
    assert.equal(retakes, MAX_RETAKES);
    assert.equal(results[1], takes[1]);
  });

  it('leaves a round whose processes measured no reference as it is', () => {
    const { runs, calls } = scripted([doc(null)], [doc(null)]);
    assert.equal(unslowed(runs).retakes, 0);
    assert.deepEqual(calls, [1, 1]);
  });
});
