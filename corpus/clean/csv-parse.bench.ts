// Splitting CSV lines into fields: a naive String#split, a quote-aware charCode/indexOf scanner and
// a sticky regex, over 64 seeded lines of which a quarter carry quoted fields with commas in them.
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

const CITIES = ['Lisbon', 'Oslo', 'Kyoto', 'Austin', 'Porto', 'Quito', 'Lagos', 'Perth'];
const PRODUCTS = ['desk lamp', 'usb hub', 'notebook', 'kettle', 'backpack', 'headphones'];

function makeLines(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, (_, i) => {
    const city = CITIES[Math.floor(rand() * CITIES.length)]!;
    const product = PRODUCTS[Math.floor(rand() * PRODUCTS.length)]!;
    const note = i % 4 === 0 ? `"${city}, ""old town"" branch"` : city;
    const name = i % 8 === 1 ? `"${product}, refurbished"` : product;
    return [10_000 + i * 7, name, (rand() * 500).toFixed(2), Math.floor(rand() * 40), note, rand() < 0.5 ? 'true' : 'false'].join(',');
  });
}

/** Quote-aware: "a, b" stays one field and "" inside quotes is one quote. */
function scanFields(line: string): string[] {
  const fields: string[] = [];
  const n = line.length;
  let i = 0;
  while (i <= n) {
    if (line.charCodeAt(i) === 34 /* " */) {
      let value = '';
      let start = ++i;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote === -1) {
          value += line.slice(start);
          i = n;
          break;
        }
        if (line.charCodeAt(quote + 1) === 34) {
          value += line.slice(start, quote + 1);
          i = start = quote + 2;
          continue;
        }
        value += line.slice(start, quote);
        i = quote + 1;
        break;
      }
      fields.push(value);
      i++; // the comma after the closing quote
    } else {
      let comma = line.indexOf(',', i);
      if (comma === -1) comma = n;
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
  return fields;
}

/** One field at a time: a sticky regex always matches at lastIndex (an empty field too). */
const FIELD = /"((?:[^"]|"")*)"|[^,]*/y;

function regexFields(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    FIELD.lastIndex = i;
    const match = FIELD.exec(line)!;
    fields.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[0]);
    i = FIELD.lastIndex;
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

let next = 0;

group('split a CSV line into fields', () => {
  bench('String#split (ignores quotes)', {
    setup: () => makeLines(11),
    run: (lines) => lines[(next = (next + 1) & 63)]!.split(','),
  });

  bench('charCode/indexOf scanner', {
    setup: () => makeLines(11),
    run: (lines) => scanFields(lines[(next = (next + 1) & 63)]!),
  }, { baseline: true });

  bench('sticky regex', {
    setup: () => makeLines(11),
    run: (lines) => regexFields(lines[(next = (next + 1) & 63)]!),
  });
});
