// Control (JMH samples, JMHSample_11_Loops and the OSR discussion around it): a body that is one
// long loop, called a few thousand times a second, may never be compiled as a function — its loop
// runs as on-stack-replaced code — so a harness can time code the application never runs. ubench
// asks V8 to optimize the benchmark function itself after warm-up, so this honest 20,000-element
// sum is timed in optimized code. Expected: none.
import { bench } from 'ubench';

const samples = Float64Array.from({ length: 20_000 }, (_, i) => Math.sin(i) * 100);
let offset = 0;

bench('sum of 20,000 samples in one loop per call', () => {
  const start = (offset = (offset + 1) & 15);
  let total = 0;
  for (let i = start; i < samples.length; i++) total += samples[i]!;
  return total;
});
