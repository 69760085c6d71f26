// Trap: a scheduler takes the oldest pending id out of a Set (insertion order) — 5 000 ids made in
// setup. The Set is empty after 5 000 calls, and the rest of every sample asks an empty Set for its
// first value. Written after the state-change thresholds were fixed. Expected: `state-changed`.
import { bench } from 'ubench';

bench('take the oldest pending id', {
  setup: () => new Set(Array.from({ length: 5_000 }, (_, i) => 10_000 + i * 3)),
  run: (pending) => {
    const oldest = pending.values().next().value;
    if (oldest !== undefined) pending.delete(oldest);
    return oldest;
  },
});
