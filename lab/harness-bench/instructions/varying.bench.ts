// A count that does not repeat (lab/bisect.md, "ab counted, a count that varies"): the per-process chain's
// length depends on the pid of the process that counts it, beside a steady chain of fixed length.
import { bench } from 'ubench';
let seed = 7;
const chain = (steps: number): number => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < steps; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
};
const PER_PROCESS = 1000 + (process.pid % 97) * 10;
bench('steady chain', () => chain(1000));
bench('per-process chain', () => chain(PER_PROCESS));
