// Sorting numbers by size: Array#sort with a comparator against Float64Array#sort.
// Each call copies the unsorted input into a scratch buffer made in setup and sorts that, so the
// benchmark measures sorting rather than allocating a new array per call.
import { bench, group } from 'ubench';

function randomArray(size: number): number[] {
  return Array.from({ length: size }, () => Math.random() * 1e6);
}

group('sort numbers', () => {
  bench(
    'Array#sort(byValue)',
    {
      setup: ({ size }) => ({ input: randomArray(Number(size)), scratch: new Array<number>(Number(size)).fill(0) }),
      run: ({ input, scratch }) => {
        for (let i = 0; i < input.length; i++) scratch[i] = input[i]!;
        return scratch.sort((a, b) => a - b);
      },
    },
    { args: { size: [100, 10_000] } },
  );

  bench(
    'Float64Array#sort()',
    {
      setup: ({ size }) => {
        const input = Float64Array.from(randomArray(Number(size)));
        return { input, scratch: new Float64Array(input.length) };
      },
      run: ({ input, scratch }) => {
        scratch.set(input);
        return scratch.sort();
      },
    },
    { args: { size: [100, 10_000] } },
  );
});
