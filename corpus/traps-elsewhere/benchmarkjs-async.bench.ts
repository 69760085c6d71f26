// Pitfall (benchmark.js issue #29 "Async function" and mitata's review on un-ts/sh-syntax PR #32:
// an async function benchmarked without awaiting it times only the start of the work, and the
// unfinished promises pile up; https://github.com/bestiejs/benchmark.js/issues/29): the body starts
// an async save and returns without waiting for it. Expected: `none-yet` (no rule sees promises a
// body drops; this records the gap).
// Control: the same save, awaited (the body returns its promise). Expected: none.
import { bench } from 'ubench';

interface Row {
  id: number;
  name: string;
}

const store = new Map<number, string>();

async function save(row: Row): Promise<number> {
  await null;
  store.set(row.id & 1_023, JSON.stringify(row));
  return store.size;
}

const rows: Row[] = Array.from({ length: 256 }, (_, i) => ({ id: i, name: `row ${i}` }));
let a = 0;
let b = 0;

bench('async save started, never awaited', () => {
  void save(rows[(a = (a + 1) & 255)]!);
});

bench('async save awaited', () => save(rows[(b = (b + 1) & 255)]!));
