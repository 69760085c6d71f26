// Eight everyday workloads in one file, with default settings: the wall time of a typical file, and
// what host tracking, interleaving and the state probe add to it (npm run lab -- host).
import { bench } from 'ubench';

const words = Array.from({ length: 64 }, (_, i) => `word${i * 7919}`);
const table = new Map(words.map((w, i) => [w, i]));
const pattern = /^word(\d+)7$/;
const user = { id: 42, name: 'Ada', roles: ['admin', 'dev'], address: { city: 'Paris', zip: '75001' } };
let next = 0;
let seed = 3;

bench('string join of 16 words', () => words.slice(next++ & 31, (next & 31) + 16).join(' '));
bench('Map#get of a known key', () => table.get(words[next++ & 63]!));
bench('RegExp#exec with a capture', () => pattern.exec(words[next++ & 63]!)?.[1]);
bench('JSON.stringify of a small object', () => JSON.stringify(user));
bench('64-step integer chain', () => {
  let h = (seed = (seed + 1) | 0);
  for (let i = 0; i < 64; i++) h = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + i) | 0;
  return h;
});
bench('allocate a 3-field object', () => ({ x: next++, y: next, z: seed }));
bench('sum 1k doubles', {
  setup: () => Float64Array.from({ length: 1000 }, Math.random),
  run: (values) => {
    let total = 0;
    for (let i = 0; i < values.length; i++) total += values[i]!;
    return total;
  },
});
bench('sort 100 numbers', {
  setup: () => ({ input: Array.from({ length: 100 }, () => Math.random()), scratch: new Array<number>(100).fill(0) }),
  run: ({ input, scratch }) => {
    for (let i = 0; i < input.length; i++) scratch[i] = input[i]!;
    return scratch.sort((a, b) => a - b);
  },
});
