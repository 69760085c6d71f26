// Lookups, O(log n) or O(1) per call, over containers of 64 to 65,536 entries (x2): a fixed set of
// 64 keys is looked up in turn, so the container's size is what varies; its footprint crosses the
// L1 and L2 caches within the range.
import { bench, group } from 'ubench';

const SIZES = '64..65536:x2';
/** Keys looked up in turn, spread over the container. */
const KEYS = 64;

function sortedValues(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => i * 3 + 1);
}

group('searches', () => {
  bench(
    'binary search',
    {
      setup: (args) => {
        const values = sortedValues(args.n as number);
        const keys = Array.from({ length: KEYS }, (_, k) => values[Math.floor((k * 7919) % values.length)]!);
        return { values, keys, i: 0 };
      },
      run: (s) => {
        s.i = (s.i + 1) % KEYS;
        const key = s.keys[s.i]!;
        let lo = 0;
        let hi = s.values.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (s.values[mid]! < key) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );

  bench(
    'binary heap push and pop',
    {
      setup: (args) => {
        const n = args.n as number;
        const heap = new Float64Array(n + 1);
        const fresh = Float64Array.from({ length: 1024 }, Math.random);
        let size = 0;
        for (let i = 0; i < n; i++) {
          let k = size++;
          const v = Math.random();
          while (k > 0 && heap[(k - 1) >> 1]! > v) {
            heap[k] = heap[(k - 1) >> 1]!;
            k = (k - 1) >> 1;
          }
          heap[k] = v;
        }
        return { heap, size, fresh, i: 0 };
      },
      run: (s) => {
        const h = s.heap;
        s.i = (s.i + 1) & 1023;
        // Push a value, then pop the smallest: the heap keeps its size.
        let k = s.size;
        const v = s.fresh[s.i]!;
        while (k > 0 && h[(k - 1) >> 1]! > v) {
          h[k] = h[(k - 1) >> 1]!;
          k = (k - 1) >> 1;
        }
        h[k] = v;
        const top = h[0]!;
        const last = h[s.size]!;
        k = 0;
        for (;;) {
          let c = 2 * k + 1;
          if (c >= s.size) break;
          if (c + 1 < s.size && h[c + 1]! < h[c]!) c++;
          if (h[c]! >= last) break;
          h[k] = h[c]!;
          k = c;
        }
        h[k] = last;
        return top;
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );

  bench(
    'Map get',
    {
      setup: (args) => {
        const n = args.n as number;
        const map = new Map<number, number>();
        for (let i = 0; i < n; i++) map.set(i * 7, i);
        const keys = Array.from({ length: KEYS }, (_, k) => ((k * 7919) % n) * 7);
        return { map, keys, i: 0 };
      },
      run: (s) => {
        s.i = (s.i + 1) % KEYS;
        return s.map.get(s.keys[s.i]!);
      },
    },
    { args: { n: SIZES }, bytesPerItem: 24 },
  );

  bench(
    'Set has string',
    {
      setup: (args) => {
        const n = args.n as number;
        const words = Array.from({ length: n }, (_, i) => `key-${(i * 2654435761) >>> 0}`);
        const keys = Array.from({ length: KEYS }, (_, k) => words[(k * 7919) % n]!);
        return { set: new Set(words), keys, i: 0 };
      },
      run: (s) => {
        s.i = (s.i + 1) % KEYS;
        return s.set.has(s.keys[s.i]!);
      },
    },
    { args: { n: SIZES }, bytesPerItem: 48 },
  );

  bench(
    'object dictionary lookup',
    {
      setup: (args) => {
        const n = args.n as number;
        const dict: Record<string, number> = {};
        for (let i = 0; i < n; i++) dict[`k${i * 13}`] = i;
        const keys = Array.from({ length: KEYS }, (_, k) => `k${((k * 7919) % n) * 13}`);
        return { dict, keys, i: 0 };
      },
      run: (s) => {
        s.i = (s.i + 1) % KEYS;
        return s.dict[s.keys[s.i]!];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 48 },
  );

  bench(
    'random index into Float64Array',
    {
      setup: (args) => {
        const n = args.n as number;
        const values = Float64Array.from({ length: n }, Math.random);
        const at = Int32Array.from({ length: 1024 }, () => Math.floor(Math.random() * n));
        return { values, at, i: 0 };
      },
      run: (s) => {
        s.i = (s.i + 1) & 1023;
        return s.values[s.at[s.i]!];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );
});
