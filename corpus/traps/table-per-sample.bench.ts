// Trap: a manual loop that builds a 24 MiB lookup table before its b.n lookups, each far cheaper
// than the table. The table's cost is timed once per sample and swamps the lookups unless b.n is
// large, so an estimate read as time per sample over b.n is the table's cost per operation.
// Expected: `setup-overhead`, giving the per-operation slope and the per-sample setup apart. The
// second benchmark times the same lookups on a table built once, at module level: the slope of
// the first should be within a small factor of its estimate.
import { bench } from 'ubench';

/** 3 Mi doubles: 24 MiB, larger than a last-level cache, so a lookup misses it as in a real table. */
const SIZE = 3 << 20;

function buildTable(): Float64Array {
  const table = new Float64Array(SIZE);
  for (let k = 0; k < SIZE; k++) table[k] = k * 0.5;
  return table;
}

/** b.n lookups at pseudo-random places (a linear congruential generator). */
function lookups(table: Float64Array, n: number): number {
  let x = 12_345;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) | 0;
    sum += table[(x >>> 0) % SIZE]!;
  }
  return sum;
}

const SHARED = buildTable();

bench('24 MiB table built inside, then b.n lookups', (b) => {
  const table = buildTable();
  return lookups(table, b.n);
});

bench('the same lookups on a table built once', (b) => lookups(SHARED, b.n));
