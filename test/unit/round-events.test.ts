/**
 * Round events on a fake clock: `current` only when the next benchmark changes, `round` when the
 * sampling set changes or a second has passed — so a run of one benchmark sends two events in its
 * first second, not two per sample, and the parent still hears of every change.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROUND_EVENT_INTERVAL_NS, roundEvents } from '../../src/engine/loop/round-events.js';
import type { ChildEvent } from '../../src/engine/process/events.js';

describe('roundEvents', () => {
  it('sends a round when the set changes or a second has passed, a current when the benchmark changes', () => {
    const sent: ChildEvent[] = [];
    let clock = 0;
    const hooks = roundEvents(
      (e) => sent.push(e),
      () => clock,
    );
    const sampleEvery = ROUND_EVENT_INTERVAL_NS / 40; // 40 rounds a second
    for (let round = 0; round < 100; round++) {
      hooks.onRound(round, round < 90 ? ['a', 'b'] : ['b']);
      if (round < 90) hooks.onCurrent(round % 3 === 0 ? 'a' : 'b');
      else hooks.onCurrent('b');
      clock += sampleEvery;
    }
    const rounds = sent.filter((e) => e.type === 'round').map((e) => (e.type === 'round' ? [e.round, e.active.join()] : null));
    assert.deepEqual(rounds, [
      [0, 'a,b'],
      [40, 'a,b'],
      [80, 'a,b'],
      [90, 'b'], // the set changed
    ]);
    const currents = sent.filter((e) => e.type === 'current').map((e) => (e.type === 'current' ? e.id : null));
    // a, b, b, a, b, b, …: one event per change, none for a repeat.
    assert.equal(currents.length, 1 + 2 * 29 + 1);
    assert.ok(currents.every((id, i) => i === 0 || id !== currents[i - 1]));
  });

  it('sends one current for a benchmark sampling alone', () => {
    const sent: ChildEvent[] = [];
    const hooks = roundEvents(
      (e) => sent.push(e),
      () => 0,
    );
    for (let round = 0; round < 50; round++) {
      hooks.onRound(round, ['a']);
      hooks.onCurrent('a');
    }
    assert.deepEqual(
      sent.map((e) => e.type),
      ['round', 'current'],
    );
  });
});
