/**
 * The `round` and `current` events of interleaved rounds, sent only when they tell the parent
 * something: a `current` when the benchmark sampling next changes (a crash then blames it), a
 * `round` when the benchmarks still sampling change or a second has passed since the last one (the
 * parent re-arms the timeout and prints progress on it). In a browser page every event is a trip
 * through the DevTools protocol beside the samples (runner/runtimes/browser-executor.ts), so they
 * are kept to what the parent needs.
 */
import type { ChildEvent } from '../process/events.js';
import type { RoundHooks } from './rounds.js';

/**
 * At most one `round` event per second while the same benchmarks sample: the parent's timeout is at
 * least 60 s (runner defaults), and progress lines need no more.
 */
export const ROUND_EVENT_INTERVAL_NS = 1e9;

export function roundEvents(emit: (event: ChildEvent) => void, now: () => number): Pick<RoundHooks, 'onRound' | 'onCurrent'> {
  let lastRoundAt = Number.NEGATIVE_INFINITY;
  let lastActive = '';
  let lastCurrent: string | null = null;
  return {
    onRound(round, active) {
      const at = now();
      const key = active.join('\u0000');
      if (key === lastActive && at - lastRoundAt < ROUND_EVENT_INTERVAL_NS) return;
      lastRoundAt = at;
      lastActive = key;
      emit({ type: 'round', round, active: [...active] });
    },
    onCurrent(id) {
      if (id === lastCurrent) return;
      lastCurrent = id;
      emit({ type: 'current', id });
    },
  };
}
