// Trap (issue 43, written from a user's report): the body's work grows with wall time, 2–3× over a
// default run (a log that is scanned and keeps growing by the clock). `drift` must report it.
import { bench } from 'ubench';

const data = Float64Array.from({ length: 8192 }, (_, i) => (i * 40503) % 997);
const start = performance.now();

bench('scans more the longer the run goes', () => {
  const n = Math.round(128 * (1 + (performance.now() - start) / 1500));
  let s = 0;
  for (let i = 0; i < n; i++) s += data[i & 8191]!;
  return s;
});
