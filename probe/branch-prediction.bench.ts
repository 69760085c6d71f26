// Branch prediction: copy the odd elements of an array (Lemire), on random data (the branch is taken
// half the time at random), all-odd data (always taken) and all-even data (never taken), plus a
// branchless variant (a mask select, no conditional jump) on random data.
//
// One operation = one pass over N Uint32 elements (the `elements` parameter) (N loads, up to N stores). Convert: ns per element
// = (ns/op) / N. Misprediction cost per element ≈ random − predictable; src/probe/branch-cost.ts.
// Data is regenerated in `setup` before every sample so the predictor cannot memorise one pattern
// across samples, and N is large enough that it cannot memorise it within one.
//
// Full and quick mode: N = 65 536 (256 KiB per array, both arrays fit in L2).
import { bench, group } from 'ubench';
import { xorshift32 } from './probe-env.js';

export const N = 65_536;
let seed = 1;
const dest = new Uint32Array(N);

function makeData(kind: string): Uint32Array {
  const rand = xorshift32(seed++);
  const data = new Uint32Array(N);
  for (let i = 0; i < N; i++) {
    const r = rand();
    data[i] = kind === 'random' ? r : kind === 'odd' ? r | 1 : r & ~1;
  }
  return data;
}

function copyOdd(src: Uint32Array, dst: Uint32Array): number {
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if ((v & 1) === 1) dst[i] = v;
  }
  return dst[src.length - 1]! | 0; // | 0: an int32 result is not boxed, so the return allocates nothing
}

function copyOddBranchless(src: Uint32Array, dst: Uint32Array): number {
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    const mask = -(v & 1); // all ones when odd, zero when even
    dst[i] = (v & mask) | (dst[i]! & ~mask);
  }
  return dst[src.length - 1]! | 0; // | 0: an int32 result is not boxed, so the return allocates nothing
}

group('copy odd', () => {
  bench(
    'branchy',
    {
      setup: (args) => makeData(args['data'] as string),
      run: (data) => copyOdd(data, dest),
    },
    { args: { data: ['random', 'odd', 'even'], elements: [N] } },
  );

  bench(
    'branchless',
    {
      setup: (args) => makeData(args['data'] as string),
      run: (data) => copyOddBranchless(data, dest),
    },
    { args: { data: ['random'], elements: [N] } },
  );
});
