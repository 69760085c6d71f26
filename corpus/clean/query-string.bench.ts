// Query strings: parsing `a=1&b=two%20words&...` into an object with URLSearchParams or a hand-written
// split/decodeURIComponent parser, and building one from an object, over 64 seeded search requests.
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

const TERMS = ['running shoes', 'tent', 'café au lait', 'usb-c cable', 'rain jacket', 'book & lamp', 'mug', '4k monitor'];
const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'];

type Query = Record<string, string>;

function makeQueries(seed: number): Query[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, (_, i) => {
    const query: Query = {
      q: TERMS[Math.floor(rand() * TERMS.length)]!,
      page: String(1 + Math.floor(rand() * 20)),
      sort: SORTS[i & 3]!,
      minPrice: (rand() * 50).toFixed(0),
      maxPrice: (50 + rand() * 450).toFixed(0),
    };
    if (i % 3 === 0) query.brand = 'north/face';
    if (i % 5 === 0) query.utm_source = 'newsletter';
    return query;
  });
}

const toText = (query: Query): string => new URLSearchParams(query).toString();

/** application/x-www-form-urlencoded, decoding only the pieces that need it. */
function parseQuery(text: string): Query {
  const result: Query = {};
  if (text.length === 0) return result;
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    result[decodePiece(rawKey)] = decodePiece(rawValue);
  }
  return result;
}

function decodePiece(piece: string): string {
  if (piece.indexOf('%') === -1 && piece.indexOf('+') === -1) return piece;
  return decodeURIComponent(piece.replace(/\+/g, ' '));
}

function buildQuery(query: Query): string {
  let text = '';
  for (const key in query) {
    if (text.length > 0) text += '&';
    text += `${encodeURIComponent(key)}=${encodeURIComponent(query[key]!)}`;
  }
  return text;
}

// Built once, when the file loads (objects with optional keys).
const QUERIES = makeQueries(22);
let next = 0;

group('parse a query string into an object', () => {
  bench('Object.fromEntries(new URLSearchParams(s))', {
    setup: () => makeQueries(21).map(toText),
    run: (texts) => Object.fromEntries(new URLSearchParams(texts[(next = (next + 1) & 63)]!)),
  }, { baseline: true });

  bench('split + decodeURIComponent', {
    setup: () => makeQueries(21).map(toText),
    run: (texts) => parseQuery(texts[(next = (next + 1) & 63)]!),
  });
});

group('build a query string from an object', () => {
  bench('new URLSearchParams(obj).toString()', () => new URLSearchParams(QUERIES[(next = (next + 1) & 63)]!).toString(), { baseline: true });
  bench('encodeURIComponent + template', () => buildQuery(QUERIES[(next = (next + 1) & 63)]!));
});
