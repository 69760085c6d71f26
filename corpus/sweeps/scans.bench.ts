// Linear passes, O(n) each, over 64 to 65,536 elements (x2): the data outgrow the L1 and L2 caches
// within the range (a pass in order is helped by the prefetchers; a pointer chase in shuffled order is not).
import { bench, group } from 'ubench';

const SIZES = '64..65536:x2';

function shuffledOrder(n: number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

interface Node {
  value: number;
  next: Node | null;
}

group('scans', () => {
  bench(
    'Float64Array sum',
    {
      setup: (args) => Float64Array.from({ length: args.n as number }, Math.random),
      run: (values) => {
        let total = 0;
        for (let i = 0; i < values.length; i++) total += values[i]!;
        return total;
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );

  bench(
    'Array indexOf missing',
    {
      setup: (args) => Array.from({ length: args.n as number }, () => Math.random()),
      run: (values) => values.indexOf(-1),
    },
    { args: { n: SIZES }, bytesPerItem: 16 },
  );

  bench(
    'prefix sums in place',
    {
      setup: (args) => Float64Array.from({ length: args.n as number }, Math.random),
      run: (values) => {
        for (let i = 1; i < values.length; i++) values[i] = values[i]! * 0.5 + values[i - 1]! * 0.5;
        return values[values.length - 1];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 8 },
  );

  bench(
    'linked list walk, shuffled',
    {
      setup: (args) => {
        const n = args.n as number;
        const nodes: Node[] = Array.from({ length: n }, () => ({ value: Math.random(), next: null }));
        const order = shuffledOrder(n);
        for (let i = 0; i + 1 < n; i++) nodes[order[i]!]!.next = nodes[order[i + 1]!]!;
        return nodes[order[0]!]!;
      },
      run: (head) => {
        let total = 0;
        for (let node: Node | null = head; node !== null; node = node.next) total += node.value;
        return total;
      },
    },
    { args: { n: SIZES }, bytesPerItem: 32 },
  );

  bench(
    'Float64Array copy',
    {
      setup: (args) => ({ from: Float64Array.from({ length: args.n as number }, Math.random), to: new Float64Array(args.n as number) }),
      run: ({ from, to }) => {
        to.set(from);
        return to[0];
      },
    },
    { args: { n: SIZES }, bytesPerItem: 16 },
  );
});
