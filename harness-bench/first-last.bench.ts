// Two identical benchmarks, declared first and last, with four different ones between them.
// A harness that lets benchmarks share compiled code or type feedback reports them differently.
import { bench } from 'ubench';

let x = 1;
const words = ['a', 'bb', 'ccc', 'dddd'];

bench('identical (first)', () => Math.sqrt((x = (x * 1664525 + 1013904223) >>> 0)));

bench('string concat', () => words[x & 3]! + words[(x >>> 2) & 3]!);
bench('array allocation', () => [x, x + 1, x + 2]);
bench('map lookup', { setup: () => new Map([[1, 'a'], [2, 'b']]), run: (m) => m.get((x++ & 1) + 1) });
bench('json stringify', () => JSON.stringify({ x }));

bench('identical (last)', () => Math.sqrt((x = (x * 1664525 + 1013904223) >>> 0)));
