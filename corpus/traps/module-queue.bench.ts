// Trap (issue 43, written from a user's report): setup refills a module-level queue of 1,000 numbers
// and returns nothing; run shifts from the queue. After 1,000 calls every call shifts an empty one,
// which the fingerprint of setup's value cannot see. `state-changed`.
import { bench } from 'ubench';

const queue: number[] = [];

bench('shift from a module-level queue setup refills', {
  setup: () => {
    queue.length = 0;
    for (let i = 0; i < 1000; i++) queue.push(i);
  },
  run: () => queue.shift(),
});
