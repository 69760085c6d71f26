// Pitfall (JMH, the Level.Invocation javadoc and JMHSample_38_PerInvokeSetup): setup run before
// every single call forces the harness to time each call on its own, and for an operation far
// shorter than the clock's overhead the figure is mostly clock reads. Here each call gets a fresh
// half-megabyte array (`state: 'per-call'`), so a chunk holds two states and the two clock reads
// around it dwarf the body, which reads two numbers. Expected: `timer-resolution`.
import { bench } from 'ubench';

bench('first value of a fresh 64k-element array per call', {
  setup: () => new Float64Array(65_536).fill(1.5),
  run: (values) => values[0]! + values.length,
  state: 'per-call',
});
