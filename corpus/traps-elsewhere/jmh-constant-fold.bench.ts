// Pitfall (JMH samples, JMHSample_10_ConstantFold): when the input of a computation is a constant
// the compiler can see, it computes the answer once at compile time and the benchmark times a
// constant. Here a temperature conversion of a `const` room temperature is inlined and folded.
// Expected: `optimized-away`.
// Control: the same conversion fed from a log of readings indexed by a counter. Expected: none.
import { bench } from 'ubench';

const ROOM_CELSIUS = 21.5;

function toFahrenheit(celsius: number): number {
  return Math.round((celsius * 9) / 5 * 10 + 320) / 10;
}

bench('room temperature converted from a constant', () => toFahrenheit(ROOM_CELSIUS));

const sensorLog = Float64Array.from({ length: 1_024 }, (_, i) => -20 + ((i * 37) % 600) / 10);
let at = 0;

bench('temperatures converted from a sensor log', () => toFahrenheit(sensorLog[(at = (at + 1) & 1_023)]!));
