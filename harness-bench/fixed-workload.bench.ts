// A fixed ~100 ns workload for run-to-run stability across processes: 64 dependent steps of an
// integer hash over a varying seed (no allocation, nothing V8 can hoist or fold).
import { bench } from 'ubench';

let seed = 7;
bench('fixed ~100 ns workload', () => {
  let h = seed++;
  for (let i = 0; i < 64; i++) h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + i;
  return h;
});
