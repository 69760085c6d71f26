// The instruction-count figures (npm run lab -- instructions): a dependent chain whose length the
// figures script sets (UBENCH_CHAIN_STEPS, 1000 or 1010: 1% more work), two chains four times apart in
// length, the empty body, and a body of real work (~50 ns: a small array sorted).
import { bench } from 'ubench';

const STEPS = Number(process.env['UBENCH_CHAIN_STEPS'] ?? 1000);

let seed = 7;
const chain = (steps: number): number => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < steps; i++) h = (Math.imul(h ^ (h >>> 16), 0x45d9f3b) + i) | 0;
  return h;
};

bench('chain (steps from the environment)', () => chain(STEPS));
bench('chain 1024', () => chain(1024));
bench('chain 4096', () => chain(4096));
bench('empty body () => {}', () => {});
bench('sort 16 numbers', {
  setup: () => ({ input: Array.from({ length: 16 }, (_, i) => (i * 7919) % 16), scratch: new Array<number>(16) }),
  run: ({ input, scratch }: { input: number[]; scratch: number[] }) => {
    for (let i = 0; i < 16; i++) scratch[i] = input[i]!;
    return scratch.sort((a, b) => a - b);
  },
});
