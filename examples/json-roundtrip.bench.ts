// Deep-copying a small document: JSON round trip against structuredClone.
import { bench, group } from 'ubench';

function makeDocument(seed: number) {
  return {
    id: seed,
    name: `user-${seed}`,
    tags: ['a', 'b', 'c'].map((t) => `${t}${seed % 7}`),
    address: { street: `${seed} Main St`, city: 'Springfield', zip: String(10_000 + (seed % 89_999)) },
    orders: Array.from({ length: 5 }, (_, i) => ({ sku: `sku-${seed}-${i}`, qty: (seed + i) % 4, price: 9.99 + i })),
  };
}

group('deep copy a small document', () => {
  bench('JSON.parse(JSON.stringify(doc))', {
    setup: () => makeDocument(Math.floor(Math.random() * 1e6)),
    run: (doc) => JSON.parse(JSON.stringify(doc)),
  });

  bench('structuredClone(doc)', {
    setup: () => makeDocument(Math.floor(Math.random() * 1e6)),
    run: (doc) => structuredClone(doc),
  });
});
