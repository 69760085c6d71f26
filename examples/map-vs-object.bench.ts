// Looking up 1 000 string keys: Map#get against a plain object used as a dictionary.
import { bench, group } from 'ubench';

const KEYS = Array.from({ length: 1_000 }, (_, i) => `key-${i.toString(36)}`);

group('lookup 1k string keys', () => {
  bench('Map#get', {
    setup: () => new Map(KEYS.map((key, i) => [key, i])),
    run: (map) => {
      let total = 0;
      for (const key of KEYS) total += map.get(key)!;
      return total;
    },
  });

  bench('object[key]', {
    setup: () => Object.fromEntries(KEYS.map((key, i) => [key, i])) as Record<string, number>,
    run: (object) => {
      let total = 0;
      for (const key of KEYS) total += object[key]!;
      return total;
    },
  });
});
