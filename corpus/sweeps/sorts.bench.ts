// Sorting sweeps, n log n each, over 64 to 65,536 elements (x2): the inputs and work arrays outgrow
// the L1 and L2 caches within the range. Inputs are random, built in setup; each call sorts a fresh copy.
import { bench, group } from 'ubench';

const SIZES = '64..65536:x2';

function randomInts(n: number): Int32Array {
  return Int32Array.from({ length: n }, () => (Math.random() * 2 ** 31) | 0);
}

function heapSort(a: Int32Array): void {
  const sift = (start: number, end: number): void => {
    let root = start;
    for (let child = 2 * root + 1; child < end; child = 2 * root + 1) {
      if (child + 1 < end && a[child]! < a[child + 1]!) child++;
      if (a[root]! >= a[child]!) return;
      const t = a[root]!;
      a[root] = a[child]!;
      a[child] = t;
      root = child;
    }
  };
  for (let i = (a.length >> 1) - 1; i >= 0; i--) sift(i, a.length);
  for (let end = a.length - 1; end > 0; end--) {
    const t = a[0]!;
    a[0] = a[end]!;
    a[end] = t;
    sift(0, end);
  }
}

function mergeSort(a: Float64Array, tmp: Float64Array): void {
  for (let width = 1; width < a.length; width *= 2) {
    for (let lo = 0; lo < a.length; lo += 2 * width) {
      const mid = Math.min(lo + width, a.length);
      const hi = Math.min(lo + 2 * width, a.length);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) tmp[k] = i < mid && (j >= hi || a[i]! <= a[j]!) ? a[i++]! : a[j++]!;
    }
    a.set(tmp);
  }
}

function quickSort(a: Float64Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (j - lo < hi - i) {
      quickSort(a, lo, j);
      lo = i;
    } else {
      quickSort(a, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i]!;
    let k = i - 1;
    while (k >= lo && a[k]! > v) a[k + 1] = a[k--]!;
    a[k + 1] = v;
  }
}

group('sorts', () => {
  bench(
    'heapsort int32',
    {
      setup: (args) => ({ input: randomInts(args.n as number), work: new Int32Array(args.n as number) }),
      run: ({ input, work }) => {
        work.set(input);
        heapSort(work);
        return work[0];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );

  bench(
    'Int32Array sort',
    {
      setup: (args) => ({ input: randomInts(args.n as number), work: new Int32Array(args.n as number) }),
      run: ({ input, work }) => {
        work.set(input);
        return work.sort()[0];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );

  bench(
    'merge sort float64',
    {
      setup: (args) => {
        const n = args.n as number;
        return { input: Float64Array.from({ length: n }, Math.random), work: new Float64Array(n), tmp: new Float64Array(n) };
      },
      run: ({ input, work, tmp }) => {
        work.set(input);
        mergeSort(work, tmp);
        return work[0];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 24 },
  );

  bench(
    'quicksort float64',
    {
      setup: (args) => {
        const n = args.n as number;
        return { input: Float64Array.from({ length: n }, Math.random), work: new Float64Array(n) };
      },
      run: ({ input, work }) => {
        work.set(input);
        quickSort(work, 0, work.length - 1);
        return work[0];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 16 },
  );

  bench(
    'Array sort with comparator',
    {
      setup: (args) => Array.from({ length: args.n as number }, () => (Math.random() * 1e9) | 0),
      run: (input) => input.slice().sort((a, b) => a - b)[0],
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );
});
