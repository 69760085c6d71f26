// Pitfall (pyperf docs and its Runner's warmup values; PyPy's FAQ "the JIT has a very high warm-up
// cost"): values taken before the code reached its steady state are slower and must not be mixed
// with the rest. Here a memo table of 200,000 keys fills as random keys are asked for, so calls get
// cheaper as it fills; it was meant to take about three seconds (a key at ~12 µs), longer than
// ubench's default warm-up cap (2 s). Expected: `not-steady`.
// Measured here (lab/corpus-rates.md): a key costs ~62 µs on this machine, so the table
// fills over tens of seconds; warm-up saw a flat series of misses and converged in 0.44 s. The
// trap as written is a slow ramp, not the three-second one meant; kept as measured.
import { bench } from 'ubench';

const KEYS = 200_000;
const memo = new Map<number, number>();

function score(key: number): number {
  let x = key + 1;
  for (let j = 0; j < 4_000; j++) x = (x * 1.000_000_1 + j) % 1_000_003;
  return x;
}

bench('memo table that fills over the first seconds', () => {
  const key = Math.floor(Math.random() * KEYS);
  let value = memo.get(key);
  if (value === undefined) {
    value = score(key);
    memo.set(key, value);
  }
  return value;
});
