// Control (benchmark.js issue #132 "Setup and Teardown per iteration?": to sort the same input
// every time, the maintainer's advice was to make the copy inside the benchmark so the variants stay
// comparable; https://github.com/bestiejs/benchmark.js/issues/132): a sort that copies its input
// first times the copy too, knowingly, and never sorts sorted data. Expected: none.
import { bench } from 'ubench';

bench('sort a copy made inside the body', {
  setup: () => Float64Array.from({ length: 1_000 }, () => Math.random()),
  run: (values) => values.slice().sort()[500]!,
});
