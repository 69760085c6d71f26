// Trap (issue 43, written from a user's report): a ring of the last 1,048,576 records. Each call
// replaces the oldest record, which by then lives in the old generation, so most of the body's time
// is GC work that never pauses it: promotion, concurrent marking and its write barriers. The pause
// share reads a few percent; `gc-heavy` must name GC as the cost, by elimination.
import { bench } from 'ubench';

const RING = 1 << 20;
const ring: unknown[] = new Array(RING).fill(null);
let n = 0;

bench('ring of a million records', () => {
  const i = n++;
  const record = { id: i, next: i + 1, label: i & 1023 };
  ring[i & (RING - 1)] = record;
  return record.id;
});
