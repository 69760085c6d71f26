// Building strings from varied pieces: one HTML table row per order record (template literal, +=,
// Array#join), and a comma-separated list of 4–20 words (join against a += loop).
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

interface Order {
  id: number;
  customer: string;
  total: number;
  status: string;
  items: number;
}

const NAMES = ['Ana Lima', 'Bo Chen', 'Chidi Okafor', 'Dana Weiss', 'Eun-ji Park', 'Farah Haddad', 'Goran Ilic'];
const STATUSES = ['paid', 'shipped', 'pending', 'refunded'];
const WORDS = ['apple', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor', 'iris', 'juniper', 'kelp', 'lumen'];

function makeOrders(seed: number): Order[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, (_, i) => ({
    id: 40_000 + i * 13,
    customer: NAMES[Math.floor(rand() * NAMES.length)]!,
    total: Math.round(rand() * 100_000) / 100,
    status: STATUSES[Math.floor(rand() * STATUSES.length)]!,
    items: 1 + Math.floor(rand() * 9),
  }));
}

function makeWordLists(seed: number): string[][] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, () =>
    Array.from({ length: 4 + Math.floor(rand() * 17) }, () => WORDS[Math.floor(rand() * WORDS.length)]!));
}

let next = 0;

group('render an order as a table row', () => {
  bench('template literal', {
    setup: () => makeOrders(5),
    run: (orders) => {
      const o = orders[(next = (next + 1) & 63)]!;
      return `<tr data-id="${o.id}"><td>${o.customer}</td><td class="num">${o.total.toFixed(2)}</td><td>${o.items}</td><td class="${o.status}">${o.status}</td></tr>`;
    },
  }, { baseline: true });

  bench('+= pieces', {
    setup: () => makeOrders(5),
    run: (orders) => {
      const o = orders[(next = (next + 1) & 63)]!;
      let html = '<tr data-id="';
      html += o.id;
      html += '"><td>';
      html += o.customer;
      html += '</td><td class="num">';
      html += o.total.toFixed(2);
      html += '</td><td>';
      html += o.items;
      html += '</td><td class="';
      html += o.status;
      html += '">';
      html += o.status;
      html += '</td></tr>';
      return html;
    },
  });

  bench('[...].join("")', {
    setup: () => makeOrders(5),
    run: (orders) => {
      const o = orders[(next = (next + 1) & 63)]!;
      return ['<tr data-id="', o.id, '"><td>', o.customer, '</td><td class="num">', o.total.toFixed(2), '</td><td>', o.items,
        '</td><td class="', o.status, '">', o.status, '</td></tr>'].join('');
    },
  });
});

group('join 4–20 words with ", "', () => {
  bench('Array#join', {
    setup: () => makeWordLists(6),
    run: (lists) => lists[(next = (next + 1) & 63)]!.join(', '),
  }, { baseline: true });

  bench('+= in a loop', {
    setup: () => makeWordLists(6),
    run: (lists) => {
      const words = lists[(next = (next + 1) & 63)]!;
      let text = words[0]!;
      for (let i = 1; i < words.length; i++) text += ', ' + words[i];
      return text;
    },
  });
});
