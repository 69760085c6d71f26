// Trap (issue 43, written from a user's report): setup makes 20,000 random numbers and run sorts
// them in place, so the first call of a sample sorts random data and the others sorted data.
// `state-changed` must report it, and nothing may advise moving preparation into setup().
import { bench } from 'ubench';

bench('Float64Array#sort() of what setup made, in place', {
  setup: () => Float64Array.from({ length: 20_000 }, () => Math.random()),
  run: (a) => a.sort()[0],
});
