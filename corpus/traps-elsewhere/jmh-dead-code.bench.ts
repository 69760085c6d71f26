// Pitfall (JMH samples, JMHSample_08_DeadCode; openjdk/jmh jmh-samples): a computation whose result
// nobody uses is dead code, and the JIT removes it, so the benchmark times the loop around nothing.
// Here the logarithm of a module-level reading is computed and dropped: the call is pure and V8
// removes it. Expected: `optimized-away`.
// Control: the same logarithm of a reading that changes every call, returned so it is consumed.
// Expected: none.
import { bench } from 'ubench';

let reading = 4_812.5;

bench('log of the reading, result dropped', () => {
  Math.log(reading);
});

const readings = Float64Array.from({ length: 1_024 }, (_, i) => 1 + ((i * 7_919) % 10_007));
let next = 0;

bench('log of the next reading, returned', () => Math.log(readings[(next = (next + 1) & 1_023)]!));

// Kept reachable so the module-level reading is a variable, as it would be in real code.
export function setReading(value: number): void {
  reading = value;
}
