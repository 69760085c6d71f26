// Trap: a manual-loop benchmark of binary search that sorts its haystack (8 000 numbers, a millisecond
// or two) inside the body, before the b.n loop. That sort runs, timed, once per sample, so
// every sample carries a large fixed cost on top of b.n cheap searches. Expected: `setup-overhead`.
import { bench } from 'ubench';

const SIZE = 8_000;
const RAW = Array.from({ length: SIZE }, (_, i) => ((i * 2_654_435_761) >>> 0) % 1_000_000);
const NEEDLES = Int32Array.from({ length: 1_024 }, (_, i) => RAW[(i * 7) % SIZE]! + (i & 1));

function binarySearch(sorted: number[], target: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = sorted[mid]!;
    if (value === target) return mid;
    if (value < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

bench('binary search, haystack sorted inside the body', (b) => {
  const haystack = RAW.slice().sort((x, y) => x - y); // meant as preparation, but it is timed
  let found = 0;
  for (let i = 0; i < b.n; i++) if (binarySearch(haystack, NEEDLES[i & 1_023]!) >= 0) found++;
  return found;
});
