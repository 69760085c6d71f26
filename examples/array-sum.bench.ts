// Summing 10 000 numbers: a plain array, a Float64Array, and Array#reduce.
// Data is built in setup (untimed) and changes every sample, so V8 cannot fold the sum away.
import { bench, group } from 'ubench';

const SIZE = 10_000;

function randomNumbers(): number[] {
  return Array.from({ length: SIZE }, () => Math.random());
}

group('sum 10k numbers', () => {
  bench(
    'for loop over number[]',
    {
      setup: () => randomNumbers(),
      run: (values) => {
        let total = 0;
        for (let i = 0; i < values.length; i++) total += values[i]!;
        return total;
      },
    },
    { baseline: true },
  );

  bench('for loop over Float64Array', {
    setup: () => Float64Array.from(randomNumbers()),
    run: (values) => {
      let total = 0;
      for (let i = 0; i < values.length; i++) total += values[i]!;
      return total;
    },
  });

  bench('Array#reduce', {
    setup: () => randomNumbers(),
    run: (values) => values.reduce((sum, v) => sum + v, 0),
  });
});
