// Trap: deduplicating 5 000 user ids by sorting them in place and skipping repeats. The sort runs on
// the array setup made, so only the first call of a sample sorts shuffled ids; every later call
// sorts ids that are already sorted, which V8's sort does in one pass. Expected: `state-changed`.
import { bench } from 'ubench';

function shuffledIds(count: number): number[] {
  const ids = Array.from({ length: count }, (_, i) => 1_000 + (i % 4_000));
  let seed = 42;
  for (let i = ids.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const j = seed % (i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

bench('sort + skip repeats', {
  setup: () => shuffledIds(5_000),
  run: (ids) => {
    ids.sort((a, b) => a - b);
    let unique = 0;
    for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) unique++;
    return unique;
  },
});
