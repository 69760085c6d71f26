// Dates: formatting timestamps as "YYYY-MM-DD HH:mm" (UTC getters + a pad helper, toISOString slicing, a
// cached Intl.DateTimeFormat) and parsing ISO strings (Date.parse against Date.UTC on the digits).
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

const FROM = Date.UTC(2020, 0, 1);
const SPAN = Date.UTC(2026, 0, 1) - FROM;

function makeDates(seed: number): Date[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, () => new Date(FROM + Math.floor(rand() * SPAN)));
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

// Swedish formatting reads YYYY-MM-DD HH:mm.
const formatter = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

let next = 0;

group('format as YYYY-MM-DD HH:mm (UTC)', () => {
  bench('getUTC* + pad', {
    setup: () => makeDates(13),
    run: (dates) => {
      const d = dates[(next = (next + 1) & 63)]!;
      return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    },
  }, { baseline: true });

  bench('toISOString() slice', {
    setup: () => makeDates(13),
    run: (dates) => {
      const iso = dates[(next = (next + 1) & 63)]!.toISOString();
      return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
    },
  });

  bench('cached Intl.DateTimeFormat#format', {
    setup: () => makeDates(13),
    run: (dates) => formatter.format(dates[(next = (next + 1) & 63)]),
  });
});

function parseIsoDigits(text: string): number {
  const digits = (from: number, to: number): number => {
    let value = 0;
    for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
    return value;
  };
  return Date.UTC(digits(0, 4), digits(5, 7) - 1, digits(8, 10), digits(11, 13), digits(14, 16), digits(17, 19), digits(20, 23));
}

group('parse an ISO 8601 timestamp', () => {
  bench('Date.parse', {
    setup: () => makeDates(14).map((d) => d.toISOString()),
    run: (texts) => Date.parse(texts[(next = (next + 1) & 63)]!),
  }, { baseline: true });

  bench('Date.UTC on the digits', {
    setup: () => makeDates(14).map((d) => d.toISOString()),
    run: (texts) => parseIsoDigits(texts[(next = (next + 1) & 63)]!),
  });
});
