// Taking URLs apart: the WHATWG URL parser against a regex and an indexOf scanner for host and path,
// and reading one search parameter, over 64 seeded absolute URLs (ports, queries, fragments).
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

const HOSTS = ['api.example.com', 'cdn.example.net', 'localhost:8080', 'shop.example.org', 'static.example.io:8443'];
const PATHS = ['/v1/users', '/assets/img/logo.png', '/search', '/orders/2024/11', '/'];

function makeUrls(seed: number): string[] {
  const rand = xorshift32(seed);
  return Array.from({ length: 64 }, (_, i) => {
    const host = HOSTS[Math.floor(rand() * HOSTS.length)]!;
    const path = PATHS[Math.floor(rand() * PATHS.length)]!;
    const id = Math.floor(rand() * 1e6);
    const query = i % 4 === 3 ? '' : `?page=${1 + (id % 9)}&id=${id}&lang=${i & 1 ? 'en' : 'pt-BR'}`;
    const hash = i % 5 === 0 ? '#section-2' : '';
    return `${i % 3 === 0 ? 'http' : 'https'}://${host}${path}${query}${hash}`;
  });
}

const PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i;

function hostAndPathByScan(href: string): string {
  const hostStart = href.indexOf('//') + 2;
  let end = hostStart;
  while (end < href.length) {
    const c = href.charCodeAt(end);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
    end++;
  }
  let pathEnd = end;
  while (pathEnd < href.length) {
    const c = href.charCodeAt(pathEnd);
    if (c === 63 || c === 35) break;
    pathEnd++;
  }
  const path = pathEnd === end ? '/' : href.slice(end, pathEnd);
  return href.slice(hostStart, end) + path;
}

let next = 0;

group('host and path of a URL', () => {
  bench('new URL(href)', {
    setup: () => makeUrls(8),
    run: (urls) => {
      const url = new URL(urls[(next = (next + 1) & 63)]!);
      return url.host + url.pathname;
    },
  }, { baseline: true });

  bench('regex', {
    setup: () => makeUrls(8),
    run: (urls) => {
      const match = PARTS.exec(urls[(next = (next + 1) & 63)]!);
      return match === null ? '' : match[2]! + (match[3] || '/');
    },
  });

  bench('indexOf/charCodeAt scan', {
    setup: () => makeUrls(8),
    run: (urls) => hostAndPathByScan(urls[(next = (next + 1) & 63)]!),
  });
});

group('read the "page" parameter', () => {
  bench('new URL(href).searchParams.get', {
    setup: () => makeUrls(9),
    run: (urls) => new URL(urls[(next = (next + 1) & 63)]!).searchParams.get('page'),
  }, { baseline: true });

  bench('URLSearchParams on the query part', {
    setup: () => makeUrls(9),
    run: (urls) => {
      const href = urls[(next = (next + 1) & 63)]!;
      const q = href.indexOf('?');
      if (q === -1) return null;
      const hash = href.indexOf('#', q);
      return new URLSearchParams(hash === -1 ? href.slice(q + 1) : href.slice(q + 1, hash)).get('page');
    },
  });
});
