// Pitfall (pyperf docs, "Run a benchmark" and `pyperf check`: "the benchmark result may be
// unstable", the standard deviation above 10% of the mean;
// https://pyperf.readthedocs.io/en/latest/run_benchmark.html): values that spread widely describe
// no single cost. Here setup builds, per sample, a JSON document of a random size (40 to 160
// records), and the body serializes it. Expected: `noisy`.
import { bench } from 'ubench';

function document(): object {
  const count = 40 + Math.floor(Math.random() * 121);
  return {
    page: 1,
    records: Array.from({ length: count }, (_, i) => ({ id: i, name: `item-${i}`, price: i * 3.5, tags: ['a', 'b'] })),
  };
}

bench('serialize a JSON document of random size', {
  setup: document,
  run: (doc) => JSON.stringify(doc).length,
});
