// Pitfall (BenchmarkDotNet, MemoryDiagnoser and IntroMemoryDiagnoser: allocations and the GC
// collections they cause are part of the cost and must be reported; large objects go straight to
// the heap the collector works hardest on): a body that allocates a large array per call spends a
// large share of its time in GC. Here every call builds a 50,000-element array (large-object space
// in V8). Expected: `gc-heavy` (information: the figure includes GC, as real code pays it).
import { bench } from 'ubench';

let seed = 0;

bench('a fresh 50,000-element array per call', () => {
  const values = new Array<number>(50_000).fill(seed++ & 1_023);
  return values[values.length - 1]!;
});
