// Trap (issue 43, written from a user's report): the body's own work alternates 8× between two
// levels in 150 ms phases of wall time (a cache that expires, a batch that fills). At default
// settings the samples must be enough for `levels` to name the two levels.
import { bench } from 'ubench';

const data = Float64Array.from({ length: 4096 }, (_, i) => (i * 7919) % 1000);
const start = performance.now();

bench('8× work in alternating 150 ms phases', () => {
  const slow = Math.floor((performance.now() - start) / 150) % 2 === 1;
  const n = slow ? 512 : 64;
  let s = 0;
  for (let i = 0; i < n; i++) s += data[i]!;
  return s;
});
