// Pitfall (JMH samples, JMHSample_11_Loops): repeating the operation in a hand-written loop inside
// the benchmark and dividing by the count lets the compiler hoist, unroll and merge the repeats:
// the loop no longer does the operation N times. Here a price with tax is computed 100 times on
// the same setup values; V8 moves the invariant computation out of the inner loop, which then
// runs empty. Expected: `optimized-away` (what was meant, 100 price computations, is not timed).
import { bench } from 'ubench';

interface Line {
  price: number;
  taxRate: number;
}

bench('price with tax repeated 100× in the body on one input', {
  setup: (): Line => ({ price: 1_999, taxRate: 0.2 }),
  run: (line) => {
    let total = 0;
    for (let k = 0; k < 100; k++) total = Math.round(line.price * (1 + line.taxRate));
    return total;
  },
});
