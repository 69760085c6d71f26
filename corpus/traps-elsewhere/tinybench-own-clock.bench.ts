// Pitfall (tinybench issues #42 "Results are incorrect #2" and #10: timing every call with the
// clock adds tens of nanoseconds to each one, so fast functions read as the clock's cost;
// https://github.com/tinylibs/tinybench/issues/42): the same mistake written inside a benchmark
// body — recording each operation's latency with performance.now() — times the clock, not the
// operation. Here two clock reads surround a ring-buffer push. Expected: `none-yet` (ubench counts
// its own clock reads, not the body's; this records the gap).
import { bench } from 'ubench';

const ring = new Float64Array(1_024);
const latencies = new Float64Array(1_024);
let head = 0;

bench('ring push with its latency recorded by performance.now()', () => {
  const t0 = performance.now();
  ring[(head = (head + 1) & 1_023)] = head * 0.5;
  latencies[head] = performance.now() - t0;
  return head;
});
