// Two identical benchmarks, declared first and last, with four different ones between them.
// A harness that lets benchmarks share compiled code or type feedback reports them differently.
// Each benchmark keeps its own int32 state (no shared variables, no boxed numbers).
import { bench } from 'ubench';

let a = 1;
let b = 1;
let c = 1;
let d = 1;
let e = 1;
let f = 1;
const words = ['a', 'bb', 'ccc', 'dddd'];

bench('identical (first)', () => Math.sqrt((a = (Math.imul(a, 1664525) + 1013904223) | 0) & 0xffff));

bench('string concat', () => words[(b = (b + 1) | 0) & 3]! + words[(b >>> 2) & 3]!);
bench('array allocation', () => [(c = (c + 1) | 0), c + 1, c + 2]);
bench('map lookup', {
  setup: () =>
    new Map([
      [1, 'a'],
      [2, 'b'],
    ]),
  run: (m) => m.get(((d = (d + 1) | 0) & 1) + 1),
});
bench('json stringify', () => JSON.stringify({ e: (e = (e + 1) | 0) }));

bench('identical (last)', () => Math.sqrt((f = (Math.imul(f, 1664525) + 1013904223) | 0) & 0xffff));
