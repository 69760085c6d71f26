// Pitfall (JMH samples, JMHSample_38_PerInvokeSetup): a sort benchmark whose array is prepared once
// per iteration sorts random data on the first call and already-sorted data on every later call,
// which for many algorithms is far cheaper. Here an insertion sort works in place on the array
// setup made: O(n²) the first call, O(n) afterwards. Expected: `state-changed`.
// Control: the same sort with a fresh array per call (`state: 'per-call'`). Expected: none (the
// per-call form's own `per-call-state` note is information).
import { bench } from 'ubench';

function insertionSort(values: Float64Array): number {
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > v) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = v;
  }
  return values[values.length >> 1]!;
}

const shuffled = () => Float64Array.from({ length: 256 }, () => Math.random());

bench('insertion sort in place on the setup array', {
  setup: shuffled,
  run: (values) => insertionSort(values),
});

bench('insertion sort on a fresh array per call', {
  setup: shuffled,
  run: (values) => insertionSort(values),
  state: 'per-call',
});
