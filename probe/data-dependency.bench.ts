// Data dependency (Lemire): in-place prefix sum vs in-place successive differences on the same array.
// Both do one add/subtract per element, but each prefix-sum step needs the previous step's result,
// while the differences are independent of each other.
//
// One operation = one pass over N Int32 elements (the `elements` parameter). Convert: ns per element = (ns/op) / N.
// Full and quick mode: N = 65 536 (256 KiB, fits in L2). Values wrap modulo 2^32, as in Go.
import { bench, group } from 'ubench';
import { xorshift32 } from './probe-env.js';

export const N = 65_536;

function makeData(): Int32Array {
  const rand = xorshift32(3);
  const data = new Int32Array(N);
  for (let i = 0; i < N; i++) data[i] = rand() & 0xffff;
  return data;
}

function prefixSum(a: Int32Array): number {
  for (let i = 1; i < a.length; i++) a[i] = (a[i]! + a[i - 1]!) | 0;
  return a[a.length - 1]!;
}

function successiveDifferences(a: Int32Array): number {
  for (let i = a.length - 1; i > 0; i--) a[i] = (a[i]! - a[i - 1]!) | 0;
  return a[a.length - 1]!;
}

group('one pass over 64 Ki int32', () => {
  bench('prefix sum', { setup: makeData, run: (a) => prefixSum(a) }, { args: { elements: [N] } });
  bench('successive differences', { setup: makeData, run: (a) => successiveDifferences(a) }, { baseline: true, args: { elements: [N] } });
});
