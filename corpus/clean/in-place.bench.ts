// Work done in place on state from setup that leaves the cost of the next call unchanged: a
// Fisher–Yates shuffle of a deck, reversing a buffer, a ring buffer of recent readings, zeroing a
// scratch Float32Array, and an LRU lookup that refreshes recency by re-inserting into a Map.
import { bench, group } from 'ubench';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

group('in place', () => {
  bench('shuffle a 52-card deck', {
    setup: () => ({ deck: Array.from({ length: 52 }, (_, i) => i), random: lcg(7) }),
    run: ({ deck, random }) => {
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const t = deck[i]!;
        deck[i] = deck[j]!;
        deck[j] = t;
      }
      return deck[0];
    },
  });

  bench('reverse 1 024 samples', {
    setup: () => Float64Array.from({ length: 1_024 }, (_, i) => Math.sin(i)),
    run: (samples) => samples.reverse()[0],
  });

  bench('ring buffer of the last 256 readings', {
    setup: () => ({ readings: new Float64Array(256), next: 0, total: 0 }),
    run: (ring) => {
      const slot = ring.next++ & 255;
      ring.total += ring.next * 0.5 - ring.readings[slot]!;
      ring.readings[slot] = ring.next * 0.5;
      return ring.total;
    },
  });

  bench('zero a 4 KiB scratch buffer', {
    setup: () => new Float32Array(1_024),
    run: (scratch) => scratch.fill(0).length,
  });

  bench('LRU get with Map re-insertion', {
    setup: () => {
      const cache = new Map<string, number>();
      for (let i = 0; i < 128; i++) cache.set(`key-${i}`, i);
      return { cache, keys: Array.from({ length: 64 }, (_, i) => `key-${(i * 37) % 128}`), at: 0 };
    },
    run: (lru) => {
      const key = lru.keys[lru.at++ & 63]!;
      const value = lru.cache.get(key)!;
      lru.cache.delete(key);
      lru.cache.set(key, value);
      return value;
    },
  });
});
