// Two bodies V8 reduces to nothing (result dropped; constants folded) beside one doing real work:
// `optimized-away` must flag the first two in every run and never the third.
import { bench } from 'ubench';

let seed = 3;
bench('Math.sqrt(42) dropped', () => {
  Math.sqrt(42);
});
bench('1 + 1', () => 1 + 1);
bench('16-step chain (real work)', () => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < 16; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
});
