// JSON on realistic API responses (a page of 12 products with nested seller, tags and prices):
// JSON.stringify against a schema-specific serializer, and JSON.parse with and without a reviver.
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

interface Product {
  id: string;
  title: string;
  price: number;
  currency: string;
  inStock: boolean;
  rating: number | null;
  tags: string[];
  seller: { id: number; name: string; verified: boolean };
  updatedAt: string;
}

interface Page {
  page: number;
  pageSize: number;
  total: number;
  items: Product[];
}

const ADJECTIVES = ['Compact', 'Wireless', 'Ergonomic', 'Stainless', 'Organic', 'Vintage', 'Foldable'];
const NOUNS = ['Kettle', 'Keyboard', 'Backpack', 'Desk Lamp', 'Water Bottle', 'Tent', 'Headphones'];
const TAGS = ['new', 'sale', 'eco', 'bestseller', 'gift', 'limited'];
const SELLERS = ['Acme Goods', 'Nordic Supply', 'Casa "Bonita"', 'Tiny Shop\\Co'];

function makePages(seed: number): Page[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 16 }, (_, p) => ({
    page: p + 1,
    pageSize: 12,
    total: 1_843,
    items: Array.from({ length: 12 }, (_, i) => ({
      id: `p_${(p * 12 + i).toString(36).padStart(6, '0')}`,
      title: `${ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]} ${NOUNS[Math.floor(rand() * NOUNS.length)]}`,
      price: Math.round(rand() * 50_000) / 100,
      currency: 'EUR',
      inStock: rand() < 0.7,
      rating: rand() < 0.2 ? null : Math.round(rand() * 50) / 10,
      tags: TAGS.filter(() => rand() < 0.3),
      seller: { id: Math.floor(rand() * 500), name: SELLERS[Math.floor(rand() * SELLERS.length)]!, verified: rand() < 0.5 },
      updatedAt: new Date(Date.UTC(2024, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28), Math.floor(rand() * 24))).toISOString(),
    })),
  }));
}

/** Knows the schema: only strings go through JSON.stringify (for escaping), everything else is written directly. */
function serializePage(page: Page): string {
  let out = `{"page":${page.page},"pageSize":${page.pageSize},"total":${page.total},"items":[`;
  const items = page.items;
  for (let i = 0; i < items.length; i++) {
    const p = items[i]!;
    if (i > 0) out += ',';
    out += `{"id":${JSON.stringify(p.id)},"title":${JSON.stringify(p.title)},"price":${p.price},"currency":${JSON.stringify(p.currency)}`;
    out += `,"inStock":${p.inStock},"rating":${p.rating === null ? 'null' : p.rating},"tags":[`;
    for (let t = 0; t < p.tags.length; t++) out += (t > 0 ? ',' : '') + JSON.stringify(p.tags[t]);
    out += `],"seller":{"id":${p.seller.id},"name":${JSON.stringify(p.seller.name)},"verified":${p.seller.verified}}`;
    out += `,"updatedAt":${JSON.stringify(p.updatedAt)}}`;
  }
  return `${out}]}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const reviveDates = (_key: string, value: unknown): unknown =>
  typeof value === 'string' && value.length === 24 && ISO_DATE.test(value) ? new Date(value) : value;

const PAGES = makePages(7);
const TEXTS = makePages(8).map((page) => JSON.stringify(page));
let next = 0;

group('serialize a page of 12 products', () => {
  bench('JSON.stringify', () => JSON.stringify(PAGES[(next = (next + 1) & 15)]), { baseline: true });
  bench('schema-specific serializer', () => serializePage(PAGES[(next = (next + 1) & 15)]!));
});

group('parse a page of 12 products', () => {
  bench('JSON.parse', () => JSON.parse(TEXTS[(next = (next + 1) & 15)]!) as Page, { baseline: true });
  bench('JSON.parse with a date reviver', () => JSON.parse(TEXTS[(next = (next + 1) & 15)]!, reviveDates) as Page);
});
