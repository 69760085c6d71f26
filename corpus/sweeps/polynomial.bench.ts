// Quadratic and cubic loops. Quadratic ones over arrays of 32 to 4,096 elements (x2), or n x n
// matrices of 16 to 1,024 (8 MiB at the top: past L2); cubic ones over n x n matrices of 8 to 192
// (up to 864 KiB for three matrices: past L1).
import { bench, group } from 'ubench';

const LINEAR_SIZES = '32..4096:x2';
const MATRIX_SIZES = '16..1024:x2';
const CUBIC_SIZES = [8, 12, 16, 24, 32, 48, 64, 96, 128, 192];

group('quadratic', () => {
  bench(
    'insertion sort int32',
    {
      setup: (args) => ({ input: Int32Array.from({ length: args.n as number }, () => (Math.random() * 2 ** 31) | 0), work: new Int32Array(args.n as number) }),
      run: ({ input, work }) => {
        work.set(input);
        for (let i = 1; i < work.length; i++) {
          const v = work[i]!;
          let k = i - 1;
          while (k >= 0 && work[k]! > v) work[k + 1] = work[k--]!;
          work[k + 1] = v;
        }
        return work[0];
      },
    },
    { args: { n: LINEAR_SIZES }, bytesPerItem: 8 },
  );

  bench(
    'closest pair, all pairs',
    {
      setup: (args) => Float64Array.from({ length: args.n as number }, Math.random),
      run: (xs) => {
        let best = Infinity;
        for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) best = Math.min(best, Math.abs(xs[i]! - xs[j]!));
        return best;
      },
    },
    { args: { n: LINEAR_SIZES }, bytesPerItem: 8 },
  );

  bench(
    'bubble sort float64',
    {
      setup: (args) => ({ input: Float64Array.from({ length: args.n as number }, Math.random), work: new Float64Array(args.n as number) }),
      run: ({ input, work }) => {
        work.set(input);
        for (let end = work.length - 1; end > 0; end--) {
          for (let i = 0; i < end; i++) {
            if (work[i]! > work[i + 1]!) {
              const t = work[i]!;
              work[i] = work[i + 1]!;
              work[i + 1] = t;
            }
          }
        }
        return work[0];
      },
    },
    { args: { n: LINEAR_SIZES }, bytesPerItem: 16 },
  );

  bench(
    'matrix transpose',
    {
      setup: (args) => {
        const n = args.n as number;
        return { n, from: Float64Array.from({ length: n * n }, Math.random), to: new Float64Array(n * n) };
      },
      run: ({ n, from, to }) => {
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) to[j * n + i] = from[i * n + j]!;
        return to[1];
      },
    },
    { args: { n: MATRIX_SIZES } },
  );
});

group('cubic', () => {
  bench(
    'matrix multiply',
    {
      setup: (args) => {
        const n = args.n as number;
        const m = () => Float64Array.from({ length: n * n }, Math.random);
        return { n, a: m(), b: m(), c: new Float64Array(n * n) };
      },
      run: ({ n, a, b, c }) => {
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            let s = 0;
            for (let k = 0; k < n; k++) s += a[i * n + k]! * b[k * n + j]!;
            c[i * n + j] = s;
          }
        }
        return c[0];
      },
    },
    { args: { n: CUBIC_SIZES } },
  );

  bench(
    'Floyd-Warshall',
    {
      setup: (args) => {
        const n = args.n as number;
        return { n, input: Float64Array.from({ length: n * n }, Math.random), d: new Float64Array(n * n) };
      },
      run: ({ n, input, d }) => {
        d.set(input);
        for (let k = 0; k < n; k++) {
          for (let i = 0; i < n; i++) {
            const ik = d[i * n + k]!;
            for (let j = 0; j < n; j++) {
              const via = ik + d[k * n + j]!;
              if (via < d[i * n + j]!) d[i * n + j] = via;
            }
          }
        }
        return d[1];
      },
    },
    { args: { n: CUBIC_SIZES } },
  );
});
