/**
 * The bisect search with a fake measurer (no process, no clock): the first slower commit is found
 * within ⌈log2 n⌉ + 1 steps for every position, skipped and undecided commits are set aside and
 * never guessed across, the bad end is measured first, --faster is the same search, an interrupted
 * search reports the open range, and replaying the steps kept (--resume) measures nothing twice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bisect, maxSteps, nextCandidate, type Measure, type StepResult, type StepVerdict } from '../../src/analysis/bisect/bisect-search.js';
import { createRng, randomInt } from '../../src/stats/random.js';

/** A history where commits from `first` on are slower, with some commits skipped or undecided. */
function history(first: number | null, special: Record<number, StepVerdict> = {}): { measure: Measure; asked: number[] } {
  const asked: number[] = [];
  const measure: Measure = async (index) => {
    asked.push(index);
    const verdict: StepVerdict = special[index] ?? (first !== null && index >= first ? 'slower' : 'not-slower');
    const result: StepResult = { verdict, reason: `fake ${verdict}` };
    return { result, resumed: false };
  };
  return { measure, asked };
}

describe('bisect search', () => {
  it('finds the first slower commit at every position of 1..40, within maxSteps, the bad end first', async () => {
    for (const n of [1, 2, 3, 7, 31, 40]) {
      for (let first = 1; first <= n; first++) {
        const { measure, asked } = history(first);
        const outcome = await bisect(n, measure);
        assert.equal(outcome.kind, 'found', `n=${n} first=${first}`);
        assert.equal(outcome.kind === 'found' && outcome.index, first);
        assert.equal(asked[0], n, 'the bad end is measured first');
        assert.ok(asked.length <= maxSteps(n), `n=${n} first=${first}: ${asked.length} steps > ${maxSteps(n)}`);
        assert.equal(new Set(asked).size, asked.length, 'no commit measured twice');
      }
    }
  });

  it('with 31 commits after good, the regression at commit 21 of 32 is found in 6 measured steps, and the broken commits on its path are skipped', async () => {
    // Commit k of the fixture is position k − 1: 16 does not build, 24 has no bench file.
    const { measure, asked } = history(20, { 15: 'skipped', 23: 'skipped' });
    const outcome = await bisect(31, measure);
    assert.equal(outcome.kind, 'found');
    assert.equal(outcome.kind === 'found' && outcome.index, 20);
    assert.deepEqual(asked, [31, 15, 16, 23, 24, 20, 18, 19]);
    assert.deepEqual(
      outcome.steps.filter((s) => s.result.verdict === 'skipped').map((s) => s.index),
      [15, 23],
    );
  });

  it('a bad end that is not slower finds nothing after one step', async () => {
    const { measure, asked } = history(null);
    const outcome = await bisect(31, measure);
    assert.equal(outcome.kind, 'nothing');
    assert.deepEqual(asked, [31]);
  });

  it('a bad end that cannot be told or measured stops the search: no premise to search on', async () => {
    for (const verdict of ['undecided', 'skipped'] as const) {
      const { measure, asked } = history(5, { 10: verdict });
      const outcome = await bisect(10, measure);
      assert.equal(outcome.kind, 'bad-end-unknown');
      assert.deepEqual(asked, [10]);
    }
  });

  it('an undecided commit just before the first slower one leaves a range, never a guess', async () => {
    const { measure } = history(8, { 7: 'undecided' });
    const outcome = await bisect(16, measure);
    assert.equal(outcome.kind, 'range');
    if (outcome.kind !== 'range') return;
    assert.deepEqual([outcome.good, outcome.bad, outcome.unresolved], [6, 8, [7]]);
  });

  it('skipped commits away from the boundary cost steps but not the answer', async () => {
    const { measure } = history(13, { 8: 'skipped', 9: 'skipped', 4: 'undecided' });
    const outcome = await bisect(16, measure);
    assert.equal(outcome.kind, 'found');
    assert.equal(outcome.kind === 'found' && outcome.index, 13);
  });

  it('every commit between skipped: the whole range is the answer', async () => {
    const special: Record<number, StepVerdict> = { 1: 'skipped', 2: 'skipped', 3: 'skipped' };
    const outcome = await bisect(4, history(4, special).measure);
    assert.equal(outcome.kind, 'range');
    assert.deepEqual(outcome.kind === 'range' && [outcome.good, outcome.bad, outcome.unresolved], [0, 4, [1, 2, 3]]);
  });

  it('random histories (seeded): the answer is the first slower commit or a range holding it with only set-aside commits inside', async () => {
    const rng = createRng(47);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + randomInt(rng, 60);
      const first = 1 + randomInt(rng, n);
      const special: Record<number, StepVerdict> = {};
      for (let i = 1; i < n; i++) if (rng() < 0.15) special[i] = rng() < 0.5 ? 'skipped' : 'undecided';
      const outcome = await bisect(n, history(first, special).measure);
      if (outcome.kind === 'found') assert.equal(outcome.index, first, `trial ${trial}`);
      else {
        assert.equal(outcome.kind, 'range', `trial ${trial}`);
        if (outcome.kind !== 'range') continue;
        assert.ok(outcome.good < first && first <= outcome.bad, `trial ${trial}: ${first} in (${outcome.good}, ${outcome.bad}]`);
        for (let i = outcome.good + 1; i < outcome.bad; i++) assert.ok(special[i] !== undefined, `trial ${trial}: ${i} inside the range was measurable`);
      }
    }
  });

  it('--faster is the same search: the measurer says "slower" for the direction sought', async () => {
    // The measuring side turns the direction (step-verdict.ts); the search itself has none.
    const outcome = await bisect(9, history(3).measure);
    assert.equal(outcome.kind === 'found' && outcome.index, 3);
  });

  it('an interrupted search reports the range still open, with the bad end confirmed', async () => {
    const base = history(20);
    let calls = 0;
    const measure: Measure = async (index) => (++calls > 3 ? null : base.measure(index));
    const outcome = await bisect(31, measure);
    assert.equal(outcome.kind, 'interrupted');
    if (outcome.kind !== 'interrupted') return;
    assert.equal(outcome.badConfirmed, true);
    assert.ok(outcome.good < 20 && 20 <= outcome.bad);
    assert.equal(outcome.steps.length, 3);
  });

  it('resuming from kept steps replays the same path and measures only what is new', async () => {
    const kept = new Map<number, StepResult>();
    const first = history(20, { 15: 'skipped' });
    let calls = 0;
    const interrupted: Measure = async (index) => {
      if (++calls > 4) return null;
      const r = await first.measure(index);
      kept.set(index, r!.result);
      return r;
    };
    assert.equal((await bisect(31, interrupted)).kind, 'interrupted');
    const fresh = history(20, { 15: 'skipped' });
    const resumed: Measure = async (index) => {
      const k = kept.get(index);
      return k === undefined ? fresh.measure(index) : { result: k, resumed: true };
    };
    const outcome = await bisect(31, resumed);
    assert.equal(outcome.kind === 'found' && outcome.index, 20);
    assert.deepEqual(
      outcome.steps.filter((s) => s.resumed).map((s) => s.index),
      [...kept.keys()],
    );
    assert.ok(
      fresh.asked.every((i) => !kept.has(i)),
      'a kept step was measured again',
    );
  });

  it('nextCandidate: nearest the middle, ties to the later commit, set-aside ones passed over', () => {
    assert.equal(nextCandidate(0, 31, new Set()), 15);
    assert.equal(nextCandidate(0, 31, new Set([15])), 16);
    assert.equal(nextCandidate(0, 31, new Set([15, 16])), 14);
    assert.equal(nextCandidate(3, 4, new Set()), null);
    assert.equal(nextCandidate(3, 5, new Set([4])), null);
  });

  it('rejects a range without commits', async () => {
    await assert.rejects(bisect(0, history(1).measure), RangeError);
  });
});
