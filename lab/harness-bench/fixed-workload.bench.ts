// A fixed ~100 ns workload for run-to-run stability across processes: dependent steps of an int32
// hash over a varying seed (no allocation, nothing to hoist or fold, never leaves int32).
import { bench } from 'ubench';

let seed = 7;
bench('fixed ~100 ns workload', () => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < 128; i++) h = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + i) | 0;
  return h;
});
