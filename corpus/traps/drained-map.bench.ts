// Trap (issue 43, written from a user's report): run deletes the next key of a Map of 2,000 that
// setup made, so after 2,000 calls every timed call deletes from an empty map. `state-changed`.
import { bench } from 'ubench';

bench('Map#delete of the next key', {
  setup: () => ({ m: new Map(Array.from({ length: 2000 }, (_, i) => [i, i] as const)), k: 0 }),
  run: (s) => s.m.delete(s.k++),
});
