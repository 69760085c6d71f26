// Everyday collection chores on seeded data: counting word frequencies in a 200-word text (Map
// against a plain object), and de-duplicating 100 ids with repeats (Set, filter+indexOf, a seen-object).
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

const VOCABULARY = Array.from({ length: 120 }, (_, i) => `w${(i * 7919).toString(36)}`);

function makeTexts(seed: number): string[][] {
  const rand = xorshift32(seed);
  // Skewed: a few words are frequent, most are rare (roughly as in real text).
  return Array.from({ length: 16 }, () =>
    Array.from({ length: 200 }, () => VOCABULARY[Math.floor(VOCABULARY.length * rand() * rand())]!));
}

function makeIdLists(seed: number): number[][] {
  const rand = xorshift32(seed);
  return Array.from({ length: 16 }, () => Array.from({ length: 100 }, () => 1_000 + Math.floor(rand() * 60)));
}

let next = 0;

group('count word frequencies (200 words)', () => {
  bench('Map', {
    setup: () => makeTexts(41),
    run: (texts) => {
      const counts = new Map<string, number>();
      for (const word of texts[(next = (next + 1) & 15)]!) counts.set(word, (counts.get(word) ?? 0) + 1);
      return counts.size;
    },
  }, { baseline: true });

  bench('object', {
    setup: () => makeTexts(41),
    run: (texts) => {
      const counts: Record<string, number> = {};
      for (const word of texts[(next = (next + 1) & 15)]!) counts[word] = (counts[word] ?? 0) + 1;
      return counts;
    },
  });
});

group('de-duplicate 100 ids', () => {
  bench('[...new Set(ids)]', {
    setup: () => makeIdLists(42),
    run: (lists) => [...new Set(lists[(next = (next + 1) & 15)]!)],
  }, { baseline: true });

  bench('filter + indexOf', {
    setup: () => makeIdLists(42),
    run: (lists) => lists[(next = (next + 1) & 15)]!.filter((id, i, all) => all.indexOf(id) === i),
  });

  bench('seen object + push', {
    setup: () => makeIdLists(42),
    run: (lists) => {
      const seen: Record<number, true> = {};
      const unique: number[] = [];
      for (const id of lists[(next = (next + 1) & 15)]!) {
        if (seen[id] === undefined) {
          seen[id] = true;
          unique.push(id);
        }
      }
      return unique;
    },
  });
});
