// Sorting numbers by size: Array#sort with a comparator against Float64Array#sort.
// Each sort runs on a fresh copy (the copy is part of the measured work in both benchmarks).
import { bench, group } from 'ubench';

function randomArray(size: number): number[] {
  return Array.from({ length: size }, () => Math.random() * 1e6);
}

group('sort numbers', () => {
  bench('Array#sort((a, b) => a - b)', {
    setup: ({ size }) => randomArray(Number(size)),
    run: (data) => data.slice().sort((a, b) => a - b),
  }, { args: { size: [100, 10_000] } });

  bench('Float64Array#sort()', {
    setup: ({ size }) => Float64Array.from(randomArray(Number(size))),
    run: (data) => data.slice().sort(),
  }, { args: { size: [100, 10_000] } });
});
