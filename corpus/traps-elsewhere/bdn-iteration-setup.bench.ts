// Pitfall (BenchmarkDotNet, IterationSetup docs: "not recommended in microbenchmarks because it
// can spoil the results"; https://benchmarkdotnet.org/articles/samples/IntroSetupCleanupIteration.html,
// and the MinIterationTimeAnalyser): per-invocation preparation outside the timer makes every
// measured stretch one short call, shorter than the clock can time. Here a manual loop stops the
// timer to clear a scratch buffer before each encode of one number. Expected: `timer-resolution`.
import { bench } from 'ubench';

const scratch = new Uint8Array(16);

function encodeVarint(value: number, out: Uint8Array): number {
  let v = value >>> 0;
  let n = 0;
  while (v >= 0x80) {
    out[n++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[n++] = v;
  return n;
}

bench('varint encode with the buffer cleared outside the timer', (b) => {
  let written = 0;
  for (let i = 0; i < b.n; i++) {
    b.stop();
    scratch.fill(0);
    b.start();
    written += encodeVarint(i * 2_654_435_761, scratch);
  }
  return written;
});
