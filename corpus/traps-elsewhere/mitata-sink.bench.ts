// Pitfall (JMH samples, JMHSample_09_Blackholes, and mitata issue #69 "hazards of do_not_optimize":
// the thing that consumes results so the JIT keeps them has a cost and effects of its own;
// https://github.com/evanwashere/mitata/issues/69): a home-made sink that keeps every result
// grows through the run and holds memory the application never holds. Here a manual loop parses a
// batch of eight CSV lines per iteration and pushes the batch's total into a module-level array
// that is never cleared. Expected: `leak`.
import { bench } from 'ubench';

const sink: number[] = [];
const lines = Array.from({ length: 64 }, (_, i) => `${i},${i * 3},${i * 7},${i * 11},${i * 13},${i * 17},${i * 19},${i * 23}`);

function total(line: string): number {
  let sum = 0;
  let value = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 44) {
      sum += value;
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  return sum + value;
}

bench('each batch total kept in a module-level sink', (b) => {
  for (let i = 0; i < b.n; i++) {
    let batch = 0;
    for (let k = 0; k < 8; k++) batch += total(lines[(i * 8 + k) & 63]!);
    sink.push(batch);
  }
  return sink.length;
});
