/**
 * The local server a benchmark page loads from. It sends the headers that make the page
 * cross-origin isolated (COOP `same-origin`, COEP `require-corp`): only then does Chromium's
 * `performance.now()` step by 5 µs rather than 100 µs (measured: Chromium 156, 5.0 µs).
 *
 * Nobody but the page reaches it: every path lies under a random prefix (`/<secret>/`) that only
 * the browser ubench drives is told, the Host header must name the server exactly (no DNS-rebound
 * name), and the deoptimization log answers same-origin requests only. Anything else is a bare 404.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAGE_DEOPT_LOG_PATH } from '../../engine/browser/page-deopt-log.js';
import type { DeoptLogSource } from '../../engine/loop/deopt-log.js';

/** 128 bits: unguessable by a local process probing the port (OWASP's minimum for session ids, 64 bits, doubled). */
const SECRET_BYTES = 16;

const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * Relative addresses: the page finds its bundle and the log under its own prefix. The empty icon
 * keeps the browser from asking for `/favicon.ico`, outside the prefix (a 404 it would log).
 */
const PAGE = '<!doctype html><meta charset="utf-8"><title>ubench</title><link rel="icon" href="data:,"><script type="module" src="bundle.js"></script>';

export interface PageServer {
  /** The page's address (it holds the secret prefix: give it to the browser only). */
  url: string;
  /** The bundle's address, as the page's stack traces name it. */
  bundleUrl: string;
  close(): void;
}

/** The path below the secret prefix, or null when the path does not start with `/<secret>/`. */
function below(secret: Buffer, url: string): string | null {
  const slash = url.indexOf('/', 1);
  if (!url.startsWith('/') || slash === -1) return null;
  const given = Buffer.from(url.slice(1, slash));
  if (given.length !== secret.length || !timingSafeEqual(given, secret)) return null;
  return url.slice(slash + 1);
}

/** True unless the browser says the request came from another site or origin (it says so on every request it sends). */
function sameOrigin(request: http.IncomingMessage, origin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const from = request.headers.origin;
  return from === undefined || from === origin;
}

/** `log`: the browser's V8 deoptimization logs, or null when the page runs without them. */
export async function servePage(bundle: string, log: DeoptLogSource | null = null): Promise<PageServer> {
  const secret = Buffer.from(randomBytes(SECRET_BYTES).toString('base64url'));
  let origin = '';
  const server = http.createServer((request, response) => {
    const path = request.headers.host === origin.slice('http://'.length) ? below(secret, request.url ?? '') : null;
    const method = request.method ?? '';
    const reading = method === 'GET' || method === 'HEAD';
    if (path === PAGE_DEOPT_LOG_PATH && log !== null && (reading || method === 'POST') && sameOrigin(request, origin)) {
      let text = '';
      if (method === 'POST') log.mark();
      else text = log.readNew();
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...ISOLATION_HEADERS });
      response.end(text);
    } else if ((path === '' || path === 'index.html') && reading) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...ISOLATION_HEADERS });
      response.end(PAGE);
    } else if (path === 'bundle.js' && reading) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...ISOLATION_HEADERS });
      response.end(bundle);
    } else {
      response.writeHead(404, { 'content-length': '0' });
      response.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const base = `${origin}/${secret.toString()}/`;
  return {
    url: base,
    bundleUrl: `${base}bundle.js`,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}
