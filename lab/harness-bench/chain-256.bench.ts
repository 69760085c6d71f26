// A 256-step dependent integer chain (~260 ns here): the run-to-run figure of the harness script.
// Each call starts from a new seed, so nothing can be hoisted or folded, and nothing is allocated.
import { bench } from 'ubench';

let seed = 11;
bench('256-step integer chain', () => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < 256; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
});
