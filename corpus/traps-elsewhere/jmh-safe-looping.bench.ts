// Pitfall (JMH samples, JMHSample_34_SafeLooping): in a benchmark that loops over inputs itself,
// calling the work and discarding each result lets the compiler remove the calls; the loop must
// sink every result. Here a manual `b.n` loop calls a pure checksum on each index and drops it.
// Expected: `optimized-away`.
// Control: the same loop folding every checksum into the returned total. Expected: none.
import { bench } from 'ubench';

function checksum(x: number): number {
  let h = Math.imul(x ^ 0x5bd1e995, 0x27d4eb2d);
  h ^= h >>> 15;
  return Math.imul(h, 0x165667b1) >>> 0;
}

bench('manual loop dropping each checksum', (b) => {
  for (let i = 0; i < b.n; i++) checksum(i);
});

bench('manual loop folding each checksum into the total', (b) => {
  let total = 0;
  for (let i = 0; i < b.n; i++) total = (total + checksum(i)) | 0;
  return total;
});
