// Trap: de-duplicating a stream of ids with Array#includes against a module-level array of every
// id seen so far, which is never reset. Each call scans a longer array than the last, so the time
// per call keeps rising through sampling. Run with `--warmup 300ms --time 2s --precision 0.01%`.
// Expected: `drift`.
import { bench } from 'ubench';

const seen: number[] = [];
let next = 0;

bench('duplicate check against every id seen so far', () => {
  const id = Math.imul(next++, 7_919) & 0x3fffffff; // distinct for the first 2^30 calls
  if (seen.includes(id)) return false;
  seen.push(id);
  return true;
});
