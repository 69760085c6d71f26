/**
 * The local server a benchmark page loads from. It sends the headers that make the page
 * cross-origin isolated (COOP `same-origin`, COEP `require-corp`): only then does Chromium's
 * `performance.now()` step by 5 µs rather than 100 µs (measured: Chromium 156, 5.0 µs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAGE_DEOPT_LOG_PATH } from '../../engine/browser/page-deopt-log.js';
import type { DeoptLogSource } from '../../engine/loop/deopt-log.js';

const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const PAGE = '<!doctype html><meta charset="utf-8"><title>ubench</title><script type="module" src="/bundle.js"></script>';

export interface PageServer {
  /** The page's address. */
  url: string;
  /** The bundle's address, as the page's stack traces name it. */
  bundleUrl: string;
  close(): void;
}

/** `log`: the browser's V8 deoptimization logs, or null when the page runs without them. */
export async function servePage(bundle: string, log: DeoptLogSource | null = null): Promise<PageServer> {
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === PAGE_DEOPT_LOG_PATH && log !== null) {
      let text = '';
      if (request.method === 'POST') log.mark();
      else text = log.readNew();
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...ISOLATION_HEADERS });
      response.end(text);
    } else if (url === '/' || url === '/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...ISOLATION_HEADERS });
      response.end(PAGE);
    } else if (url === '/bundle.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...ISOLATION_HEADERS });
      response.end(bundle);
    } else if (url === '/favicon.ico') {
      response.writeHead(204, ISOLATION_HEADERS);
      response.end();
    } else {
      response.writeHead(404, ISOLATION_HEADERS);
      response.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/`, bundleUrl: `${origin}/bundle.js`, close: () => server.close() };
}
