// The per-runtime figures (npm run lab -- runtimes): the empty loop, two dependent integer chains four
// times apart in length, and two bodies an optimizing compiler reduces to nothing.
import { bench } from 'ubench';

let seed = 7;
const chain = (steps: number): number => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < steps; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
};

bench('empty body () => {}', () => {});
bench('chain 1024', () => chain(1024));
bench('chain 4096', () => chain(4096));
bench('Math.sqrt(42) dropped', () => {
  Math.sqrt(42);
});
bench('1 + 1', () => 1 + 1);
