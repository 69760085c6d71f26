// Sorting 100 customer records by a key: a numeric comparator, names with localeCompare, with a
// reused Intl.Collator and with < / >, and a two-key comparator. Each call copies one of 8 shuffled
// orders into a scratch array (from setup) and sorts that.
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

interface Customer {
  name: string;
  city: string;
  age: number;
  spent: number;
}

const FIRST = ['Ana', 'Émile', 'Bruno', 'Zoë', 'Chen', 'María', 'Oskar', 'Ingrid', 'Yusuf', 'Aiko', 'Lars', 'Noor'];
const LAST = ['Silva', 'Dubois', 'Müller', 'Okafor', 'Nakamura', 'García', 'Nowak', 'Berg', 'Haddad', 'Kim', 'Ødegaard'];
const CITIES = ['Lisbon', 'Lyon', 'Berlin', 'Lagos', 'Osaka', 'Madrid', 'Kraków', 'Oslo'];
const SIZE = 100;
const ORDERS = 8;

/** The same 100 customers in 8 different shuffled orders. */
function makeOrders(seed: number): { inputs: Customer[][]; scratch: Customer[] } {
  const rand = xorshift32(seed);
  const customers: Customer[] = Array.from({ length: SIZE }, () => ({
    name: `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]}`,
    city: CITIES[Math.floor(rand() * CITIES.length)]!,
    age: 18 + Math.floor(rand() * 60),
    spent: Math.round(rand() * 1e6) / 100,
  }));
  const inputs = Array.from({ length: ORDERS }, () => {
    const copy = customers.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  });
  return { inputs, scratch: customers.slice() };
}

let next = 0;

function fill(inputs: Customer[][], scratch: Customer[]): Customer[] {
  const input = inputs[(next = (next + 1) & (ORDERS - 1))]!;
  for (let i = 0; i < SIZE; i++) scratch[i] = input[i]!;
  return scratch;
}

const collator = new Intl.Collator('en');

group('sort 100 customers', () => {
  bench('by spent (a.spent - b.spent)', {
    setup: () => makeOrders(23),
    run: ({ inputs, scratch }) => fill(inputs, scratch).sort((a, b) => a.spent - b.spent)[SIZE >> 1]!.spent,
  }, { baseline: true });

  bench('by name, localeCompare', {
    setup: () => makeOrders(23),
    run: ({ inputs, scratch }) => fill(inputs, scratch).sort((a, b) => a.name.localeCompare(b.name))[SIZE >> 1]!.name,
  });

  bench('by name, reused Intl.Collator', {
    setup: () => makeOrders(23),
    run: ({ inputs, scratch }) => fill(inputs, scratch).sort((a, b) => collator.compare(a.name, b.name))[SIZE >> 1]!.name,
  });

  bench('by name, < and >', {
    setup: () => makeOrders(23),
    run: ({ inputs, scratch }) => fill(inputs, scratch).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[SIZE >> 1]!.name,
  });

  bench('by city, then age descending', {
    setup: () => makeOrders(23),
    run: ({ inputs, scratch }) => fill(inputs, scratch).sort((a, b) => (a.city < b.city ? -1 : a.city > b.city ? 1 : b.age - a.age))[SIZE >> 1]!.age,
  });
});
