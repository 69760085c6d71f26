// Turning numeric strings into numbers, eight per call: decimals (prices, coordinates, exponents)
// with Number() and parseFloat(), and integers (ids, counts) with parseInt() and a charCode loop.
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

const BATCH = 8;
const COUNT = 512; // a multiple of BATCH; 512 strings cycle

function decimals(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: COUNT }, (_, i) => {
    switch (i % 4) {
      case 0: return (rand() * 1_000).toFixed(2);            // 123.45
      case 1: return (-90 + rand() * 180).toFixed(6);        // -12.345678
      case 2: return `${(1 + rand() * 8).toFixed(3)}e${Math.floor(rand() * 12) - 6}`; // 4.321e-3
      default: return String(Math.floor(rand() * 100_000)); // 48213
    }
  });
}

function integers(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: COUNT }, () => String(Math.floor(rand() * 2 ** (8 + Math.floor(rand() * 22)))));
}

/** Base-10 digits only (what the inputs hold); stops at the first non-digit like parseInt. */
function parseDigits(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

let cursor = 0;
const nextBatch = (): number => (cursor = (cursor + BATCH) & (COUNT - 1));

group('parse 8 decimal strings', () => {
  bench('Number(s)', {
    setup: () => decimals(3),
    run: (texts) => {
      const start = nextBatch();
      let sum = 0;
      for (let i = start; i < start + BATCH; i++) sum += Number(texts[i]);
      return sum;
    },
  }, { baseline: true });

  bench('parseFloat(s)', {
    setup: () => decimals(3),
    run: (texts) => {
      const start = nextBatch();
      let sum = 0;
      for (let i = start; i < start + BATCH; i++) sum += parseFloat(texts[i]!);
      return sum;
    },
  });
});

group('parse 8 integer strings', () => {
  bench('parseInt(s, 10)', {
    setup: () => integers(5),
    run: (texts) => {
      const start = nextBatch();
      let sum = 0;
      for (let i = start; i < start + BATCH; i++) sum += parseInt(texts[i]!, 10);
      return sum;
    },
  }, { baseline: true });

  bench('Number(s)', {
    setup: () => integers(5),
    run: (texts) => {
      const start = nextBatch();
      let sum = 0;
      for (let i = start; i < start + BATCH; i++) sum += Number(texts[i]);
      return sum;
    },
  });

  bench('charCode loop', {
    setup: () => integers(5),
    run: (texts) => {
      const start = nextBatch();
      let sum = 0;
      for (let i = start; i < start + BATCH; i++) sum += parseDigits(texts[i]!);
      return sum;
    },
  });
});
